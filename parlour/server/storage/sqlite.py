"""SQLite: one connection, in WAL mode, with group commit.

Reads, and writes that may wait, go through a thread of the store's own, so the event
loop never waits in SQLite's busy handler. In WAL mode a commit appends to one file;
``synchronous=FULL`` syncs it before the commit returns, so a change is on disk
(surviving ``kill -9`` and a power cut) before anyone hears of it. With
``sync="normal"`` (``synchronous=NORMAL``) a commit is written to the WAL but not synced:
it survives ``kill -9``, not a power cut; the WAL is synced at each checkpoint.

A batch of changes is committed on the event loop itself while that is quick (the file's
lock is free at once, and its ``COMMIT``, where the disk's sync is waited for, takes under
``INLINE_UNDER`` on average): handing the batch to the thread and back cost more than the
sync on a fast disk (docs/performance.md, the fifth round). Storing a batch's changes is
work for the CPU, which a thread would only take turns with the loop for (the GIL), so
however long a big batch takes, only the wait counts. A slower disk sends the commits to
the thread for ``THREAD_FOR`` seconds; a lock held elsewhere sends that batch there, to
wait without holding anyone up. The WAL's checkpoints (``CHECKPOINT_EVERY``), which copy
it into the database file and sync it, run on a connection and in a thread of their own,
beside the commits: a commit never waits for one. Each copies the WAL whole, so that the
commits after it write the WAL from its start again instead of growing it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import create_engine

from ..errors import StoreUnavailable
from .changes import Change, StoredRoom
from .schema import upgrade
from .statements import (
    ACTIONS,
    BUSY,
    PAST,
    PAST_RESULTS,
    ROOM,
    TAKE,
    past_game,
    steps,
    stored_room,
    take_args,
)
from .versions import Chains, Outcome, failed, outcome, unstored
from .writer import Writer

T = TypeVar("T")

logger = logging.getLogger("parlour.server")

BUSY_TIMEOUT = 5.0
"""Seconds to wait for the write lock held by another process on the same file."""
INLINE_UNDER = 0.002
"""Seconds a ``COMMIT`` on the event loop may take on average (the disk's sync) before
commits go to the thread."""
SMOOTHING = 0.05
"""The weight of each commit on the loop in that average: one slow sync among quick ones
does not send the commits away; a few in a row (a slow disk) do."""
THREAD_FOR = 10.0
"""Seconds commits go to the thread once the average was too slow; then they are tried on
the loop again."""
CHECKPOINT_EVERY = 200
"""Commits between two checkpoints of the WAL."""
CATCH_UP_TRIES = 4
"""Passes a checkpoint makes over the WAL, each copying what was committed during the
last, until one finds nothing new."""

def sqlite_path(url: str) -> str:
    """The file of an SQLite URL (``sqlite+aiosqlite:///games.db``, ``sqlite:////tmp/x.db``;
    the driver named in it is not used).

    >>> sqlite_path("sqlite+aiosqlite:///games.db"), sqlite_path("sqlite:////tmp/x.db")
    ('games.db', '/tmp/x.db')
    """
    return url.split(":///", 1)[1]


class SqliteStore:
    """Rooms in an SQLite file (see the module's docstring)."""

    def __init__(self, url: str, sync: str = "full") -> None:
        self.path = sqlite_path(url)
        self.sync = sync
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-sqlite")
        self.con: sqlite3.Connection | None = None
        self.checkpoints = ThreadPoolExecutor(1, thread_name_prefix="parlour-checkpoint")
        self.checkpointer: sqlite3.Connection | None = None
        self.chains = Chains()
        self.writer = Writer(self._commit, "parlour-sqlite-writer")
        self.jobs = 0
        """Reads and writes handed to the thread and not yet done."""
        self.thread_until = 0.0
        """Commits go to the thread until this time (``time.monotonic``)."""
        self.commit_time = 0.0
        """The average time of a ``COMMIT`` on the loop, in seconds (``SMOOTHING``)."""
        self.last_commit = 0.0
        """How long the last ``COMMIT`` took, in seconds."""
        self.commits = 0
        self.checkpoint: asyncio.Task[None] | None = None

    async def _run(self, work: Any, *args: Any) -> T:
        self.jobs += 1  # while the thread has work, the connection is the thread's
        try:
            result: T = await asyncio.get_running_loop().run_in_executor(
                self.thread, work, *args)
        finally:
            self.jobs -= 1
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
        self.con, self.checkpointer = self._connect(), self._connect()

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                              check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute(f"PRAGMA synchronous={'FULL' if self.sync == 'full' else 'NORMAL'}")
        con.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints: _checkpoint
        return con

    async def close(self) -> None:
        await self.writer.close()
        if self.checkpoint is not None:
            await self.checkpoint
        if self.checkpointer is not None:
            self.checkpointer.close()  # no checkpoint runs: awaited above
            self.checkpointer = None
        self.checkpoints.shutdown(wait=True)
        if self.con is not None:
            await self._run(self.con.close)
            self.con = None
        self.thread.shutdown(wait=True)

    # -- writing ------------------------------------------------------------------------------
    def write(self, change: Change) -> asyncio.Future[None]:
        return self.writer.submit(change)

    async def _commit(self, changes: list[Change]) -> list[Outcome]:
        outcomes = None
        if not self.jobs and time.monotonic() >= self.thread_until:
            outcomes = self._commit_inline(changes)
        if outcomes is None:
            stored: list[Outcome] = await self._run(self._commit_in_thread, changes)
            outcomes = stored
        self.commits += 1
        if self.commits % CHECKPOINT_EVERY == 0 and self.checkpoint is None:
            self.checkpoint = asyncio.create_task(self._checkpoint())
        return outcomes

    def _commit_inline(self, changes: list[Change]) -> list[Outcome] | None:
        """Commit the batch here if the file's lock is free at once; ``None`` (nothing
        stored) if it is not, or if anything failed: the thread then stores the batch."""
        con = self.con
        assert con is not None
        con.execute("PRAGMA busy_timeout=0")
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:
            return None
        finally:
            con.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
        try:
            outcomes = self._commit_begun(con, changes)
        except sqlite3.Error:
            return None
        self.commit_time += (self.last_commit - self.commit_time) * SMOOTHING
        if self.commit_time > INLINE_UNDER:
            self.thread_until, self.commit_time = time.monotonic() + THREAD_FOR, 0.0
        return outcomes

    def _commit_in_thread(self, changes: list[Change]) -> list[Outcome]:
        con = self.con
        assert con is not None
        try:
            con.execute("BEGIN IMMEDIATE")
            return self._commit_begun(con, changes)
        except sqlite3.Error:
            return self._one_by_one(con, changes, time.time())

    def _commit_begun(self, con: sqlite3.Connection, changes: list[Change]) -> list[Outcome]:
        """Store the batch in the transaction just begun and commit it; if anything fails,
        roll it back whole and raise."""
        chains, now = self.chains.copy(), time.time()
        try:
            outcomes = [self._one(con, chains, change, now) for change in changes]
            started = time.monotonic()
            con.execute("COMMIT")  # with synchronous=FULL, the disk's sync is waited for here
            self.last_commit = time.monotonic() - started
        except sqlite3.Error:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise
        self.chains = chains
        return outcomes

    async def _checkpoint(self) -> None:
        """Copy the WAL into the database file, on the checkpoint's own connection and
        thread: with its syncs it can take a while on a busy disk, and commits go on."""
        try:
            await asyncio.get_running_loop().run_in_executor(self.checkpoints,
                                                             self._copy_wal)
        except sqlite3.Error as exc:  # the next one catches up
            logger.warning("could not checkpoint the WAL: %s", exc)
        finally:
            self.checkpoint = None

    def _copy_wal(self) -> None:
        """Copy the whole WAL, passing over it again for what was committed meanwhile.

        Once every frame is copied, the next commit writes the WAL from its start again.
        A WAL never copied whole grows instead, and a sync of a commit appended to a
        growing file took twice as long as one over the file's old frames (0.5-0.9 ms
        against 0.2-0.4 ms here: docs/performance.md, the eighth round)."""
        con = self.checkpointer
        assert con is not None
        last = -1
        for _ in range(CATCH_UP_TRIES):
            # The frames the WAL had as the pass began, and those copied by its end.
            _, frames, copied = con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if frames == last and copied >= frames:
                return  # nothing was committed during the last pass: all is copied
            last = frames

    def _one_by_one(self, con: sqlite3.Connection, changes: list[Change],
                    now: float) -> list[Outcome]:
        """A batch failed as a whole: store each change in a transaction of its own."""
        outcomes: list[Outcome] = []
        for change in changes:
            try:
                con.execute("BEGIN IMMEDIATE")
                done = self._one(con, self.chains, change, now)
                con.execute("COMMIT")
            except sqlite3.Error as exc:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                done = failed(self.chains, change, exc,
                              taken=isinstance(exc, sqlite3.IntegrityError))
            outcomes.append(done)
        return outcomes

    @staticmethod
    def _one(con: sqlite3.Connection, chains: Chains, change: Change, now: float) -> Outcome:
        """Store one change inside the open transaction (or refuse it, storing nothing)."""
        refused = unstored(chains, change)
        if refused is not None:
            return refused
        plan = steps(change, now)
        rows: int = con.execute(*plan.guard).rowcount
        if rows == 1:
            for statement in plan.then:
                con.execute(*statement)
        return outcome(chains, change, rows)

    # -- reading ------------------------------------------------------------------------------
    async def load(self, code: str) -> StoredRoom | None:
        found: StoredRoom | None = await self._run(self._load, code)
        return found

    def _load(self, code: str) -> StoredRoom | None:
        con = self.con
        assert con is not None
        row = con.execute(ROOM, (code,)).fetchone()
        if row is None:
            return None
        return stored_room(row, con.execute(ACTIONS, (code,)).fetchall(),
                           con.execute(PAST_RESULTS, (code,)).fetchall())

    async def past_game(self, code: str, number: int) -> dict[str, Any] | None:
        rows: list[Any] = await self._run(self._all, PAST, (code, number))
        return past_game(rows[0]) if rows else None

    async def codes_with_status(self, *statuses: str) -> list[str]:
        marks = ",".join("?" * len(statuses))
        rows: list[Any] = await self._run(self._all, f"SELECT code FROM rooms WHERE status IN"
                                          f" ({marks})", statuses)
        return [r[0] for r in rows]

    async def take(self, key: str, *, rate: float, burst: int) -> bool:
        try:
            # All rows fetched: the upsert's transaction ends only when its statement does.
            taken: list[Any] = await self._run(self._all, TAKE,
                                               take_args(key, rate, burst, time.time()))
        except sqlite3.Error:
            raise StoreUnavailable(BUSY) from None
        return bool(taken)

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        con = self.con
        assert con is not None
        return con.execute(sql, args).fetchall()
