"""A connection's room, here or in the process that owns it (see ``pubsub.py``).

A websocket is served by whichever process the kernel gave it to. If that process owns
the room, the connection joins the room here (:class:`Here`). If another process owns
it, the connection is a :class:`Gateway`: its requests are sent to the owner, which
serves them in order as for a connection of its own (:class:`Remote`, a client whose
frames go back to the gateway), and the owner's frames for it are put in its queue
here. The owner builds each remote connection's snapshots and patches like any other
(from that connection's own snapshots), so a gateway holds nothing of the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ..errors import RoomError
from ..live.connections import Client, Message, encode
from ..live.handlers import handle
from ..rooms.room import Room
from .bus import Bus

logger = logging.getLogger("parlour.server")

CHECK_SECONDS = 2.0
"""How often the processes on the other ends of remote connections are checked for life."""


async def answer(room: Room, client: Client, msg: Message) -> None:
    """Carry out one request and reply ``ok`` (once it is stored) or ``error``."""
    try:
        fields = await handle(room, client, msg)
    except RoomError as exc:
        client.push(encode(refusal(msg, str(exc))))
    except Exception:
        # A bug must cost this request only: the connection and the room go on.
        logger.exception("room %s: could not carry out a %.40s", room.code, msg.get("type"))
        client.push(encode(refusal(msg, "the server could not carry out this request")))
    else:
        if "id" in msg:
            client.push(encode(with_id(msg, {"type": "ok", **(fields or {})})))


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


class Joined(Protocol):
    """A room as one connection uses it."""

    @property
    def code(self) -> str: ...

    def join(self, client: Client, holder: str | None, table_only: bool) -> None: ...

    async def answer(self, client: Client, msg: Message) -> None: ...

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
        await answer(self.room, client, msg)

    def leave(self, client: Client) -> None:
        self.room.leave(client)


class Gateway:
    """A room another process owns, for the connections to it that this process serves."""

    def __init__(self, sharing: Sharing, code: str, owner: str) -> None:
        self.sharing = sharing
        self.code = code
        self.owner = owner
        self.ids: dict[Client, int] = {}

    def join(self, client: Client, holder: str | None, table_only: bool) -> None:
        ident = self.ids[client] = next(self.sharing.ids)
        self.sharing.gateways[ident] = (self, client)
        self._send(client, {"k": "join", "room": self.code, "h": holder, "o": table_only,
                            "x": client.patches})

    async def answer(self, client: Client, msg: Message) -> None:
        self._send(client, {"k": "req", "m": msg})

    def leave(self, client: Client) -> None:
        if client in self.ids:
            self._send(client, {"k": "leave"})
            self.sharing.gateways.pop(self.ids.pop(client), None)

    def _send(self, client: Client, message: Message) -> None:
        bus = self.sharing.bus
        bus.send(self.owner, {**message, "p": bus.me, "c": self.ids[client]})


class Remote(Client):
    """A connection served by another process: its frames are sent back there."""

    def __init__(self, bus: Bus, process: str, ident: int, patches: bool) -> None:
        super().__init__(_no_socket, patches=patches)
        self.bus = bus
        self.process = process
        self.ident = ident
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def push(self, text: str) -> None:
        if not self.closed:
            self.bus.send(self.process, {"k": "out", "c": self.ident, "t": text})

    def close(self) -> None:
        """Close the connection at the other end (it reconnects, to whoever owns the room)."""
        if not self.closed:
            self.closed = True
            self.bus.send(self.process, {"k": "gone", "c": self.ident})


async def _no_socket(text: str) -> None:  # pragma: no cover - a remote's frames are pushed
    raise RuntimeError("a remote connection has no socket here")


class Sharing:
    """Both ends of the connections served by one process for a room another one owns."""

    def __init__(self, bus: Bus, owned: Callable[[str], Awaitable[Room | None]]) -> None:
        self.bus = bus
        self.owned = owned
        self.ids = itertools.count(1)
        self.gateways: dict[int, tuple[Gateway, Client]] = {}
        """This process's connections to rooms owned elsewhere, by their number."""
        self.remotes: dict[tuple[str, int], Remote] = {}
        """Other processes' connections to rooms owned here, by (process, number)."""
        self.checker: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.checker = asyncio.create_task(self._check(), name="parlour-check-remotes")

    async def stop(self) -> None:
        if self.checker is not None:
            self.checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.checker
        for remote in list(self.remotes.values()):
            if remote.task is not None:
                remote.task.cancel()

    def on_message(self, msg: Message) -> None:
        """A message from another process."""
        kind = msg["k"]
        if kind == "out":
            found = self.gateways.get(msg["c"])
            if found is not None:
                found[1].push(msg["t"])
        elif kind == "gone":
            found = self.gateways.pop(msg["c"], None)
            if found is not None:
                found[1].close()
        elif kind == "join":
            remote = Remote(self.bus, msg["p"], msg["c"], bool(msg["x"]))
            self.remotes[(remote.process, remote.ident)] = remote
            remote.task = asyncio.create_task(self._serve(remote, msg))
        else:  # "req", "leave": in order, after the join
            found_remote = self.remotes.get((msg["p"], msg["c"]))
            if found_remote is not None:
                found_remote.inbox.put_nowait(msg)

    async def _serve(self, remote: Remote, join: Message) -> None:
        room = None
        try:
            room = await self.owned(join["room"])
            if room is None:  # not ours (any more): the connection comes back to its owner
                remote.close()
                return
            room.join(remote, join["h"], join["o"])
            while True:
                msg = await remote.inbox.get()
                if msg["k"] == "leave":
                    return
                await _answer_remote(room, remote, msg["m"])
        finally:
            if room is not None:
                room.leave(remote)
            self.remotes.pop((remote.process, remote.ident), None)

    async def _check(self) -> None:
        """Close the connections whose room's owner died; forget those of a dead gateway."""
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                await self._check_once()
            except Exception:
                logger.exception("could not check the other processes")

    async def _check_once(self) -> None:
        owners = {gateway.owner for gateway, _ in self.gateways.values()}
        gateways = {process for process, _ in self.remotes}
        alive = await self.bus.alive(owners | gateways)
        for ident, (gateway, client) in list(self.gateways.items()):
            if gateway.owner not in alive:
                self.gateways.pop(ident, None)
                client.close()
        for (process, _), remote in list(self.remotes.items()):
            if process not in alive:
                remote.closed = True
                remote.inbox.put_nowait({"k": "leave"})


async def _answer_remote(room: Room, remote: Remote, msg: Any) -> None:
    if not isinstance(msg, dict):
        return
    try:
        await answer(room, remote, msg)
    except Exception:
        logger.exception("room %s: could not serve a remote request", room.code)
