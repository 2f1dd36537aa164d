"""Storage: rooms and their append-only action records.

The schema is owned by the Alembic migrations in ``migrations/`` (``metadata`` below
describes it); :meth:`Store.start` brings any database up to date, so an upgrade never
loses a stored game. The hot path does not go through SQLAlchemy: every change of a
room is a :data:`Change` handed to the store's one writer (``writer.py``), which stores
all the changes waiting at that moment in one transaction, with one sync to disk.

Each change of a room is a compare-and-set on the room's ``version`` (the number of
changes stored so far): a change made on a stale copy of a room (another process
changed it meanwhile) is refused with ``StoreConflict`` and stores nothing.

The drivers live in ``sqlite_store.py`` and ``postgres_store.py``; ``stores.store_for``
picks one for a database URL.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("code", String(12), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("creator", String(64), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("timer", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("seed", BigInteger, nullable=True),
    Column("result", Text, nullable=True),
    Column("version", Integer, nullable=False, server_default="0"),
    # The per-address count of rooms made in the last hour reads a range of this index.
    Index("ix_rooms_creator_created_at", "creator", "created_at"),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(12), nullable=False),
    Column("idx", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("bot", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
    # Its index also serves reading a room's actions in order.
    UniqueConstraint("room", "idx", name="uq_actions_room_idx"),
)

past_games = Table(
    "past_games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(12), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("record", Text, nullable=False),
    Column("result", Text, nullable=True),
    Column("names", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("room", "number", name="uq_past_games_room_number"),
)

MIGRATIONS = Path(__file__).parent / "migrations"


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


# -- changes --------------------------------------------------------------------------------
@dataclass(frozen=True)
class NewRoom:
    """A room to create; refused (``StoreConflict``) if its code is taken."""

    room: StoredRoom

    @property
    def code(self) -> str:
        return self.room.code


@dataclass(frozen=True)
class SetUp:
    """The lobby (game, options, seats, timer), the status and the seed, as they are now."""

    code: str
    epoch: int
    version: int
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    timer: int
    status: str
    seed: int | None


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


@dataclass(frozen=True)
class NextGame:
    """Keep the room's game as its past game ``number`` and deal the next on ``seed``."""

    code: str
    epoch: int
    version: int
    number: int
    record: dict[str, Any]
    result: dict[str, Any] | None
    names: list[str]
    seed: int


Change = NewRoom | SetUp | Moved | NextGame
"""One change of one room, stored whole or not at all. ``version`` is the room's version
before it (the change stores ``version + 1``); ``epoch`` names the copy of the room that
made it (see ``writer.Chains``)."""


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

    async def rooms_created_since(self, creator: str, since: float, limit: int) -> int:
        """How many rooms ``creator`` made since ``since``, counted up to ``limit``."""


def upgrade(conn: Connection) -> None:
    """Run the migrations up to the newest, on an open SQLAlchemy connection."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")


def stored_room(row: Any, acts: list[Any], past: list[Any], loads: Any) -> StoredRoom:
    """A ``StoredRoom`` from a ``rooms`` row, its actions' (seat, action, bot) rows and its
    past games' (result) rows in order."""
    return StoredRoom(
        code=row[0], created_at=row[1], creator=row[2], host_hash=row[3], game=row[4],
        options=loads(row[5]), seats=loads(row[6]), timer=row[7], status=row[8], seed=row[9],
        result=loads(row[10]) if row[10] else None, version=row[11],
        actions=[{"seat": a[0], "action": loads(a[1]), "bot": bool(a[2])} for a in acts],
        past_winners=[loads(p[0])["winners"] if p[0] else [] for p in past],
    )


def past_game(row: Any, loads: Any) -> dict[str, Any]:
    """A past game from its (number, record, result, names) row."""
    return {"number": row[0], "record": loads(row[1]),
            "result": loads(row[2]) if row[2] else None, "names": loads(row[3])}


ROOM_COLUMNS = ("code, created_at, creator, host_hash, game, options, seats, timer, status,"
                " seed, result, version")
