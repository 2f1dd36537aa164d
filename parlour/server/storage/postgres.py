"""PostgreSQL through asyncpg: one writing connection with group commit, a small pool to read.

A transaction holds every change waiting when the writer is free; PostgreSQL syncs its
log at the commit (``synchronous_commit`` on, its default), so a change is on disk
before anyone hears of it. The statements are those of ``statements.py``, except a
move's: the compare-and-set on the room's version and the action's insert in one
statement, so a move costs one round trip.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy.ext.asyncio import create_async_engine

from ..errors import StoreUnavailable
from .changes import Change, Moved, StoredRoom
from .schema import upgrade
from .statements import (
    ACTIONS,
    BUSY,
    PAST,
    PAST_RESULTS,
    ROOM,
    TAKE,
    Steps,
    numbered,
    past_game,
    steps,
    stored_room,
    take_args,
)
from .versions import Chains, Outcome, failed, outcome, unstored
from .writer import Writer

MOVED = (
    "WITH r AS (UPDATE rooms SET updated_at=$3, version=$2 + 1 WHERE code=$1 AND version=$2"
    " RETURNING code) INSERT INTO actions (room, idx, seat, action, bot, created_at, key)"
    " SELECT code, $4, $5, $6, $7, $3, $8 FROM r"
)
ENDED = (
    "WITH r AS (UPDATE rooms SET updated_at=$3, version=$2 + 1, status='over', result=$9"
    " WHERE code=$1 AND version=$2 RETURNING code)"
    " INSERT INTO actions (room, idx, seat, action, bot, created_at, key)"
    " SELECT code, $4, $5, $6, $7, $3, $8 FROM r"
)
"""A move in one statement (one round trip): the room's version, then its action."""


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
                    done = await self._one(self.chains, change, now)
            except asyncpg.PostgresError as exc:
                done = failed(self.chains, change, exc,
                              taken=isinstance(exc, asyncpg.UniqueViolationError))
            outcomes.append(done)
        return outcomes

    async def _one(self, chains: Chains, change: Change, now: float) -> Outcome:
        """Store one change inside the open transaction (or refuse it, storing nothing)."""
        refused = unstored(chains, change)
        if refused is not None:
            return refused
        plan = _steps(change, now)
        execute = self.conn.execute
        rows = _rows(await execute(numbered(plan.guard[0]), *plan.guard[1]))
        if rows == 1:
            for sql, args in plan.then:
                await execute(numbered(sql), *args)
        return outcome(chains, change, rows)

    # -- reading ------------------------------------------------------------------------------
    async def load(self, code: str) -> StoredRoom | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(numbered(ROOM), code)
            if row is None:
                return None
            acts = await conn.fetch(numbered(ACTIONS), code)
            past = await conn.fetch(numbered(PAST_RESULTS), code)
        return stored_room(row, acts, past)

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        row = await self.pool.fetchrow(numbered(PAST), code, number)
        return past_game(row) if row is not None else None

    async def codes_with_status(self, *statuses: str) -> list[str]:
        rows = await self.pool.fetch("SELECT code FROM rooms WHERE status = ANY($1::text[])",
                                     list(statuses))
        return [r[0] for r in rows]

    async def take(self, key: str, *, rate: float, burst: int) -> bool:
        try:
            taken = await self.pool.fetchval(numbered(TAKE),
                                              *take_args(key, rate, burst, time.time()))
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
            raise StoreUnavailable(BUSY) from None
        return taken is not None


def _steps(change: Change, now: float) -> Steps:
    """The statements that store ``change``: a move in one (:data:`MOVED`)."""
    if not isinstance(change, Moved):
        return steps(change, now)
    args = (change.code, change.version, now, change.idx, change.seat,
            json.dumps(change.action), change.bot, change.key)
    if change.result is None:
        return Steps((MOVED, args))
    return Steps((ENDED, (*args, json.dumps(change.result))))


def _rows(status: str) -> int:
    """The rows a statement changed, from its status (``UPDATE 1``, ``INSERT 0 1``).

    >>> _rows("UPDATE 1"), _rows("INSERT 0 0")
    (1, 0)
    """
    return int(status.rsplit(" ", 1)[1])
