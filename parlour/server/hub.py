"""The hub: every room of this server process, loaded from the database as needed."""

from __future__ import annotations

import asyncio
import time

from parlour.games import game_ids, get_game

from .codes import new_code, new_token, token_hash
from .config import Settings
from .db import Store, StoredRoom
from .errors import RateLimited, RoomError
from .limits import Buckets
from .lobby import Seat
from .pubsub import make_bus
from .quota import Quota
from .room import Room, Status


class Hub:
    """All rooms of this server process, and the bus that shares them with other processes."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bus = make_bus(settings.redis_url)
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()
        self.quota = Quota(store.url)
        self.lookups = Buckets(settings.lookups_per_second, settings.lookup_burst)
        self.misses = Buckets(settings.misses_per_minute / 60, settings.miss_burst)

    async def start(self) -> None:
        """Bring the schema up to date and resume every room that was being played."""
        await self.store.migrate()
        for code in await self.store.codes_with_status(Status.LOBBY, Status.PLAYING):
            await self.get(code)
        await self.bus.start(self.changed_elsewhere)

    async def changed_elsewhere(self, code: str) -> None:
        """Another process changed a room: if it is loaded here, reload it and tell our clients."""
        room = self.rooms.get(code)
        if room is not None:
            await room.change(room.reload, publish=False)

    async def stop(self) -> None:
        await self.bus.stop()
        # Cancel every driver first, then wait for them all: no room waits for another.
        for room in self.rooms.values():
            room.driver.cancel()
        for room in self.rooms.values():
            await room.driver.stopped()
        await self.quota.close()
        await self.store.close()

    async def get(self, code: str) -> Room | None:
        """The room ``code``, loaded if it is not yet; ``None`` if there is none."""
        async with self.loading:
            room = self.rooms.get(code)
            if room is None:
                stored = await self.store.load(code)
                if stored is None:
                    return None
                room = Room(stored, self.store, self.settings, self.bus)
                room.run()
                self.rooms[code] = room
            return room

    async def find(self, code: str, address: str) -> Room | None:
        """The room ``code`` as looked up by ``address``, or ``RateLimited``.

        Every look-up takes a token of the address's look-ups; one that names no room also
        takes one of its misses. A miss token is taken before looking (and given back on
        a hit): once they are spent, every look-up is refused alike, so the answers say
        nothing about which codes exist.
        """
        if not self.lookups.take(address):
            raise RateLimited("too many look-ups of rooms from this address: please slow down")
        misses = self.misses.bucket(address)
        if not misses.take():
            raise RateLimited("too many codes that name no room from this address:"
                              " please check the code and try again in a minute")
        room = await self.get(code)
        if room is not None:
            misses.give_back()
        return room

    async def create(self, game_id: str, creator: str) -> tuple[Room, str]:
        """A new room in the lobby; returns it with the host's secret token."""
        if game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
        limit = self.settings.rooms_per_address
        if not await self.quota.take(f"rooms:{creator}", rate=limit / 3600, burst=limit):
            raise RateLimited(
                f"this address has created its {limit} rooms for now (at most {limit} an"
                f" hour); please wait {3600 // limit} seconds or so")
        game = get_game(game_id)
        code = new_code()
        while code in self.rooms or await self.store.code_taken(code):
            code = new_code()
        token = new_token()
        stored = StoredRoom(
            code=code, created_at=time.time(), creator=creator, host_hash=token_hash(token),
            game=game_id, options={}, seats=[Seat().to_json() for _ in range(game.min_players)],
            timer=0, status=Status.LOBBY, seed=None, result=None, actions=[],
        )
        await self.store.create_room(stored)
        room = Room(stored, self.store, self.settings, self.bus)
        async with self.loading:
            self.rooms[code] = room
            room.run()
        return room, token
