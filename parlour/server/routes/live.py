"""The live websocket ``/ws/{code}``: frames in, checked and limited, handed to the room.

Every refusal is an ``error`` message to this connection alone; the connection and
everyone else carry on.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..config import Settings
from ..connections import Client, Message
from ..errors import RateLimited, RoomError
from ..handlers import handle
from ..limits import TokenBucket
from .deps import HubDep, SettingsDep, find_room

router = APIRouter()


@router.websocket("/ws/{code}")
async def live(websocket: WebSocket, code: str, hub: HubDep, settings: SettingsDep) -> None:
    await websocket.accept()
    try:
        room = await find_room(code, hub, websocket)
    except RateLimited as exc:
        await websocket.send_json({"type": "error", "message": str(exc)})
        await websocket.close(code=4429)
        return
    if room is None:
        await websocket.send_json({"type": "error", "message": f"there is no room {code!r}"})
        await websocket.close(code=4404)
        return
    client = Client(websocket.send_json)
    bucket = TokenBucket(settings.actions_per_second, settings.action_burst)
    joined = False
    try:
        while True:
            msg = await receive(websocket, client, settings)
            if msg is None:
                continue
            if not bucket.take():
                await refuse(client, msg, "too many messages: please slow down"
                             f" (at most {settings.actions_per_second:g} a second)")
                continue
            if not joined:
                if msg.get("type") != "hello":
                    await refuse(client, msg, "say hello first")
                    continue
                token = msg.get("token")
                await room.join(client, token if isinstance(token, str) else None,
                                bool(msg.get("table_only")))
                joined = True
                continue
            try:
                await handle(room, client, msg)
            except RoomError as exc:
                await refuse(client, msg, str(exc))
            else:
                if "id" in msg:
                    await client.send({"type": "ok", "id": msg["id"]})
    except WebSocketDisconnect:
        pass
    finally:
        if joined:
            await room.leave(client)


async def refuse(client: Client, msg: Message | None, message: str) -> None:
    """An ``error`` reply, with the request's ``id`` if it had one."""
    reply: Message = {"type": "error", "message": message}
    if msg is not None and isinstance(msg.get("id"), int | str):
        reply["id"] = msg["id"]
    await client.send(reply)


async def receive(websocket: WebSocket, client: Client, settings: Settings) -> Message | None:
    """The next message as a JSON object, or ``None`` after refusing a bad one."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        await refuse(client, None, "messages are JSON text")
        return None
    size = len(text.encode())
    if size > settings.max_message_bytes:
        await refuse(client, None, f"message too large ({size} bytes;"
                     f" the limit is {settings.max_message_bytes})")
        return None
    try:
        msg = json.loads(text)
    except json.JSONDecodeError:
        await refuse(client, None, "messages are JSON text")
        return None
    if not isinstance(msg, dict):
        await refuse(client, None, "a message is a JSON object with a 'type'")
        return None
    return msg
