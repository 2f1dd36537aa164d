"""What is stored: a room as it is kept, the changes a room hands to its store, and the
``Store`` every database driver is.

Each change of a room is a compare-and-set on the room's ``version`` (the number of
changes stored so far): a change made on a stale copy of a room (another process
changed it meanwhile) is refused with ``StoreConflict`` and stores nothing
(``versions.py``). The drivers live in ``sqlite.py`` and ``postgres.py``;
``stores.store_for`` picks one for a database URL.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class StoredRoom:
    """A room as it is kept: its set-up and every action taken so far."""

    code: str
    created_at: float
    creator: str
    host_hash: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    timer: int
    status: str
    seed: int | None
    result: dict[str, Any] | None
    actions: list[dict[str, Any]]
    version: int = 0
    """How many changes of the room have been stored (its creation is none)."""
    past_winners: list[list[int]] = field(default_factory=list)
    """The winners of each game the room finished before this one (ended games: none)."""
    pace: str = "normal"
    """How long moments hold the room and bots think (``rooms.moments.PACES``)."""


@dataclass(frozen=True)
class NewRoom:
    """A room to create; refused (``StoreConflict``) if its code is taken."""

    room: StoredRoom

    @property
    def code(self) -> str:
        return self.room.code


@dataclass(frozen=True)
class SetUp:
    """The lobby (game, options, seats, timer, pace, who hosts), the status and the seed,
    as they are now."""

    code: str
    epoch: int
    version: int
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    timer: int
    status: str
    seed: int | None
    pace: str = "normal"
    host_hash: str | None = None
    """The host's token hash, if it changed hands (``None`` keeps it)."""


@dataclass(frozen=True)
class Moved:
    """Action number ``idx`` (from 0), and the result if it ended the game."""

    code: str
    epoch: int
    version: int
    idx: int
    seat: int
    action: dict[str, Any]
    bot: bool
    result: dict[str, Any] | None
    key: str | None = None


@dataclass(frozen=True)
class NextGame:
    """Keep the room's game as its past game ``number`` and deal the next on ``seed``; or,
    with no seed, go back to the lobby (``status``) to choose another game."""

    code: str
    epoch: int
    version: int
    number: int
    record: dict[str, Any]
    result: dict[str, Any] | None
    names: list[str]
    seed: int | None
    status: str = "playing"


Change = NewRoom | SetUp | Moved | NextGame
"""One change of one room, stored whole or not at all. ``version`` is the room's version
before it (the change stores ``version + 1``); ``epoch`` names the copy of the room that
made it (see ``versions.Chains``)."""


class Store(Protocol):
    """A database behind one server process."""

    async def start(self) -> None:
        """Create or upgrade the schema to the newest migration, and open the connections."""

    async def close(self) -> None:
        """Store every change handed over so far, then let go of the database."""

    def write(self, change: Change) -> asyncio.Future[None]:
        """Hand over a change; the future is done once it is on disk (group commit), or
        fails with ``StoreConflict`` if the room changed meanwhile (nothing was stored)."""

    async def load(self, code: str) -> StoredRoom | None: ...

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        """A game the room finished before (``number``, ``record``, ``result``, ``names``)."""

    async def codes_with_status(self, *statuses: str) -> list[str]: ...

    async def take(self, key: str, *, rate: float, burst: int) -> bool:
        """Take one token from ``key``'s bucket (``burst`` tokens, refilled at ``rate`` a
        second); ``False`` (and nothing taken) if it is empty. The bucket is kept in the
        database, so a limit holds across server processes; ``StoreUnavailable`` if the
        database does not answer."""
