"""The room a connection has joined, and how it finds it.

A process alone owns every room, so each connection joins its room here (:class:`Here`)
and its requests are carried out through the message table (``handlers.py``). Processes
that share rooms (``cluster.sharing``) find some rooms owned elsewhere; a connection to
one of them joins it through its owner, by the same :class:`Joined` protocol.
"""

from __future__ import annotations

import logging
from typing import Protocol

from ..errors import RoomError
from ..rooms.audience import Message
from ..rooms.hub import Hub
from ..rooms.room import Room
from .connections import Client, encode
from .handlers import handle

logger = logging.getLogger("parlour.server")


class Joined(Protocol):
    """A room as one connection uses it."""

    @property
    def code(self) -> str: ...

    def join(self, client: Client, holder: str | None, table_only: bool) -> None: ...

    async def answer(self, client: Client, msg: Message) -> None:
        """Carry out one request and reply ``ok`` (once it is stored) or ``error``."""

    def leave(self, client: Client) -> None: ...


class Here:
    """A room this process owns."""

    def __init__(self, room: Room) -> None:
        self.room = room

    @property
    def code(self) -> str:
        return self.room.code

    def join(self, client: Client, holder: str | None, table_only: bool) -> None:
        self.room.join(client, holder, table_only)

    async def answer(self, client: Client, msg: Message) -> None:
        try:
            fields = await handle(self.room, client, msg)
        except RoomError as exc:
            client.push(encode(refusal(msg, str(exc))))
        except Exception:
            # A bug must cost this request only: the connection and the room go on.
            logger.exception("room %s: could not carry out a %.40s", self.code, msg.get("type"))
            client.push(encode(refusal(msg, "the server could not carry out this request")))
        else:
            if "id" in msg:
                client.push(encode(with_id(msg, {"type": "ok", **(fields or {})})))

    def leave(self, client: Client) -> None:
        self.room.leave(client)


class Doors:
    """How this process's connections find their rooms: each here (a process alone)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.attached = 0
        self.relayed = 0
        """Connections that asked for a room so far, and those of them served through another
        process that owns the room (``GET /api/server``)."""

    async def find(self, address: str, code: str) -> Joined | None:
        """Room ``code`` for a connection from ``address``, looked up within the address's
        limits (``Hub.find``: ``RateLimited`` once they are spent); ``None`` if there is no
        such room."""
        return await self.hub.find(address, lambda: self.attach(code))

    async def attach(self, code: str) -> Joined | None:
        """Room ``code`` for a connection; ``None`` if there is no such room."""
        self.attached += 1
        return await self.here(code)

    async def here(self, code: str) -> Here | None:
        """Room ``code``, owned (now) by this process."""
        room = await self.hub.owned(code)
        return None if room is None else Here(room)

    async def again(self, joined: Joined) -> Joined | None:
        """``joined`` as it is now: a room let go of meanwhile is found again."""
        if isinstance(joined, Here) and self.hub.rooms.get(joined.code) is not joined.room:
            return await self.attach(joined.code)
        return joined


def refusal(msg: Message | None, message: str) -> Message:
    """An ``error`` reply, with the request's ``id`` if it had one."""
    return with_id(msg, {"type": "error", "message": message})


def with_id(msg: Message | None, reply: Message) -> Message:
    """``reply`` with the request's ``id``, if that is a number or a string (anything else
    is not echoed: it could be nested deeper than a frame may be).

    >>> with_id({"id": 7}, {"type": "ok"}), with_id({"id": [[1]]}, {"type": "ok"})
    ({'type': 'ok', 'id': 7}, {'type': 'ok'})
    """
    if msg is not None and isinstance(msg.get("id"), int | str):
        reply["id"] = msg["id"]
    return reply
