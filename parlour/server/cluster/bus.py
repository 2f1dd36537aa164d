"""Server processes sharing rooms through Redis: one owner per room, and messages between them.

Each room has one owner process, which alone loads it, carries out its changes and
stores them (so a room's changes are ordered by one writer, whatever process its
clients are on). The owner is named in Redis (``parlour:owner:CODE``), and counts only
while its process is alive (``parlour:alive:PROCESS``, renewed every few seconds): a
room whose owner has died is claimed by the next process that needs it, which loads it
from the database.

A process with a client of a room it does not own passes the client's requests to the
owner and the owner's frames to the client (``sharing.py``), over Redis pub/sub: one
channel per process, and the messages of one turn of the event loop to one process go
in one publish.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable
from typing import Any, Protocol

import orjson

logger = logging.getLogger("parlour.server")

PREFIX = "parlour:"
ALIVE_MS = 5_000
"""How long a process counts as alive after it last said so (it says so every second):
its rooms' lease. When a process dies, another takes its rooms over from the database
this long after at most, once the proxy in front sends it their connections."""
SAY_ALIVE_SECONDS = 1.0

Message = dict[str, Any]
OnMessage = Callable[[Message], None]

CLAIM = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] and redis.call('EXISTS', ARGV[2] .. owner) == 1 then
  return owner
end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"""


class Bus(Protocol):
    """How server processes share rooms."""

    me: str
    """This process's name."""

    async def start(self, on_message: OnMessage) -> None:
        """Say that this process is alive, and pass every message sent to it to ``on_message``."""

    async def stop(self) -> None: ...

    async def claim(self, code: str) -> str:
        """The owner of room ``code``: this process if nobody alive owned it (now it does)."""

    async def release(self, code: str) -> None:
        """Stop owning room ``code`` (it was let go of)."""

    async def alive(self, processes: set[str]) -> set[str]:
        """Those of ``processes`` that are alive."""

    def send(self, process: str, message: Message) -> None:
        """Queue a message to another process (sent at the end of this turn of the loop)."""


class RedisBus:
    """Rooms shared with other processes through Redis (see the module's docstring)."""

    def __init__(self, url: str) -> None:
        from redis import asyncio as aioredis  # an optional extra: pip install -e '.[redis]'

        self.redis: Any = aioredis.from_url(url)
        self.me = uuid.uuid4().hex[:12]
        self.outgoing: dict[str, list[Message]] = {}
        self.ready = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self._claim = self.redis.register_script(CLAIM)
        self._release = self.redis.register_script(RELEASE)

    async def start(self, on_message: OnMessage) -> None:
        await self._say_alive()
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(PREFIX + "to:" + self.me)
        self.tasks = [asyncio.create_task(self._listen(pubsub, on_message), name="parlour-bus"),
                      asyncio.create_task(self._send_all(), name="parlour-bus-send"),
                      asyncio.create_task(self._keep_alive(), name="parlour-alive")]

    async def _say_alive(self) -> None:
        await self.redis.set(PREFIX + "alive:" + self.me, b"1", px=ALIVE_MS)

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(SAY_ALIVE_SECONDS)
            try:
                await self._say_alive()
            except Exception:
                logger.exception("could not tell Redis that this process is alive")

    async def _listen(self, pubsub: Any, on_message: OnMessage) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                batch = orjson.loads(message["data"])
            except orjson.JSONDecodeError:
                continue
            for one in batch:
                try:
                    on_message(one)
                except Exception:
                    logger.exception("could not take a message from another process")

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(Exception):
            await self.redis.delete(PREFIX + "alive:" + self.me)
        await self.redis.aclose()

    async def claim(self, code: str) -> str:
        owner = await self._claim(keys=[PREFIX + "owner:" + code],
                                  args=[self.me, PREFIX + "alive:"])
        return owner.decode() if isinstance(owner, bytes) else str(owner)

    async def release(self, code: str) -> None:
        try:
            await self._release(keys=[PREFIX + "owner:" + code], args=[self.me])
        except Exception:
            logger.exception("could not let go of room %s", code)

    async def alive(self, processes: set[str]) -> set[str]:
        names = sorted(processes)
        found = await self.redis.mget([PREFIX + "alive:" + p for p in names]) if names else []
        return {p for p, flag in zip(names, found, strict=True) if flag is not None}

    def send(self, process: str, message: Message) -> None:
        self.outgoing.setdefault(process, []).append(message)
        self.ready.set()

    async def _send_all(self) -> None:
        """One task sends everything, a pipeline at a time on one connection: in order."""
        while True:
            await self.ready.wait()
            self.ready.clear()
            outgoing, self.outgoing = self.outgoing, {}
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for process, batch in outgoing.items():
                        pipe.publish(PREFIX + "to:" + process, orjson.dumps(batch))
                    await pipe.execute()
            except Exception:
                logger.exception("could not send to processes %s", ", ".join(outgoing))

