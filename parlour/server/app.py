"""The ASGI application: pages, the HTTP API (see /docs) and the live websocket."""

from __future__ import annotations

import importlib
import json
import re
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import qrcode  # type: ignore[import-untyped]
import qrcode.image.svg  # type: ignore[import-untyped]
from fastapi import FastAPI, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.bots import bot_names
from parlour.engine import ParlourError, Record, replay
from parlour.games import game_ids, get_game

from .codes import clean_code
from .config import Settings
from .db import Store
from .limits import TokenBucket
from .rooms import OVER, Client, Hub, Room, RoomError

WEB = Path(__file__).resolve().parent.parent / "web"

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
     b" connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
DOCS_PATHS = ("/docs", "/redoc")
CONTENT_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}\.json")


class SecurityHeaders:
    """Adds a strict content security policy: the client runs only its own scripts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(DOCS_PATHS):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


class NewRoom(BaseModel):
    """Ask for a room; the game can be changed in the lobby."""

    game: str = Field(default="love-me-not", max_length=64)


class RoomCreated(BaseModel):
    code: str
    token: str = Field(description="the host's secret: keep it, it is never shown again")
    url: str


class RoomSummary(BaseModel):
    code: str
    game: str
    title: str
    status: str
    seats: list[str | None]
    url: str


class ReplayStep(BaseModel):
    game: str
    step: int
    total: int
    view: dict[str, Any]
    move: dict[str, Any] | None
    result: dict[str, Any] | None
    names: list[str]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Parlour server for one process (rooms are stored in ``settings.db_url``)."""
    settings = settings or Settings()
    hub = Hub(Store(settings.db_url), settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(
        title="Parlour",
        summary="Play five tabletop games together in the browser.",
        description="Live play goes over the websocket `/ws/{code}`; its messages are"
        " described in docs/protocol.md.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.settings = settings
    app.add_middleware(SecurityHeaders)

    def base_url(request: Request) -> str:
        if settings.public_url:
            return settings.public_url.rstrip("/")
        parts = urlsplit(str(request.base_url))
        host = parts.hostname or "127.0.0.1"
        if host in ("127.0.0.1", "localhost", "::1"):
            # A phone cannot reach "localhost": point it at this machine on the LAN.
            host = lan_address() or host
        port = f":{parts.port}" if parts.port else ""
        return f"{parts.scheme}://{host}{port}"

    async def room_or_404(code: str) -> Room:
        clean = clean_code(code)
        room = await hub.get(clean) if clean else None
        if room is None:
            raise HTTPException(404, f"there is no room {code.upper()!r}")
        return room

    # -- pages ------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/r/{code}", include_in_schema=False)
    async def room_page(code: str) -> FileResponse:
        return FileResponse(WEB / "room.html")

    @app.get("/r/{code}/replay", include_in_schema=False)
    async def replay_page(code: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- the HTTP API ---------------------------------------------------------------------
    @app.get("/api/games", summary="The games this server offers, with options and bots")
    async def games() -> list[dict[str, Any]]:
        out = []
        for gid in game_ids():
            game = get_game(gid)
            out.append({**game.describe(), "bots": bot_names(game)})
        return out

    @app.get("/api/games/{game_id}/words",
             summary="A game's words for its pieces (card names, costs, suits...)")
    async def game_words(game_id: str) -> dict[str, Any]:
        if game_id not in game_ids():
            raise HTTPException(404, f"unknown game {game_id!r}")
        return dict(get_game(game_id).words())

    @app.get("/api/games/{game_id}/data/{name}",
             summary="A game's public content file (its card set, word list...)")
    async def game_data(game_id: str, name: str) -> FileResponse:
        # Only plain JSON files that sit in the game's own package: its printed content.
        if game_id not in game_ids() or not CONTENT_NAME.fullmatch(name):
            raise HTTPException(404, f"no content {name!r} for game {game_id!r}")
        module = importlib.import_module(type(get_game(game_id)).__module__)
        path = Path(module.__file__ or "").parent / name
        if not path.is_file():
            raise HTTPException(404, f"no content {name!r} for game {game_id!r}")
        return FileResponse(path, media_type="application/json")

    @app.post("/api/rooms", summary="Open a room", response_model=RoomCreated, status_code=201)
    async def create_room(body: NewRoom, request: Request) -> RoomCreated:
        address = request.client.host if request.client else "unknown"
        try:
            room, token = await hub.create(body.game, address[:64])
        except RoomError as exc:
            status = 429 if "rooms in the last hour" in str(exc) else 400
            raise HTTPException(status, str(exc)) from None
        return RoomCreated(code=room.code, token=token, url=f"{base_url(request)}/r/{room.code}")

    @app.get("/api/rooms/{code}", summary="A room's public summary", response_model=RoomSummary)
    async def room_summary(code: str, request: Request) -> RoomSummary:
        room = await room_or_404(code)
        return RoomSummary(
            code=room.code, game=room.game_id, title=room.game.title, status=room.status,
            seats=[None if s.empty else room.seat_name(i) for i, s in enumerate(room.seats)],
            url=f"{base_url(request)}/r/{room.code}",
        )

    @app.get("/api/rooms/{code}/qr.svg", summary="The join link as a QR code (SVG)")
    async def room_qr(code: str, request: Request) -> Response:
        room = await room_or_404(code)
        image = qrcode.make(f"{base_url(request)}/r/{room.code}",
                            image_factory=qrcode.image.svg.SvgPathImage, border=2)
        return Response(image.to_string(), media_type="image/svg+xml")

    def finished(room: Room) -> Record:
        if room.status != OVER or room.match is None:
            raise HTTPException(403, "the record is shown once the game is over")
        return room.match.record

    @app.get("/api/rooms/{code}/record", summary="A finished game's match record")
    async def room_record(code: str) -> dict[str, Any]:
        return finished(await room_or_404(code)).to_json()

    @app.get("/api/rooms/{code}/replay", summary="A finished game after `step` moves",
             response_model=ReplayStep)
    async def room_replay(code: str, step: int = 0) -> ReplayStep:
        room = await room_or_404(code)
        record = finished(room)
        total = len(record.actions)
        step = max(0, min(step, total))
        try:
            match = replay(record, get_game, upto=step)
        except ParlourError as exc:
            raise HTTPException(500, str(exc)) from None
        move = None
        if step > 0:
            entry = record.actions[step - 1]
            move = {"seat": entry["seat"], "action": entry["action"],
                    "bot": room.by_bot[step - 1] if step - 1 < len(room.by_bot) else False}
        result = match.result()
        return ReplayStep(game=room.game_id, step=step, total=total, view=dict(match.view(None)),
                          move=move, result=result.to_json() if result else None,
                          names=[room.seat_name(i) for i in range(len(room.seats))])

    # -- live play -------------------------------------------------------------------
    @app.websocket("/ws/{code}")
    async def live(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        clean = clean_code(code)
        room = await hub.get(clean) if clean else None
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
                    await room.handle(client, msg)
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

    return app


async def refuse(client: Client, msg: dict[str, Any] | None, message: str) -> None:
    reply: dict[str, Any] = {"type": "error", "message": message}
    if msg is not None and isinstance(msg.get("id"), int | str):
        reply["id"] = msg["id"]
    await client.send(reply)


async def receive(websocket: WebSocket, client: Client,
                  settings: Settings) -> dict[str, Any] | None:
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
