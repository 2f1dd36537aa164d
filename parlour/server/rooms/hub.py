"""The hub: the rooms this server process has loaded, each loaded when asked for and let go
of once idle, so memory stays flat however many games are finished.

Each room is owned by one process, which alone loads it and carries out its changes
(:class:`Owners`). A process alone owns them all; processes sharing rooms through Redis
(``cluster.sharing``) own some each, and serve connections to the others through
their owners.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from parlour.games import game_ids, get_game

from ..config import UNLIMITED, Settings
from ..errors import RateLimited, RoomError, StoreConflict
from ..storage.changes import NewRoom, Store, StoredRoom
from .codes import new_code, new_token, token_hash
from .limits import Buckets
from .lobby import Seat, check_options
from .room import Room
from .status import Status

T = TypeVar("T")

Owned = Callable[[str], Awaitable[Room | None]]
"""Room ``code`` if this process owns it (loading it if need be), else ``None``."""

SWEEP_SECONDS = 0.25
"""How often idle rooms are let go of; a room idle at two sweeps in a row is unloaded.
Soon, because a finished room kept waiting is scanned by every young garbage collection
meanwhile (docs/performance.md, the eighth round); a connection that comes back later
finds it loaded again from the database."""


class Owners(Protocol):
    """Which process owns each room (``cluster.sharing.Sharing`` asks Redis)."""

    @property
    def me(self) -> str:
        """This process's name."""

    async def start(self, owned: Owned) -> None:
        """Begin: rooms owned here are found with ``owned`` (for other processes)."""

    async def stop(self) -> None: ...

    async def claim(self, code: str) -> str:
        """The owner of room ``code``: this process if nobody alive owned it (now it does)."""

    async def release(self, code: str) -> None:
        """Stop owning room ``code`` (it was let go of)."""

    async def adopt(self, code: str) -> bool:
        """Whether this process keeps room ``code``, which it has just opened: a process
        alone does; processes sharing rooms leave it to the one its connections reach."""


class Alone:
    """A process alone: it owns every room."""

    me = "local"

    async def start(self, owned: Owned) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def claim(self, code: str) -> str:
        return self.me

    async def release(self, code: str) -> None:
        return None

    async def adopt(self, code: str) -> bool:
        return True


class Hub:
    """All rooms of this server process."""

    def __init__(self, store: Store, settings: Settings, owners: Owners | None = None) -> None:
        self.store = store
        self.settings = settings
        self.owners: Owners = owners or Alone()
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.sweeper: asyncio.Task[None] | None = None
        self.releasing: set[asyncio.Task[None]] = set()
        self.lookups = Buckets(settings.lookups_per_second, settings.lookup_burst)
        self.misses = Buckets(settings.misses_per_minute / 60, settings.miss_burst)

    async def start(self) -> None:
        """Bring the schema up to date and resume every game being played whose bots or
        timers have something to do (of those no other process owns); every other room
        is loaded when someone asks for it."""
        await self.store.start()
        await self.owners.start(self.owned)
        for code in await self.store.codes_with_status(Status.PLAYING):
            room = await self.owned(code)
            if room is not None and room.idle:  # waiting for people: they load it
                self._unload(room)
        self.sweeper = asyncio.create_task(self._sweep(), name="parlour-sweeper")

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        await self.owners.stop()
        # Cancel every driver first, then wait for them all: no room waits for another.
        for room in self.rooms.values():
            room.driver.cancel()
        for room in self.rooms.values():
            await room.driver.stopped()
        await self.store.close()

    async def owned(self, code: str) -> Room | None:
        """Room ``code`` if this process owns it (loading it if need be), else ``None``."""
        if code in self.rooms:
            return self.rooms[code]
        if await self.owners.claim(code) != self.owners.me:
            return None
        room = await self._get(code)
        if room is None:
            await self.owners.release(code)
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
                code=new_code(),
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
            room = Room(stored, self.store, self.settings)
            if not await self.owners.adopt(stored.code):
                return room, token  # stored, neither run nor kept here
            return self._keep(room), token

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
        task = asyncio.create_task(self.owners.release(room.code))
        self.releasing.add(task)
        task.add_done_callback(self.releasing.discard)
