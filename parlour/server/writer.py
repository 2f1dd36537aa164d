"""Group commit: one writer stores every change waiting at that moment in one transaction.

A change is handed over with :meth:`Writer.submit`, which returns at once with a future.
While the writer is busy with one transaction, the changes of every room pile up; the
next transaction takes them all, and one sync to disk makes them all durable. Then each
future is done (or failed), in the order the changes were handed over.

A room hands over its changes in order without waiting for each to be stored. If one is
refused (the room changed in another process meanwhile), the later changes of the same
copy of the room were made on top of it, so they are refused too, unstored: the copy is
"broken" (:class:`Chains`) until the room is loaded again under a new epoch.

>>> chains = Chains()
>>> chains.broken(("KXMP", 1)), chains.broken(("KXMP", 2))
(False, False)
>>> chains.refused(("KXMP", 1))
>>> chains.broken(("KXMP", 1)), chains.broken(("KXMP", 2))
(True, False)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from .db import Change, NewRoom
from .errors import StoreConflict

logger = logging.getLogger("parlour.server")

Outcome = BaseException | None
Commit = Callable[[list[Change]], Awaitable[list[Outcome]]]
"""Store a batch of changes in one transaction; for each, ``None`` or why it was refused."""

CHAINS_KEPT = 10_000
"""Broken copies remembered (a copy reloaded since never hands over another change)."""


def chain_of(change: Change) -> tuple[str, int] | None:
    """The copy of a room that made a change (a new room belongs to none yet)."""
    return None if isinstance(change, NewRoom) else (change.code, change.epoch)


class Chains:
    """Copies of rooms one of whose changes was refused: their later changes are refused too."""

    def __init__(self) -> None:
        self._broken: set[tuple[str, int]] = set()

    def broken(self, chain: tuple[str, int] | None) -> bool:
        return chain is not None and chain in self._broken

    def refused(self, chain: tuple[str, int] | None) -> None:
        if chain is None:
            return
        if len(self._broken) >= CHAINS_KEPT:
            self._broken.clear()
        self._broken.add(chain)

    def copy(self) -> Chains:
        other = Chains()
        other._broken = set(self._broken)
        return other


def conflict(change: Change) -> StoreConflict:
    if isinstance(change, NewRoom):
        return StoreConflict(f"room code {change.code} is taken")
    return StoreConflict(f"room {change.code} changed meanwhile (it was at version"
                         f" {change.version} here)")


class Writer:
    """The one task that stores changes, a transaction at a time, as many as are waiting."""

    def __init__(self, commit: Commit, name: str = "parlour-writer") -> None:
        self.commit = commit
        self.name = name
        self.waiting: list[tuple[Change, asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.batches = 0
        self.changes = 0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=self.name)

    def submit(self, change: Change) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((change, future))
        self.wake.set()
        return future

    async def close(self) -> None:
        """Store what is waiting, then stop."""
        if self.task is None:
            return
        while self.waiting or self.wake.is_set():
            await asyncio.sleep(0.005)
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        self.task = None

    async def _run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.waiting = self.waiting, []
            if not batch:
                continue
            # Shielded: a change handed over is stored even if the server is stopping.
            stored = asyncio.ensure_future(self._store(batch))
            try:
                await asyncio.shield(stored)
            except asyncio.CancelledError:
                await stored
                raise

    async def _store(self, batch: list[tuple[Change, asyncio.Future[None]]]) -> None:
        try:
            outcomes = await self.commit([change for change, _ in batch])
        except Exception as exc:  # the database is gone: every change of the batch failed
            logger.exception("could not store %d changes", len(batch))
            outcomes = [exc] * len(batch)
        self.batches += 1
        self.changes += len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if future.done():
                continue
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)
