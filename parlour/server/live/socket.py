"""The live websocket ``/ws/{code}``: frames in, checked and limited, handed to the room.

Every refusal is an ``error`` message to this connection alone; the connection and
everyone else carry on. A connection costs memory, so it must earn it: one that says no
``hello`` within ``Settings.hello_seconds``, or then sends nothing for
``Settings.idle_seconds`` (the browser pings meanwhile), is told why and closed, and an
address may hold ``Settings.sockets_per_address`` connections to this process at once.

Nothing here writes to the socket: every frame goes through the connection's queue and
its one sending task (``connections.Client``), which stops when the socket closes,
so nothing is ever sent on a closed socket.

The socket is served straight on ASGI (:class:`LiveSockets`, outside FastAPI's routing,
dependencies and exception middleware): those cost more than the room's own work when
they wrap every frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import Counter
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Protocol

import anyio
import orjson
from starlette.types import ASGIApp, Receive, Scope, Send

from ..config import Settings
from ..errors import RateLimited
from ..rooms.audience import Message
from ..rooms.codes import clean_code, token_hash
from ..rooms.limits import TokenBucket
from .connections import Client, encode
from .joined import Doors, Joined, refusal

PATH = "/ws/"
MAX_DEPTH = 32

TOO_SLOW = 1013
"""The close code for a connection dropped for being too slow ("try again later")."""
POLICY = 1008
"""The close code for a connection closed by a limit (no hello, idle, too many)."""
LAST_WORDS_SECONDS = 1.0
"""How long a connection being closed by a limit is given to take the reason why."""


class Disconnected(Exception):
    """The client closed the connection."""


class WebSocket(Protocol):
    async def receive(self) -> MutableMapping[str, Any]: ...
    async def send_text(self, text: str) -> None: ...
    async def close(self, code: int) -> None: ...


class Socket:
    """An ASGI websocket, as little as the live protocol needs of it."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send

    async def receive(self) -> MutableMapping[str, Any]:
        return await self._receive()

    async def accept(self) -> bool:
        """Accept the connection (``False`` if the client left first)."""
        if (await self.receive())["type"] != "websocket.connect":
            return False
        await self._send({"type": "websocket.accept"})
        return True

    async def send_text(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int) -> None:
        await self._send({"type": "websocket.close", "code": code})


class LiveSockets:
    """ASGI middleware: serves ``/ws/{code}`` itself, and passes everything else on."""

    def __init__(self, app: ASGIApp, doors: Doors, settings: Settings) -> None:
        self.app = app
        self.doors = doors
        self.settings = settings
        self.open: Counter[str] = Counter()
        """Open connections by the address they come from."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "websocket" or not path.startswith(PATH):
            await self.app(scope, receive, send)
            return
        socket = Socket(receive, send)
        if not await socket.accept():
            return
        peer = scope.get("client")
        address = str(peer[0])[:64] if peer else "unknown"
        limit = self.settings.sockets_per_address
        if self.open[address] >= limit:
            await socket.send_text(encode({
                "type": "error", "message": f"too many connections from your address"
                f" (the limit is {limit}); close one and try again"}))
            await close_quietly(socket, POLICY)
            return
        self.open[address] += 1
        try:
            await live(socket, path[len(PATH):], self.doors, self.settings, address)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


async def live(websocket: WebSocket, code: str, doors: Doors, settings: Settings,
               address: str = "unknown") -> None:
    """Serve one accepted connection to room ``code`` (from ``address``) until it closes."""
    clean = clean_code(code)
    try:
        found = await doors.find(address, clean) if clean else None
    except RateLimited as exc:  # joining is looking a room up: the same limits
        await websocket.send_text(encode({"type": "error", "message": str(exc)}))
        await websocket.close(code=4429)
        return
    if found is None:
        missing = {"type": "error", "message": f"there is no room {code!r}"}
        await websocket.send_text(encode(missing))
        await websocket.close(code=4404)
        return
    client = Client(websocket.send_text)
    where = Where(found)
    del found  # held by ``where`` alone: a room the connection goes on from can be freed
    why: str | None = None
    try:
        async with anyio.create_task_group() as group:
            async def send_then_stop() -> None:
                await client.run()
                group.cancel_scope.cancel()  # the socket failed or the client was too slow

            group.start_soon(send_then_stop)
            why = await serve(websocket, doors, client, settings, where, address)
            if why is None:
                group.cancel_scope.cancel()
            else:  # a limit closes it: send what is queued and the reason, then stop
                refuse(client, None, why)
                client.finish()
                await anyio.sleep(LAST_WORDS_SECONDS)
                group.cancel_scope.cancel()
    finally:
        client.close()
        if where.now is not None:
            where.now.leave(client)
    if not client.closed_by_peer:
        with anyio.CancelScope(shield=True), anyio.move_on_after(1):
            await close_quietly(websocket, TOO_SLOW if why is None else POLICY)


async def serve(websocket: WebSocket, doors: Doors, client: Client, settings: Settings,
                where: Where, address: str = "unknown") -> str | None:
    """Hand the connection's requests to the room it joined until it closes. Returns why
    the server closes the connection (a limit), or ``None`` if the client left."""
    bucket = TokenBucket(settings.actions_per_second, settings.action_burst)
    refusals = TokenBucket(settings.refusals_per_second, settings.refusal_burst)
    flooding = (f"too many refused messages (at most {settings.refusal_burst}, then"
                f" {settings.refusals_per_second:g} a second)")
    room: Joined | None = None
    with anyio.CancelScope() as scope:
        deadline = Deadline(scope, settings.hello_seconds)
        hello_by = deadline.at
        try:
            while True:
                msg = await receive(websocket, client, settings)
                if room is not None:
                    deadline.push(settings.idle_seconds)
                if msg is not None and not bucket.take():
                    refuse(client, msg, "too many messages: please slow down"
                           f" (at most {settings.actions_per_second:g} a second)")
                    msg = None
                elif msg is not None and room is None and msg.get("type") != "hello":
                    refuse(client, msg, "say hello first")
                    msg = None
                if msg is None:  # refused
                    if not refusals.take():
                        return flooding
                    continue
                if msg.get("type") == "hello":
                    deadline.hold()
                    room = await enter(doors, client, msg, where, address) or room
                elif room is not None:
                    deadline.hold()  # a request being answered is not silence
                    await room.answer(client, msg)
                if room is not None:
                    deadline.push(settings.idle_seconds)
                else:  # a hello naming no room: the first deadline still holds
                    deadline.push(hello_by - deadline.loop.time())
        except Disconnected:
            client.closed_by_peer = True
            return None
        finally:
            deadline.stop()
    return (f"no hello within {settings.hello_seconds:g} seconds" if room is None
            else f"nothing heard for {settings.idle_seconds:g} seconds")


@dataclass
class Where:
    """A connection's room: the one its address names, until it joins one (``now``)."""

    first: Joined | None
    now: Joined | None = None


async def enter(doors: Doors, client: Client, hello: Message, where: Where,
                address: str) -> Joined | None:
    """Join the room a ``hello`` names: the connection's own (its address's code), or with
    ``room``, another one, leaving the room it is in (a table going on to its next room
    keeps its sockets). ``None``, after refusing the hello, if there is no such room."""
    code = hello.get("room")
    if code is None and where.now is not None:
        code = where.now.code  # hello again, to the room it is in
    room = where.first if code is None else await find(doors, hello, code, address, client)
    if room is not None:
        room = await doors.again(room)  # let go of while this connection said nothing?
    if room is None:
        return None
    if where.now is not None:
        where.now.leave(client)
        client.token_hash, client.sent = None, None  # the next frame is a whole snapshot
    token = hello.get("token")
    client.patches = hello.get("patches") is True
    room.join(client, token_hash(token) if isinstance(token, str) else None,
              bool(hello.get("table_only")))
    where.first, where.now = None, room  # a room left behind is not held on to
    return room


async def find(doors: Doors, hello: Message, code: object, address: str,
               client: Client) -> Joined | None:
    """The room ``code`` names, looked up as joining by its address is (the same limits);
    ``None`` after refusing the hello if there is none."""
    clean = clean_code(code) if isinstance(code, str) else None
    try:
        found = await doors.find(address, clean) if clean else None
    except RateLimited as exc:
        refuse(client, hello, str(exc))
        return None
    if found is None:
        refuse(client, hello, f"there is no room {str(code)[:16]!r}")
    return found


class Deadline:
    """Cancels ``scope`` once its time has come; each message pushes the time back.

    One timer per connection, re-armed only when it fires early: a cancel scope with a
    deadline per message cost more than the message's own work under load.
    """

    def __init__(self, scope: anyio.CancelScope, seconds: float) -> None:
        self.scope = scope
        self.loop = asyncio.get_running_loop()
        self.at = self.loop.time() + seconds
        self._timer = self.loop.call_at(self.at, self._check)

    def push(self, seconds: float) -> None:
        """The time comes ``seconds`` from now."""
        self.at = self.loop.time() + seconds
        if self.at < self._timer.when():  # sooner than the timer: the hello's 5 s, say
            self._arm()

    def hold(self) -> None:
        """The time does not come until the next ``push``."""
        self.at = math.inf

    def stop(self) -> None:
        self._timer.cancel()

    def _arm(self) -> None:
        self._timer.cancel()
        # Held (no time set): look again in a second.
        at = self.at if self.at != math.inf else self.loop.time() + 1.0
        self._timer = self.loop.call_at(at, self._check)

    def _check(self) -> None:
        if self.loop.time() >= self.at:
            self.scope.cancel()
        else:
            self._arm()


async def close_quietly(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):  # already closed from the other side
        await websocket.close(code=code)


def refuse(client: Client, msg: Message | None, message: str) -> None:
    client.push(encode(refusal(msg, message)))


async def receive(websocket: WebSocket, client: Client, settings: Settings) -> Message | None:
    """The next message as a JSON object, or ``None`` after refusing a bad one."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise Disconnected
    text = frame.get("text")
    if text is None:
        refuse(client, None, "messages are JSON text")
        return None
    size = len(text.encode())
    if size > settings.max_message_bytes:
        refuse(client, None, f"message too large ({size} bytes;"
               f" the limit is {settings.max_message_bytes})")
        return None
    try:
        # orjson refuses nesting deeper than 1024 and lone surrogates ("\ud800"), so
        # neither can reach a handler nor an echo of the message's id.
        msg = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        refuse(client, None, f"messages are JSON text ({exc})")
        return None
    if not isinstance(msg, dict):
        refuse(client, None, "a message is a JSON object with a 'type'")
        return None
    # Nesting deeper than MAX_DEPTH takes two brackets a level: a shorter text (a move, a
    # ping) cannot, and is not walked.
    if len(text) > 2 * (MAX_DEPTH + 1) and too_deep(msg):
        refuse(client, None, f"a message nests at most {MAX_DEPTH} lists or objects deep")
        return None
    return msg


def too_deep(value: object) -> bool:
    """Whether ``value`` nests lists or objects more than ``MAX_DEPTH`` deep (no request
    needs more, and deeper ones would reach ``repr`` and JSON's recursion limits).

    >>> deep: list[object] = []
    >>> for _ in range(40):
    ...     deep = [deep]
    >>> too_deep({"action": {"keep": 0}}), too_deep(deep)
    (False, True)
    """
    level: list[object] = [value]
    for _ in range(MAX_DEPTH + 1):
        level = [v for c in level if isinstance(c, dict | list)
                 for v in (c.values() if isinstance(c, dict) else c)]
        if not level:
            return False
    return True
