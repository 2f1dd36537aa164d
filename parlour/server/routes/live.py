"""The live websocket ``/ws/{code}``: frames in, checked and limited, handed to the room.

Every refusal is an ``error`` message to this connection alone; the connection and
everyone else carry on. Nothing here writes to the socket: every frame goes through the
connection's queue and its one sending task (``connections.Client``), which stops when
the socket closes, so nothing is ever sent on a closed socket.

The socket is served straight on ASGI (:class:`LiveSockets`, outside FastAPI's routing,
dependencies and exception middleware): those cost more than the room's own work when
they wrap every frame.
"""

from __future__ import annotations

import contextlib
from collections.abc import MutableMapping
from typing import Any, Protocol

import anyio
import orjson
from starlette.types import ASGIApp, Receive, Scope, Send

from ..codes import clean_code, token_hash
from ..config import Settings
from ..connections import Client, Message, encode
from ..hub import Hub
from ..limits import TokenBucket
from ..remote import Here, Joined, refusal

PATH = "/ws/"

TOO_SLOW = 1013
"""The close code for a connection dropped for being too slow ("try again later")."""


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

    def __init__(self, app: ASGIApp, hub: Hub, settings: Settings) -> None:
        self.app = app
        self.hub = hub
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "websocket" or not path.startswith(PATH):
            await self.app(scope, receive, send)
            return
        socket = Socket(receive, send)
        if await socket.accept():
            await live(socket, path[len(PATH):], self.hub, self.settings)


async def live(websocket: WebSocket, code: str, hub: Hub, settings: Settings) -> None:
    """Serve one accepted connection to room ``code`` until it closes."""
    clean = clean_code(code)
    found = await hub.attach(clean) if clean else None
    if found is None:
        missing = {"type": "error", "message": f"there is no room {code!r}"}
        await websocket.send_text(encode(missing))
        await websocket.close(code=4404)
        return
    client = Client(websocket.send_text)
    joined: list[Joined] = [found]
    try:
        async with anyio.create_task_group() as group:
            async def send_then_stop() -> None:
                await client.run()
                group.cancel_scope.cancel()  # the socket failed or the client was too slow

            group.start_soon(send_then_stop)
            await serve(websocket, hub, client, settings, joined)
            group.cancel_scope.cancel()
    finally:
        client.close()
        if len(joined) > 1:
            joined[-1].leave(client)
    if not client.closed_by_peer:
        with anyio.CancelScope(shield=True), anyio.move_on_after(1):
            await close_quietly(websocket)


async def serve(websocket: WebSocket, hub: Hub, client: Client, settings: Settings,
                joined: list[Joined]) -> None:
    """Hand the connection's requests to its room (``joined[0]``) until it closes; the
    room, once joined, is put at the end of ``joined``."""
    bucket = TokenBucket(settings.actions_per_second, settings.action_burst)
    room: Joined | None = None
    try:
        while True:
            msg = await receive(websocket, client, settings)
            if msg is None:
                continue
            if not bucket.take():
                refuse(client, msg, "too many messages: please slow down"
                       f" (at most {settings.actions_per_second:g} a second)")
                continue
            if room is None:
                if msg.get("type") != "hello":
                    refuse(client, msg, "say hello first")
                    continue
                room = joined[0]
                if isinstance(room, Here) and hub.rooms.get(room.room.code) is not room.room:
                    # Let go of while this connection said nothing: find it again.
                    room = await hub.attach(room.room.code)
                    if room is None:  # pragma: no cover - rooms are never deleted
                        return
                token = msg.get("token")
                client.patches = msg.get("patches") is True
                room.join(client, token_hash(token) if isinstance(token, str) else None,
                          bool(msg.get("table_only")))
                joined.append(room)
                continue
            await room.answer(client, msg)
    except Disconnected:
        client.closed_by_peer = True


async def close_quietly(websocket: WebSocket) -> None:
    with contextlib.suppress(Exception):  # already closed from the other side
        await websocket.close(code=TOO_SLOW)


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
        msg = orjson.loads(text)
    except orjson.JSONDecodeError:
        refuse(client, None, "messages are JSON text")
        return None
    if not isinstance(msg, dict):
        refuse(client, None, "a message is a JSON object with a 'type'")
        return None
    return msg
