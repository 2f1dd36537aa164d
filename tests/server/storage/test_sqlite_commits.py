"""Where SQLite's group commits run: on the event loop while the file's lock is free and
the sync is quick, in the store's thread otherwise (storage/sqlite.py)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from parlour.server.storage import sqlite as sqlite_store
from parlour.server.storage.changes import NewRoom, StoredRoom
from parlour.server.storage.sqlite import SqliteStore
from parlour.server.storage.stores import store_for


def new_room(code: str) -> NewRoom:
    return NewRoom(StoredRoom(
        code=code, created_at=time.time(), creator="test", host_hash="h", game="love-me-not",
        options={}, seats=[{}, {}], timer=0, status="lobby", seed=None, result=None,
        actions=[]))


def run_with_store(db: Path, work: Callable[[SqliteStore], Awaitable[Any]],
                   sync: str = "full") -> Any:
    """Run ``work`` on a started store, in a loop of its own in a thread of its own (a
    browser test in the same worker may hold this thread's loop)."""
    async def run() -> Any:
        store = SqliteStore(f"sqlite:///{db}", sync)
        await store.start()
        try:
            return await work(store)
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


@pytest.fixture
def threads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The thread that stored each change, in order."""
    seen: list[int] = []
    store_one = SqliteStore._one

    def one(*args: Any) -> Any:
        seen.append(threading.get_ident())
        return store_one(*args)

    monkeypatch.setattr(SqliteStore, "_one", staticmethod(one))
    return seen


def test_a_batch_is_committed_on_the_loop_while_the_lock_is_free(
        db: Path, threads: list[int]) -> None:
    async def work(store: SqliteStore) -> int:
        await asyncio.gather(store.write(new_room("ABCD")), store.write(new_room("EFGH")))
        return threading.get_ident()

    loop_thread = run_with_store(db, work)
    assert threads == [loop_thread, loop_thread]
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM rooms").fetchone() == (2,)


def test_a_lock_held_elsewhere_is_waited_for_in_the_thread_while_the_loop_goes_on(
        db: Path, threads: list[int]) -> None:
    async def work(store: SqliteStore) -> tuple[int, int]:
        holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")
        threading.Timer(0.3, holder.rollback).start()
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        await store.write(new_room("ABCD"))
        ticker.cancel()
        holder.close()
        return threading.get_ident(), ticks

    loop_thread, ticks = run_with_store(db, work)
    assert len(threads) == 1 and threads[0] != loop_thread
    assert ticks >= 10  # 0.3 s of waiting for the lock held nothing else up


def test_a_slow_commit_sends_the_next_ones_to_the_thread_for_a_while(
        db: Path, threads: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "INLINE_UNDER", 0.0)  # every commit counts as slow

    async def work(store: SqliteStore) -> int:
        await store.write(new_room("ABCD"))
        await store.write(new_room("EFGH"))  # within THREAD_FOR of the slow one
        store.thread_until = 0.0  # THREAD_FOR has passed: the loop is tried again
        await store.write(new_room("IJKL"))
        return threading.get_ident()

    loop_thread = run_with_store(db, work)
    assert threads[0] == loop_thread and threads[1] != loop_thread
    assert threads[2] == loop_thread


def test_the_wal_is_copied_into_the_database_file_by_checkpoints_in_a_thread(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 4)

    async def work(store: SqliteStore) -> list[bytes]:
        files = [db.read_bytes()]
        for i in range(3):
            await store.write(new_room(f"AB{i}X"))
        files.append(db.read_bytes())  # in the WAL alone: no checkpoint on the loop
        await store.write(new_room("AB3X"))
        assert store.checkpoint is not None
        await store.checkpoint
        files.append(db.read_bytes())
        return files

    before, three_commits, checkpointed = run_with_store(db, work)
    assert three_commits == before
    assert checkpointed != before
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM rooms").fetchone() == (4,)


def test_a_checkpoint_passes_over_the_wal_again_until_it_is_all_copied(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a WAL copied whole is written from its start again; a pass that could not copy
    all of it (a reader held it, or commits went on meanwhile) is followed by another."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 4)
    wal = Path(f"{db}-wal")
    reader = sqlite3.connect(db, isolation_level=None, check_same_thread=False)

    @dataclass
    class Answered:
        row: tuple[int, int, int]

        def fetchone(self) -> tuple[int, int, int]:
            return self.row

    class ReaderLeavesAfterThePass:
        """The checkpoint's connection: its first pass stops at the reader's snapshot,
        which the reader then lets go of."""

        def __init__(self, con: sqlite3.Connection) -> None:
            self.con = con
            self.passes: list[tuple[int, int, int]] = []

        def execute(self, sql: str) -> Any:
            row = self.con.execute(sql).fetchone()
            self.passes.append(row)
            if reader.in_transaction:
                reader.execute("COMMIT")
            return Answered(row)

        def close(self) -> None:
            self.con.close()

    async def work(store: SqliteStore) -> tuple[list[tuple[int, int, int]], int, int]:
        assert store.checkpointer is not None
        passes = ReaderLeavesAfterThePass(store.checkpointer)
        store.checkpointer = passes  # type: ignore[assignment]
        for i in range(3):
            await store.write(new_room(f"AB{i}X"))
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM rooms").fetchone()
        await store.write(new_room("AB3X"))  # the fourth commit starts a checkpoint
        assert store.checkpoint is not None
        await store.checkpoint
        copied = wal.stat().st_size
        for i in range(4, 7):
            await store.write(new_room(f"AB{i}X"))
        return passes.passes, copied, wal.stat().st_size

    passes, copied, after = run_with_store(db, work)
    reader.close()
    assert after == copied  # written over from its start, not appended to
    first, *others = passes
    assert first[2] < first[1]  # the reader held the last commit's frames back
    assert others[-1][1] == others[-1][2] == first[1]  # then all were copied
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM rooms").fetchone() == (7,)


def test_a_commit_does_not_wait_for_a_checkpoint(
        db: Path, monkeypatch: pytest.MonkeyPatch, threads: list[int]) -> None:
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)

    class SlowCheckpoints:
        """The checkpoint's connection, on a disk that takes half a second to sync."""

        def __init__(self, con: sqlite3.Connection) -> None:
            self.con = con

        def execute(self, sql: str) -> Any:
            time.sleep(0.5)
            return self.con.execute(sql)

        def close(self) -> None:
            self.con.close()

    async def work(store: SqliteStore) -> tuple[float, bool, int]:
        assert store.checkpointer is not None
        store.checkpointer = SlowCheckpoints(store.checkpointer)  # type: ignore[assignment]
        await store.write(new_room("AB0X"))
        await store.write(new_room("AB1X"))  # the second commit starts a checkpoint
        started = time.monotonic()
        await store.write(new_room("AB2X"))
        took = time.monotonic() - started
        checkpointing = store.checkpoint is not None and not store.checkpoint.done()
        assert store.checkpoint is not None
        await store.checkpoint
        return took, checkpointing, threading.get_ident()

    took, checkpointing, loop_thread = run_with_store(db, work)
    assert checkpointing and took < 0.25  # stored meanwhile, on the loop as usual
    assert threads == [loop_thread] * 3
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM rooms").fetchone() == (3,)


class StoreClock:
    """The store's monotonic clock, which only a COMMIT moves on: a sync's time is then
    exactly what a test says, however busy the machine is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_one_slow_sync_keeps_commits_on_the_loop_and_a_slow_disk_sends_them_away(
        db: Path, threads: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    delays = iter([0.01] + [0.0] * 3 + [0.01] * 6)  # seconds each COMMIT's sync takes
    clock = StoreClock()
    monkeypatch.setattr(sqlite_store, "time", clock)

    class SlowSyncs:
        """The store's connection, on a disk whose sync takes ``delays``."""

        def __init__(self, con: sqlite3.Connection) -> None:
            self.con = con

        def execute(self, sql: str, *args: Any) -> Any:
            if sql == "COMMIT":
                clock.now += next(delays, 0.0)
            return self.con.execute(sql, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.con, name)

    async def work(store: SqliteStore) -> tuple[int, list[float]]:
        assert store.con is not None
        store.con = SlowSyncs(store.con)  # type: ignore[assignment]
        averages = []
        for i in range(10):
            await store.write(new_room(f"CD{i}X"))
            averages.append(store.commit_time)
        return threading.get_ident(), averages

    loop_thread, averages = run_with_store(db, work)
    # 10 ms once: the average stays under INLINE_UNDER (2 ms), and the next ones are quick.
    assert threads[:4] == [loop_thread] * 4
    assert 0.0004 < averages[0] < sqlite_store.INLINE_UNDER
    # 10 ms every time: each adds about 0.5 ms to the average (its weight is 0.05, less
    # what the average had), so after three or four of them the commits go to the thread.
    assert threads[4:6] == [loop_thread] * 2
    assert threads[9] != loop_thread


def test_a_long_batch_with_a_quick_sync_stays_on_the_loop(
        db: Path, threads: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Storing the changes is the CPU's work, which a thread would only take turns with
    the loop for: 10 ms of it per batch, every time, keeps the commits on the loop."""
    store_one = SqliteStore._one
    clock = StoreClock()
    monkeypatch.setattr(sqlite_store, "time", clock)

    def slow(*args: Any) -> Any:
        clock.now += 0.01
        return store_one(*args)

    monkeypatch.setattr(SqliteStore, "_one", staticmethod(slow))

    async def work(store: SqliteStore) -> tuple[int, float]:
        for i in range(10):
            await store.write(new_room(f"EF{i}X"))
        return threading.get_ident(), store.commit_time

    loop_thread, average = run_with_store(db, work)
    assert threads == [loop_thread] * 10
    assert average < sqlite_store.INLINE_UNDER


@pytest.mark.parametrize(("sync", "pragma"), [("full", 2), ("normal", 1)])
def test_sync_full_syncs_each_commit_and_normal_hands_it_to_the_os(
        db: Path, sync: str, pragma: int) -> None:
    async def work(store: SqliteStore) -> tuple[int, int]:
        await store.write(new_room("ABCD"))
        assert store.con is not None
        synchronous = store.con.execute("PRAGMA synchronous").fetchone()[0]
        return synchronous, store.commits

    # SQLite's synchronous: 2 (FULL) syncs the WAL at each commit; 1 (NORMAL) at checkpoints.
    assert run_with_store(db, work, sync) == (pragma, 1)
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT code FROM rooms").fetchall() == [("ABCD",)]


def test_a_sync_mode_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError, match="sync is one of full, normal"):
        store_for("sqlite:///x.db", "off")
