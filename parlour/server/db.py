"""Storage: rooms and their append-only action records, through SQLAlchemy (async).

The schema is owned by the Alembic migrations in ``migrations/``; :func:`migrate`
brings any database up to date on start, so an upgrade never loses a stored game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Dialect,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    UniqueConstraint,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

metadata = MetaData()


class Seed(TypeDecorator[int]):
    """A game's 128-bit seed, stored as its decimal digits: exact in any database."""

    impl = String(40)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> int | None:
        return None if value is None else int(value)


rooms = Table(
    "rooms",
    metadata,
    Column("code", String(12), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("creator", String(64), nullable=False, index=True),
    Column("host_hash", String(64), nullable=False),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("timer", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("seed", Seed, nullable=True),
    Column("result", Text, nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(12), nullable=False, index=True),
    Column("idx", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("bot", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
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

quotas = Table(
    "quotas",
    metadata,
    Column("key", String(80), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("at", Float, nullable=False),
)
"""One token bucket per key (``quota.Quota``): the tokens left at time ``at``."""

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
    past_winners: list[list[int]] = field(default_factory=list)
    """The winners of each game the room finished before this one (ended games: none)."""


def _alembic_config(conn: Connection) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


def _upgrade(conn: Connection) -> None:
    command.upgrade(_alembic_config(conn), "head")


class Store:
    """The database behind a server: every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        # pool_pre_ping: after the database restarted, a pooled connection is tried before
        # it is used, so one blip costs one refused request, not one per dead connection.
        self.engine: AsyncEngine = create_async_engine(url, pool_pre_ping=True)

    async def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        async with self.engine.begin() as conn:
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        await self.engine.dispose()

    async def create_room(self, room: StoredRoom) -> None:
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(rooms).values(
                    code=room.code, created_at=now, updated_at=now, creator=room.creator,
                    host_hash=room.host_hash, game=room.game, options=json.dumps(room.options),
                    seats=json.dumps(room.seats), timer=room.timer, status=room.status,
                    seed=room.seed, result=None,
                )
            )

    async def code_taken(self, code: str) -> bool:
        async with self.engine.connect() as conn:
            found = await conn.execute(select(rooms.c.code).where(rooms.c.code == code))
            return found.first() is not None

    async def save_setup(self, code: str, *, game: str, options: dict[str, Any],
                         seats: list[dict[str, Any]], timer: int, status: str,
                         seed: int | None) -> None:
        """Store the lobby (game, options, seats, timer) and the status."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(rooms).where(rooms.c.code == code).values(
                    game=game, options=json.dumps(options), seats=json.dumps(seats),
                    timer=timer, status=status, seed=seed, updated_at=time.time(),
                )
            )

    async def append_action(self, code: str, idx: int, seat: int, action: dict[str, Any],
                            bot: bool, result: dict[str, Any] | None) -> None:
        """Append one action (and, if it ended the game, the result) in one transaction."""
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(actions).values(room=code, idx=idx, seat=seat, action=json.dumps(action),
                                       bot=bot, created_at=now)
            )
            values: dict[str, Any] = {"updated_at": now}
            if result is not None:
                values.update(status="over", result=json.dumps(result))
            await conn.execute(update(rooms).where(rooms.c.code == code).values(**values))

    async def next_game(self, code: str, number: int, record: dict[str, Any],
                        result: dict[str, Any] | None, names: list[str], seed: int) -> None:
        """Keep the room's game as its past game ``number`` and deal the next on ``seed``,
        in one transaction."""
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(past_games).values(
                    room=code, number=number, record=json.dumps(record),
                    result=json.dumps(result) if result else None, names=json.dumps(names),
                    created_at=now,
                )
            )
            await conn.execute(delete(actions).where(actions.c.room == code))
            await conn.execute(update(rooms).where(rooms.c.code == code).values(
                status="playing", seed=seed, result=None, updated_at=now))

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        """A game the room finished before (``record``, ``result``, ``names``), if any."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(past_games).where(
                past_games.c.room == code, past_games.c.number == number))).first()
        if row is None:
            return None
        return {"number": row.number, "record": json.loads(row.record),
                "result": json.loads(row.result) if row.result else None,
                "names": json.loads(row.names)}

    async def load(self, code: str) -> StoredRoom | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(rooms).where(rooms.c.code == code))).first()
            if row is None:
                return None
            acts = await conn.execute(
                select(actions.c.seat, actions.c.action, actions.c.bot)
                .where(actions.c.room == code).order_by(actions.c.idx)
            )
            past = await conn.execute(
                select(past_games.c.result).where(past_games.c.room == code)
                .order_by(past_games.c.number)
            )
            return StoredRoom(
                code=row.code, created_at=row.created_at, creator=row.creator,
                host_hash=row.host_hash, game=row.game, options=json.loads(row.options),
                seats=json.loads(row.seats), timer=row.timer, status=row.status, seed=row.seed,
                result=json.loads(row.result) if row.result else None,
                actions=[{"seat": a.seat, "action": json.loads(a.action), "bot": bool(a.bot)}
                         for a in acts],
                past_winners=[json.loads(p.result)["winners"] if p.result else []
                              for p in past],
            )

    async def codes_with_status(self, *statuses: str) -> list[str]:
        async with self.engine.connect() as conn:
            found = await conn.execute(select(rooms.c.code).where(rooms.c.status.in_(statuses)))
            return [r.code for r in found]
