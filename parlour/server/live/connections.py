"""The connections to a room: each has a queue of frames and one task that sends them.

Putting a frame in a connection's queue never waits, so telling a room's connections of
a change costs no task and no lock per connection. A connection whose queue grows past
``QUEUE_LIMIT`` frames or ``QUEUE_CHARACTERS`` characters is too slow: it is dropped (its
socket closed) instead of holding anyone up or the server's memory (a socket that never
reads), and the client, which reconnects by itself, is sent its whole snapshot again.

A connection that asked for patches (``hello`` with ``"patches": true``) is sent its
whole snapshot first, then a patch from each snapshot to the next (``patch.py``); each
frame carries the connection's own count ``n``, so a client can tell that it missed
none. A frame is sent only when the connection's own snapshot changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from ..rooms.audience import Frames, Message
from .patch import diff

logger = logging.getLogger("parlour.server")

QUEUE_LIMIT = 256
"""Frames waiting for one connection before it counts as too slow and is dropped."""
QUEUE_CHARACTERS = 1 << 20
"""The text waiting for one connection before it counts as too slow and is dropped: a
megabyte or so (frames are mostly ASCII JSON), about 200 whole snapshots of the largest
game, where 256 large frames held some 20 MB."""

SendText = Callable[[str], Awaitable[None]]


def encode(message: Any) -> str:
    """A message as the text of a websocket frame (orjson: several times json's speed)."""
    return orjson.dumps(message).decode()


class Client:
    """One connection to a room (a browser tab, a test client, a load-test player)."""

    def __init__(self, send_text: SendText, *, patches: bool = False) -> None:
        self._send_text = send_text
        self.token_hash: str | None = None
        self.table_only = False
        self.visible = True
        """Whether the page is in front of its person (the browser says when it is not)."""
        self.patches = patches
        self.sent: Message | None = None
        """The snapshot this connection has (or will have once its queue is sent)."""
        self.frames = 0
        self.queue: deque[str] = deque()
        self.queued = 0
        """Characters in ``queue``."""
        self._ready = asyncio.Event()
        self.closed = False
        self.closed_by_peer = False
        self.finishing = False

    # -- putting frames in the queue ------------------------------------------------------
    def push(self, text: str) -> None:
        """Queue an encoded frame; a connection too slow to keep up is dropped."""
        if self.closed or self.finishing:
            return
        if len(self.queue) >= QUEUE_LIMIT or self.queued + len(text) > QUEUE_CHARACTERS:
            logger.warning("dropping a connection %d frames (%d characters) behind",
                           len(self.queue), self.queued)
            self.close()
            return
        self.queue.append(text)
        self.queued += len(text)
        self._ready.set()

    async def send(self, message: Message) -> None:
        """Queue one message to this connection alone (never waits for the socket)."""
        self.push(encode(message))

    def show(self, snapshot: Message, frames: Frames) -> None:
        """Queue what brings the connection to ``snapshot`` (nothing if it already has it)."""
        old = self.sent
        if old is snapshot:
            return
        if old is not None and not self.patches and old == snapshot:
            return
        text = frame(frames, old if self.patches else None, snapshot)
        if text is None:
            self.sent = snapshot
            return
        self.frames += 1
        self.sent = snapshot
        self.push(f'{{"n":{self.frames},{text[1:]}')

    def finish(self) -> None:
        """Take no more frames: the sending task ends once those queued are sent."""
        self.finishing = True
        self._ready.set()

    def close(self) -> None:
        """Stop sending: the sending task ends and the connection is closed."""
        self.closed = True
        self.queue.clear()
        self.queued = 0
        self._ready.set()

    # -- the sending task -------------------------------------------------------------------
    async def run(self) -> None:
        """Send the queued frames in order until the connection is closed or fails."""
        try:
            while not self.closed:
                if not self.queue:
                    if self.finishing:
                        return
                    self._ready.clear()
                    await self._ready.wait()
                    continue
                text = self.queue.popleft()
                self.queued -= len(text)
                await self._send_text(text)
        except Exception:
            pass  # the socket is gone: the receiving side sees it and leaves the room
        finally:
            self.closed = True


def frame(frames: Frames, old: Message | None, new: Message) -> str | None:
    """``new`` whole (``old`` is ``None``) or as a patch from ``old`` (``None``: no change),
    as an object without the connection's count ``n``; encoded once for all the
    connections shown the same change (every spectator, a seat's phone and the table
    screen of the same token share both snapshots).
    """
    key = (id(old), id(new))
    if key not in frames:
        if old is None:
            frames[key] = encode(new)
        else:
            ops = diff(old, new)
            frames[key] = encode({"type": "patch", "ops": ops}) if ops else None
    return frames[key]


async def no_socket(text: str) -> None:  # pragma: no cover - its frames go elsewhere
    """What a connection with no socket in this process sends through: nothing."""
    raise RuntimeError("this connection has no socket here")
