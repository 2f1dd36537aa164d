"""Sharing rooms between server processes: "room CODE changed" notices over Redis pub/sub.

The database holds the truth (every room's set-up and record). When one process
changes a room it publishes the room's code; every other process that has the room
loaded reads it again from the database and sends its own clients fresh views.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

logger = logging.getLogger("parlour.server")

CHANNEL = "parlour:room:"
OnChange = Callable[[str], Awaitable[None]]


class Bus(Protocol):
    """How server processes tell one another that a room changed."""

    async def start(self, on_change: OnChange) -> None:
        """Listen for other processes' changes: ``on_change(code)`` for each."""

    async def publish(self, code: str) -> None:
        """Tell the other processes that room ``code`` changed (never raises)."""

    async def stop(self) -> None:
        """Stop listening and let go of the connection."""


class LocalBus:
    """One process alone: nothing to tell anyone."""

    async def start(self, on_change: OnChange) -> None:
        return None

    async def publish(self, code: str) -> None:
        return None

    async def stop(self) -> None:
        return None


class RedisBus:
    """Publishes this process's changes and listens for everyone else's."""

    def __init__(self, url: str) -> None:
        from redis import asyncio as aioredis

        self.redis: Any = aioredis.from_url(url)
        self.origin = uuid.uuid4().hex
        self.task: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.psubscribe(CHANNEL + "*")
        self.task = asyncio.create_task(self._listen(pubsub, on_change), name="parlour-redis")

    async def _listen(self, pubsub: Any, on_change: OnChange) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            try:
                channel = message["channel"].decode()
                notice = json.loads(message["data"])
            except (ValueError, AttributeError):
                continue
            if notice.get("origin") == self.origin:
                continue
            try:
                await on_change(channel[len(CHANNEL):])
            except Exception:
                logger.exception("could not refresh room from %s", channel)

    async def publish(self, code: str) -> None:
        try:
            await self.redis.publish(CHANNEL + code, json.dumps({"origin": self.origin}))
        except Exception:
            # The move is stored; other processes will see it when their clients reconnect.
            logger.exception("could not publish a change of room %s", code)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.redis.aclose()


def make_bus(url: str | None) -> Bus:
    """Redis pub/sub when given its URL, else the bus of a process alone."""
    return RedisBus(url) if url else LocalBus()
