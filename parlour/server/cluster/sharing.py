"""Rooms shared by several server processes: each owned by one (``bus.py``), and a
connection's room served here or through its owner.

A websocket is served by whichever process it reached. If that process owns the room,
the connection joins the room here (``live.joined.Here``). If another process owns it,
the connection is a :class:`Gateway`: its requests are sent to the owner, which serves
them in order as for a connection of its own (:class:`Remote`, a client whose frames go
back to the gateway), and the owner's frames for it are put in its queue here. The owner
builds each remote connection's snapshots and patches like any other (from that
connection's own snapshots), so a gateway holds nothing of the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from typing import Any

from ..config import Settings
from ..live.connections import Client, no_socket
from ..live.joined import Doors, Here, Joined
from ..rooms.audience import Message
from ..rooms.hub import Hub, Owned
from ..storage.changes import Store
from .bus import Bus, RedisBus

logger = logging.getLogger("parlour.server")

CHECK_SECONDS = 1.0
"""How often the processes on the other ends of remote connections are checked for life."""


def share(store: Store, settings: Settings) -> tuple[Hub, Doors]:
    """The rooms of this process, owned among the processes that share ``settings.redis_url``,
    and how its connections find theirs."""
    assert settings.redis_url is not None
    sharing = Sharing(RedisBus(settings.redis_url))
    hub = Hub(store, settings, sharing)
    return hub, SharedDoors(hub, sharing)


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
        super().__init__(no_socket, patches=patches)
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


class Sharing:
    """Which process owns each room (``rooms.hub.Owners``), and both ends of the connections
    served by one process for a room another one owns."""

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.owned: Owned | None = None
        self.mine: set[str] = set()
        """The rooms this process has claimed and not released."""
        self.ids = itertools.count(1)
        self.gateways: dict[int, tuple[Gateway, Client]] = {}
        """This process's connections to rooms owned elsewhere, by their number."""
        self.remotes: dict[tuple[str, int], Remote] = {}
        """Other processes' connections to rooms owned here, by (process, number)."""
        self.checker: asyncio.Task[None] | None = None

    @property
    def me(self) -> str:
        return self.bus.me

    async def claim(self, code: str) -> str:
        # A room claimed and not released since is still ours (the lease is this
        # process's): asked again as it loads, it costs no round trip to Redis.
        if code in self.mine:
            return self.me
        owner = await self.bus.claim(code)
        if owner == self.me:
            self.mine.add(code)
        return owner

    async def release(self, code: str) -> None:
        self.mine.discard(code)
        await self.bus.release(code)

    async def adopt(self, code: str) -> bool:
        """No: the process that the router in front (HAProxy) sends the new room's
        connections to takes it from the database, so none is relayed (docs/deploy.md)."""
        return False

    async def start(self, owned: Owned) -> None:
        self.owned = owned
        await self.bus.start(self.on_message)
        self.checker = asyncio.create_task(self._check(), name="parlour-check-remotes")

    async def stop(self) -> None:
        if self.checker is not None:
            self.checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.checker
        for remote in list(self.remotes.values()):
            if remote.task is not None:
                remote.task.cancel()
        await self.bus.stop()

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
        assert self.owned is not None
        here = None
        try:
            room = await self.owned(join["room"])
            if room is None:  # not ours (any more): the connection comes back to its owner
                remote.close()
                return
            here = Here(room)
            here.join(remote, join["h"], join["o"])
            while True:
                msg = await remote.inbox.get()
                if msg["k"] == "leave":
                    return
                await _answer_remote(here, remote, msg["m"])
        finally:
            if here is not None:
                here.leave(remote)
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


async def _answer_remote(here: Here, remote: Remote, msg: Any) -> None:
    if not isinstance(msg, dict):
        return
    try:
        await here.answer(remote, msg)
    except Exception:
        logger.exception("room %s: could not serve a remote request", here.code)


class SharedDoors(Doors):
    """How this process's connections find their rooms: here, or through their owner."""

    def __init__(self, hub: Hub, sharing: Sharing) -> None:
        super().__init__(hub)
        self.sharing = sharing

    async def attach(self, code: str) -> Joined | None:
        self.attached += 1
        if code not in self.hub.rooms:
            owner = await self.sharing.claim(code)
            if owner != self.sharing.me:
                self.relayed += 1
                return Gateway(self.sharing, code, owner)
        return await self.here(code)
