"""A room's outbox: nothing it tells is sent before every write made until then is on disk.

A change is checked and carried out in memory, in order, and handed to the store
without waiting for the disk (:meth:`Outbox.write`); the snapshots it makes are held
back (:meth:`Outbox.post`) until every write before them is durable. So the room's lock
is never held across a write, yet nobody, the other seats included, ever sees a change
before it is on disk, and a request is answered only once its change is.

If the store refuses a write (another process changed the room meanwhile), every change
made after it is dropped unseen, and the room is read again from the database (its
``reload``, which tells every connection what it reads); the request is tried once more
(``Room.change``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import anyio

from ..errors import StoreConflict, StoreUnavailable
from ..storage.changes import Change, Store
from .audience import Connection, Frames, Message

logger = logging.getLogger("parlour.server")

EPOCHS = itertools.count(1)
"""Names each copy of a room loaded in this process (see ``storage.versions.Chains``)."""

RETRY_AFTER = 0.5
RECOVERY_TRIES = 120
"""After a refused write the room is read again, every ``RETRY_AFTER`` seconds while the
database does not answer, for about a minute."""
RECOVERY_WAIT = 1.0
"""How long a request waits for a recovery under way before it is refused."""


@dataclass
class Told:
    """One change's snapshots, held back until ``write`` (the room's newest write when the
    change was made, and so every write before it) is on disk."""

    write: asyncio.Future[None] | None
    shown: list[tuple[Connection, Message]]
    done: asyncio.Future[None] | None
    frames: Frames = field(default_factory=dict)


class Outbox:
    """The writes of one room on their way to disk, and the snapshots waiting for them."""

    def __init__(self, code: str, store: Store, clients: set[Connection],
                 reload: Callable[[], Awaitable[None]]) -> None:
        self.code = code
        self.store = store
        self.clients = clients
        """The room's connections: a snapshot goes only to those still there."""
        # Weakly: the room holds its outbox, and is freed without the garbage collector.
        self.reload = weakref.WeakMethod(reload)
        self.waiting: deque[Told] = deque()
        self.recovery: asyncio.Task[None] | None = None
        self.reset(0)

    def reset(self, version: int) -> None:
        """The room was read at ``version``: its writes from now on are a new copy's."""
        self.version = version
        self.epoch = next(EPOCHS)
        self.writing: asyncio.Future[None] | None = None

    @property
    def idle(self) -> bool:
        """Nothing is being stored, told or read again."""
        return (not self.waiting and self.recovery is None
                and (self.writing is None or self.writing.done()))

    # -- writing ----------------------------------------------------------------------------
    def write(self, change: Change) -> None:
        """Hand a change to the store; what is posted from now on waits for it."""
        write = self.writing = self.store.write(change)
        self.version += 1
        epoch = self.epoch
        write.add_done_callback(lambda _: self._written(write, epoch))

    def _written(self, write: asyncio.Future[None], epoch: int) -> None:
        if epoch == self.epoch and (write.cancelled() or write.exception() is not None):
            self._refused()
        else:
            self._flush()

    # -- telling ----------------------------------------------------------------------------
    def post(self, shown: list[tuple[Connection, Message]], *,
             wait: bool = False) -> asyncio.Future[None] | None:
        """Show each connection its snapshot once the writes handed over so far are
        durable. With ``wait``, a future done then."""
        done = asyncio.get_running_loop().create_future() if wait else None
        self.waiting.append(Told(self.writing, shown, done))
        self._flush()
        return done

    def _flush(self) -> None:
        """Send, in order, each change's snapshots whose writes are on disk."""
        waiting = self.waiting
        while waiting:
            told = waiting[0]
            write = told.write
            if write is not None:
                if not write.done():
                    return
                if write.cancelled() or write.exception() is not None:
                    self._refused()
                    return
            waiting.popleft()
            clients = self.clients
            for client, shown in told.shown:
                if client in clients:  # not gone on to another room meanwhile
                    client.show(shown, told.frames)
            if told.done is not None and not told.done.done():
                told.done.set_result(None)

    # -- recovering -------------------------------------------------------------------------
    def _refused(self) -> None:
        """A write was refused: drop every change made since, unseen, and read the room again."""
        logger.warning("room %s: a write was refused (another process changed the room);"
                       " reading it again", self.code)
        if self.recovery is None:
            self.recovery = asyncio.create_task(self._recover(), name=f"recover-{self.code}")
        for told in self.waiting:
            if told.done is not None and not told.done.done():
                told.done.set_exception(StoreConflict(
                    "the room changed meanwhile and your request could not be saved;"
                    " please try again"))
        self.waiting.clear()

    async def _recover(self) -> None:
        # Until the room is read again, what memory holds may include changes that were
        # never stored: no change is made on it (``recovered`` refuses), nothing of it is told.
        try:
            for _ in range(RECOVERY_TRIES):
                reload = self.reload()
                if reload is None:  # the room is gone
                    return
                try:
                    await reload()
                    return
                except Exception as exc:  # whatever the driver raises while it is down
                    logger.warning("room %s: cannot read it again yet (%s)", self.code, exc)
                    await asyncio.sleep(RETRY_AFTER)
            logger.error("room %s: the database did not come back", self.code)
        finally:
            self.recovery = None

    async def recovered(self) -> None:
        """Wait a moment for a recovery under way; ``StoreUnavailable`` if the database
        does not answer by then (a restart, a lock held elsewhere)."""
        if self.recovery is None:
            return
        with anyio.move_on_after(RECOVERY_WAIT):
            await asyncio.shield(self.recovery)
        if self.recovery is not None:
            raise StoreUnavailable("the game's database is not answering, so nothing was"
                                   " changed: please try again in a moment")
