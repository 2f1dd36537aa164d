"""The hub: the rooms this server process has loaded, each loaded when asked for and let go
of once idle, so memory stays flat however many games are finished.

With Redis, each room is owned by one process (``pubsub.py``): the hub loads only the
rooms it owns, and serves connections to the others through their owners (``remote.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from parlour.games import game_ids, get_game

from ..cluster.bus import make_bus
from ..cluster.sharing import Gateway, Here, Joined, Sharing
from ..config import UNLIMITED, Settings
from ..errors import RateLimited, RoomError, StoreConflict
from ..storage.changes import NewRoom, Store, StoredRoom
from .codes import new_code, new_token, route, token_hash
from .limits import Buckets
from .lobby import Seat, check_options
from .room import Room, Status

T = TypeVar("T")

SWEEP_SECONDS = 0.25
"""How often idle rooms are let go of; a room idle at two sweeps in a row is unloaded.
Soon, because a finished room kept waiting is scanned by every young garbage collection
meanwhile (docs/performance.md, the eighth round); a connection that comes back later
finds it loaded again from the database."""


class Hub:
    """All rooms of this server process, and the bus that shares them with other processes."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bus = make_bus(settings.redis_url)
        self.sharing = Sharing(self.bus, self.owned)
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.sweeper: asyncio.Task[None] | None = None
        self.releasing: set[asyncio.Task[None]] = set()
        self.lookups = Buckets(settings.lookups_per_second, settings.lookup_burst)
        self.misses = Buckets(settings.misses_per_minute / 60, settings.miss_burst)
        self.attached = 0
        self.relayed = 0
        """Connections that asked for a room so far, and those of them served through another
        process that owns the room (``GET /api/server``)."""

    async def start(self) -> None:
        """Bring the schema up to date and resume every game being played whose bots or
        timers have something to do; every other room is loaded when someone asks for it.
        A worker behind a front resumes only the rooms routed to it (their connections
        come to it)."""
        await self.store.start()
        await self.bus.start(self.sharing.on_message)
        self.sharing.start()
        workers = self.settings.workers
        for code in await self.store.codes_with_status(Status.PLAYING):
            if route(code, workers) != self.settings.worker:
                continue
            room = await self.owned(code)
            if room is not None and room.idle:  # waiting for people: they load it
                self._unload(room)
        self.sweeper = asyncio.create_task(self._sweep(), name="parlour-sweeper")

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        await self.sharing.stop()
        await self.bus.stop()
        # Cancel every driver first, then wait for them all: no room waits for another.
        for room in self.rooms.values():
            room.driver.cancel()
        for room in self.rooms.values():
            await room.driver.stopped()
        await self.store.close()

    async def attach(self, code: str) -> Joined | None:
        """Room ``code`` for a connection: here if this process owns it (or does now), else
        through its owner; ``None`` if there is no such room."""
        self.attached += 1
        room = self.rooms.get(code)
        if room is not None:
            return Here(room)
        owner = await self.bus.claim(code)
        if owner != self.bus.me:
            self.relayed += 1
            return Gateway(self.sharing, code, owner)
        room = await self.owned(code)
        return None if room is None else Here(room)

    async def owned(self, code: str) -> Room | None:
        """Room ``code`` if this process owns it (loading it if need be), else ``None``."""
        if code in self.rooms:
            return self.rooms[code]
        if await self.bus.claim(code) != self.bus.me:
            return None
        room = await self._get(code)
        if room is None:
            await self.bus.release(code)
        return room

    async def read(self, code: str) -> Room | None:
        """Room ``code`` to read (its summary, a finished game's record): the one loaded
        here, else a copy read from the database that is neither run nor kept."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        stored = await self.store.load(code)
        return None if stored is None else Room(stored, self.store, self.settings)

    async def _get(self, code: str) -> Room | None:
        """The room ``code``, loaded if it is not yet; ``None`` if there is none."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        loading = self.loading.get(code)
        if loading is None:
            loading = self.loading[code] = asyncio.ensure_future(self._load(code))
            loading.add_done_callback(lambda _: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def _load(self, code: str) -> Room | None:
        stored = await self.store.load(code)
        if stored is None:
            return None
        return self._keep(Room(stored, self.store, self.settings))

    def _keep(self, room: Room) -> Room:
        self.rooms[room.code] = room
        room.run()
        return room

    async def find(self, address: str, look: Callable[[], Awaitable[T | None]]) -> T | None:
        """What ``look()`` finds of a room by its code, looked up by ``address``; or
        ``RateLimited``.

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
        found = await look()
        if found is not None:
            misses.give_back()
        return found

    async def create(self, game_id: str, creator: str,
                     options: dict[str, Any] | None = None) -> tuple[Room, str]:
        """A new room in the lobby with the game's ``options`` (checked as ``configure``
        checks them), stored; returns it with the host's secret token."""
        if game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
        game = get_game(game_id)
        options = dict(options or {})
        if options:  # a game's defaults need no checking
            check_options(game, game.min_players, options)
        limit = self.settings.rooms_per_address
        if limit < UNLIMITED and not await self.store.take(f"rooms:{creator}",
                                                           rate=limit / 3600, burst=limit):
            raise RateLimited(
                f"this address has created its {limit} rooms for now (at most {limit} an"
                f" hour); please wait {3600 // limit} seconds or so")
        token = new_token()
        while True:
            stored = StoredRoom(
                code=new_code(self.settings.worker, self.settings.workers),
                created_at=time.time(), creator=creator,
                host_hash=token_hash(token), game=game_id, options=options,
                seats=[Seat().to_json() for _ in range(game.min_players)], timer=0,
                status=Status.LOBBY, seed=None, result=None, actions=[],
            )
            if stored.code in self.rooms:
                continue
            try:
                await self.store.write(NewRoom(stored))
            except StoreConflict:
                continue  # the code is taken: draw another
            await self.bus.claim(stored.code)  # a new code: nobody else owns it
            return self._keep(Room(stored, self.store, self.settings)), token

    # -- letting go of idle rooms ---------------------------------------------------------------
    async def _sweep(self) -> None:
        seen_idle: set[str] = set()
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            idle = {code for code, room in self.rooms.items() if room.idle}
            for code in idle & seen_idle:
                self._unload(self.rooms[code])
            seen_idle = idle - seen_idle

    def _unload(self, room: Room) -> None:
        del self.rooms[room.code]
        room.driver.stop()
        task = asyncio.create_task(self.bus.release(room.code))
        self.releasing.add(task)
        task.add_done_callback(self.releasing.discard)
