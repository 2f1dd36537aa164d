"""PostgreSQL through asyncpg: one writing connection with group commit, a small pool to read.

A transaction holds every change waiting when the writer is free; PostgreSQL syncs its
log at the commit (``synchronous_commit`` on, its default), so a change is on disk
before anyone hears of it. Each change is one statement: the compare-and-set on the
room's version, with the action's insert in the same statement.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy.ext.asyncio import create_async_engine

from .db import (
    ROOM_COLUMNS,
    Change,
    Moved,
    NewRoom,
    NextGame,
    SetUp,
    StoredRoom,
    past_game,
    seed_text,
    stored_room,
    upgrade,
)
from .writer import Chains, Outcome, Writer, chain_of, conflict

NEW_ROOM = (
    "INSERT INTO rooms (code, created_at, updated_at, creator, host_hash, game, options,"
    " seats, timer, status, seed, result, version)"
    " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,NULL,0)"
    " ON CONFLICT (code) DO NOTHING RETURNING 1"
)
SET_UP = (
    "UPDATE rooms SET game=$1, options=$2, seats=$3, timer=$4, status=$5, seed=$6,"
    " updated_at=$7, version=$8 + 1 WHERE code=$9 AND version=$8 RETURNING 1"
)
MOVED = (
    "WITH r AS (UPDATE rooms SET updated_at=$3, version=$2 + 1 WHERE code=$1 AND version=$2"
    " RETURNING code) INSERT INTO actions (room, idx, seat, action, bot, created_at, key)"
    " SELECT code, $4, $5, $6, $7, $3, $8 FROM r RETURNING 1"
)
ENDED = (
    "WITH r AS (UPDATE rooms SET updated_at=$3, version=$2 + 1, status='over', result=$9"
    " WHERE code=$1 AND version=$2 RETURNING code)"
    " INSERT INTO actions (room, idx, seat, action, bot, created_at, key)"
    " SELECT code, $4, $5, $6, $7, $3, $8 FROM r RETURNING 1"
)

NEXT_GAME = (
    "UPDATE rooms SET status='playing', seed=$1, result=NULL, updated_at=$2, version=$3 + 1"
    " WHERE code=$4 AND version=$3 RETURNING 1"
)
PAST_GAME = (
    "INSERT INTO past_games (room, number, record, result, names, created_at)"
    " VALUES ($1,$2,$3,$4,$5,$6)"
)


def asyncpg_dsn(url: str) -> str:
    """asyncpg's address from an SQLAlchemy URL.

    >>> asyncpg_dsn("postgresql+asyncpg://parlour@127.0.0.1:5432/postgres")
    'postgresql://parlour@127.0.0.1:5432/postgres'
    """
    return "postgresql://" + url.split("://", 1)[1]


class PostgresStore:
    """Rooms in PostgreSQL (see the module's docstring)."""

    def __init__(self, url: str, sync: str = "full") -> None:
        self.url = url
        # "normal": a commit returns once in PostgreSQL's memory, not once on its disk.
        self.settings = {"synchronous_commit": "on" if sync == "full" else "off"}
        self.dsn = asyncpg_dsn(url)
        self.conn: Any = None
        self.pool: Any = None
        self.chains = Chains()
        self.writer = Writer(self._commit, "parlour-postgres-writer")

    async def start(self) -> None:
        engine = create_async_engine(self.url)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(upgrade)
        finally:
            await engine.dispose()
        self.conn = await asyncpg.connect(self.dsn, server_settings=self.settings)
        self.pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=4,
                                              server_settings=self.settings)
        self.writer.start()

    async def close(self) -> None:
        await self.writer.close()
        if self.pool is not None:
            await self.pool.close()
        if self.conn is not None:
            await self.conn.close()

    # -- writing ------------------------------------------------------------------------------
    def write(self, change: Change) -> asyncio.Future[None]:
        return self.writer.submit(change)

    async def _commit(self, changes: list[Change]) -> list[Outcome]:
        if self.conn is None or self.conn.is_closed():
            # The server restarted (or dropped us): open the writer's connection again; if
            # it is still down, this batch fails and is refused, and the next one tries.
            self.conn = await asyncpg.connect(self.dsn, server_settings=self.settings)
        chains = self.chains.copy()
        now = time.time()
        try:
            async with self.conn.transaction():
                outcomes = [await self._one(chains, change, now) for change in changes]
        except asyncpg.PostgresError:
            return await self._one_by_one(changes, now)
        self.chains = chains
        return outcomes

    async def _one_by_one(self, changes: list[Change], now: float) -> list[Outcome]:
        """A batch failed as a whole: store each change in a transaction of its own."""
        outcomes: list[Outcome] = []
        for change in changes:
            try:
                async with self.conn.transaction():
                    outcome = await self._one(self.chains, change, now)
            except asyncpg.UniqueViolationError:
                outcome = conflict(change)
                self.chains.refused(chain_of(change))
            except asyncpg.PostgresError as exc:
                outcome = exc
                self.chains.refused(chain_of(change))
            outcomes.append(outcome)
        return outcomes

    async def _one(self, chains: Chains, change: Change, now: float) -> Outcome:
        chain = chain_of(change)
        if chains.broken(chain):
            return conflict(change)
        fetch = self.conn.fetchval
        if isinstance(change, NewRoom):
            r = change.room
            done = await fetch(NEW_ROOM, r.code, r.created_at, now, r.creator, r.host_hash,
                               r.game, json.dumps(r.options), json.dumps(r.seats), r.timer,
                               r.status, seed_text(r.seed))
        elif isinstance(change, SetUp):
            done = await fetch(SET_UP, change.game, json.dumps(change.options),
                               json.dumps(change.seats), change.timer, change.status,
                               seed_text(change.seed), now, change.version, change.code)
        elif isinstance(change, NextGame):
            done = await self._next_game(change, now)
        else:
            done = await self._moved(change, now)
        if done != 1:
            chains.refused(chain)
            return conflict(change)
        return None

    async def _moved(self, change: Moved, now: float) -> Any:
        args = (change.code, change.version, now, change.idx, change.seat,
                json.dumps(change.action), change.bot, change.key)
        if change.result is None:
            return await self.conn.fetchval(MOVED, *args)
        return await self.conn.fetchval(ENDED, *args, json.dumps(change.result))

    async def _next_game(self, change: NextGame, now: float) -> Any:
        conn = self.conn
        done = await conn.fetchval(NEXT_GAME, seed_text(change.seed), now, change.version,
                                   change.code)
        if done == 1:
            await conn.execute(PAST_GAME, change.code, change.number, json.dumps(change.record),
                               json.dumps(change.result) if change.result else None,
                               json.dumps(change.names), now)
            await conn.execute("DELETE FROM actions WHERE room=$1", change.code)
        return done

    # -- reading ------------------------------------------------------------------------------
    async def load(self, code: str) -> StoredRoom | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE code=$1", code)
            if row is None:
                return None
            acts = await conn.fetch(
                "SELECT seat, action, bot, key FROM actions WHERE room=$1 ORDER BY idx", code)
            past = await conn.fetch(
                "SELECT result FROM past_games WHERE room=$1 ORDER BY number", code)
        return stored_room(row, acts, past, json.loads)

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        row = await self.pool.fetchrow(
            "SELECT number, record, result, names FROM past_games WHERE room=$1 AND number=$2",
            code, number)
        return past_game(row, json.loads) if row is not None else None

    async def codes_with_status(self, *statuses: str) -> list[str]:
        rows = await self.pool.fetch("SELECT code FROM rooms WHERE status = ANY($1::text[])",
                                     list(statuses))
        return [r[0] for r in rows]

