"""The hub: every room of this server process, loaded from the database as needed."""

from __future__ import annotations

import asyncio
import time

from parlour.games import game_ids, get_game

from .codes import new_code, new_token, token_hash
from .config import Settings
from .db import Store, StoredRoom
from .errors import RateLimited, RoomError
from .lobby import Seat
from .pubsub import make_bus
from .room import Room, Status


class Hub:
    """All rooms of this server process, and the bus that shares them with other processes."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bus = make_bus(settings.redis_url)
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()

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

    async def create(self, game_id: str, creator: str) -> tuple[Room, str]:
        """A new room in the lobby; returns it with the host's secret token."""
        if game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
        since = time.time() - 3600
        made = await self.store.rooms_created_since(creator, since)
        if made >= self.settings.rooms_per_address:
            raise RateLimited(
                f"this address has created {made} rooms in the last hour"
                f" (the limit is {self.settings.rooms_per_address}); please wait a while"
            )
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
