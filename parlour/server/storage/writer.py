"""Group commit: one writer stores every change waiting at that moment in one transaction.

A change is handed over with :meth:`Writer.submit`, which returns at once with a future.
While the writer is busy with one transaction, the changes of every room pile up; the
next transaction takes them all, and one sync to disk makes them all durable. Then each
future is done (or failed), in the order the changes were handed over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from .changes import Change
from .versions import Outcome

logger = logging.getLogger("parlour.server")

Commit = Callable[[list[Change]], Awaitable[list[Outcome]]]
"""Store a batch of changes in one transaction; for each, ``None`` or why it was refused."""


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
