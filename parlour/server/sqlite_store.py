"""SQLite: one connection in a thread of its own, in WAL mode, with group commit.

Every read and write goes through that one thread, so the server never waits in
SQLite's busy handler for a lock held by another of its own connections. In WAL mode a
commit appends to one file; ``synchronous=FULL`` syncs it before the commit returns, so
a change is on disk (surviving ``kill -9`` and a power cut) before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import create_engine

from .db import (
    ROOM_COLUMNS,
    Change,
    Moved,
    NewRoom,
    NextGame,
    SetUp,
    StoredRoom,
    past_game,
    stored_room,
    upgrade,
)
from .writer import Chains, Outcome, Writer, chain_of, conflict

T = TypeVar("T")

BUSY_TIMEOUT = 5.0
"""Seconds to wait for the write lock held by another process on the same file."""

NEW_ROOM = (
    "INSERT INTO rooms (code, created_at, updated_at, creator, host_hash, game, options,"
    " seats, timer, status, seed, result, version) VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL,0)"
    " ON CONFLICT (code) DO NOTHING"
)
SET_UP = (
    "UPDATE rooms SET game=?, options=?, seats=?, timer=?, status=?, seed=?, updated_at=?,"
    " version=? WHERE code=? AND version=?"
)
MOVED = "UPDATE rooms SET updated_at=?, version=? WHERE code=? AND version=?"
ENDED = ("UPDATE rooms SET updated_at=?, version=?, status='over', result=?"
         " WHERE code=? AND version=?")
ACTION = ("INSERT INTO actions (room, idx, seat, action, bot, created_at)"
          " VALUES (?,?,?,?,?,?)")
NEXT_GAME = ("UPDATE rooms SET status='playing', seed=?, result=NULL, updated_at=?, version=?"
             " WHERE code=? AND version=?")
PAST_GAME = ("INSERT INTO past_games (room, number, record, result, names, created_at)"
             " VALUES (?,?,?,?,?,?)")


def sqlite_path(url: str) -> str:
    """The file of an SQLite URL (``sqlite+aiosqlite:///games.db``, ``sqlite:////tmp/x.db``;
    the driver named in it is not used).

    >>> sqlite_path("sqlite+aiosqlite:///games.db"), sqlite_path("sqlite:////tmp/x.db")
    ('games.db', '/tmp/x.db')
    """
    return url.split(":///", 1)[1]


class SqliteStore:
    """Rooms in an SQLite file (see the module's docstring)."""

    def __init__(self, url: str) -> None:
        self.path = sqlite_path(url)
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-sqlite")
        self.con: sqlite3.Connection | None = None
        self.chains = Chains()
        self.writer = Writer(self._commit, "parlour-sqlite-writer")

    async def _run(self, work: Any, *args: Any) -> T:
        result: T = await asyncio.get_running_loop().run_in_executor(self.thread, work, *args)
        return result

    async def start(self) -> None:
        await self._run(self._open)
        self.writer.start()

    def _open(self) -> None:
        engine = create_engine(f"sqlite:///{self.path}")
        try:
            with engine.begin() as conn:
                upgrade(conn)
        finally:
            engine.dispose()
        con = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                              check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        self.con = con

    async def close(self) -> None:
        await self.writer.close()
        if self.con is not None:
            await self._run(self.con.close)
            self.con = None
        self.thread.shutdown(wait=True)

    # -- writing ------------------------------------------------------------------------------
    def write(self, change: Change) -> asyncio.Future[None]:
        return self.writer.submit(change)

    async def _commit(self, changes: list[Change]) -> list[Outcome]:
        outcomes: list[Outcome] = await self._run(self._commit_in_thread, changes)
        return outcomes

    def _commit_in_thread(self, changes: list[Change]) -> list[Outcome]:
        con = self.con
        assert con is not None
        chains = self.chains.copy()
        now = time.time()
        try:
            con.execute("BEGIN IMMEDIATE")
            outcomes = [self._one(con, chains, change, now) for change in changes]
            con.execute("COMMIT")
        except sqlite3.Error:
            if con.in_transaction:
                con.execute("ROLLBACK")
            return self._one_by_one(con, changes, now)
        self.chains = chains
        return outcomes

    def _one_by_one(self, con: sqlite3.Connection, changes: list[Change],
                    now: float) -> list[Outcome]:
        """A batch failed as a whole: store each change in a transaction of its own."""
        outcomes: list[Outcome] = []
        for change in changes:
            try:
                con.execute("BEGIN IMMEDIATE")
                outcome = self._one(con, self.chains, change, now)
                con.execute("COMMIT")
            except sqlite3.IntegrityError:
                con.execute("ROLLBACK")
                outcome = conflict(change)
                self.chains.refused(chain_of(change))
            except sqlite3.Error as exc:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                outcome = exc
                self.chains.refused(chain_of(change))
            outcomes.append(outcome)
        return outcomes

    @staticmethod
    def _one(con: sqlite3.Connection, chains: Chains, change: Change, now: float) -> Outcome:
        """Store one change inside the open transaction (or refuse it, storing nothing)."""
        chain = chain_of(change)
        if chains.broken(chain):
            return conflict(change)
        if isinstance(change, NewRoom):
            r = change.room
            done = con.execute(NEW_ROOM, (
                r.code, r.created_at, now, r.creator, r.host_hash, r.game,
                json.dumps(r.options), json.dumps(r.seats), r.timer, r.status, r.seed,
            )).rowcount
        elif isinstance(change, SetUp):
            done = con.execute(SET_UP, (
                change.game, json.dumps(change.options), json.dumps(change.seats),
                change.timer, change.status, change.seed, now, change.version + 1,
                change.code, change.version,
            )).rowcount
        elif isinstance(change, NextGame):
            done = _next_game(con, change, now)
        else:
            done = _moved(con, change, now)
        if done != 1:
            chains.refused(chain)
            return conflict(change)
        return None

    # -- reading ------------------------------------------------------------------------------
    async def load(self, code: str) -> StoredRoom | None:
        found: StoredRoom | None = await self._run(self._load, code)
        return found

    def _load(self, code: str) -> StoredRoom | None:
        con = self.con
        assert con is not None
        row = con.execute(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE code=?", (code,)).fetchone()
        if row is None:
            return None
        acts = con.execute("SELECT seat, action, bot FROM actions WHERE room=? ORDER BY idx",
                           (code,)).fetchall()
        past = con.execute("SELECT result FROM past_games WHERE room=? ORDER BY number",
                           (code,)).fetchall()
        return stored_room(row, acts, past, json.loads)

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        rows: list[Any] = await self._run(
            self._all, "SELECT number, record, result, names FROM past_games"
            " WHERE room=? AND number=?", (code, number))
        return past_game(rows[0], json.loads) if rows else None

    async def codes_with_status(self, *statuses: str) -> list[str]:
        marks = ",".join("?" * len(statuses))
        rows: list[Any] = await self._run(self._all, f"SELECT code FROM rooms WHERE status IN"
                                          f" ({marks})", statuses)
        return [r[0] for r in rows]

    async def rooms_created_since(self, creator: str, since: float, limit: int) -> int:
        rows: list[Any] = await self._run(
            self._all, "SELECT count(*) FROM (SELECT 1 FROM rooms WHERE creator=? AND"
            " created_at>=? LIMIT ?)", (creator, since, limit))
        return int(rows[0][0])

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        con = self.con
        assert con is not None
        return con.execute(sql, args).fetchall()


def _moved(con: sqlite3.Connection, change: Moved, now: float) -> int:
    if change.result is None:
        done: int = con.execute(MOVED, (now, change.version + 1, change.code,
                                        change.version)).rowcount
    else:
        done = con.execute(ENDED, (now, change.version + 1, json.dumps(change.result),
                                   change.code, change.version)).rowcount
    if done == 1:
        con.execute(ACTION, (change.code, change.idx, change.seat, json.dumps(change.action),
                             change.bot, now))
    return done


def _next_game(con: sqlite3.Connection, change: NextGame, now: float) -> int:
    done: int = con.execute(NEXT_GAME, (change.seed, now, change.version + 1, change.code,
                                        change.version)).rowcount
    if done == 1:
        con.execute(PAST_GAME, (change.code, change.number, json.dumps(change.record),
                                json.dumps(change.result) if change.result else None,
                                json.dumps(change.names), now))
        con.execute("DELETE FROM actions WHERE room=?", (change.code,))
    return done
