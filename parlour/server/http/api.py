"""The HTTP API (documented at /docs): games, rooms, join links and content; finished
games are ``records.py``'s.

Refusals are raised as typed ``RoomError``s; the app's exception handlers give each
its HTTP status.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import qrcode  # type: ignore[import-untyped]
import qrcode.image.svg  # type: ignore[import-untyped]
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import FileResponse
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel, Field

from parlour.bots import bot_names
from parlour.games import game_ids, get_game

from ..errors import NotAllowed, NotFound, RoomError
from ..live.connections import Client, no_socket
from ..live.handlers import handle
from ..live.socket import MAX_DEPTH, too_deep
from ..rooms.codes import token_hash
from ..rooms.snapshot import public_options
from .deps import BaseUrl, HubDep, RoomDep, address, bearer
from .pages import how_to_play

CONTENT_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}\.json")

router = APIRouter(prefix="/api")


class NewRoom(BaseModel):
    """Ask for a room; the game and its options can be changed in the lobby."""

    game: str = Field(default="love-me-not", max_length=64)
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's options, checked as `configure`"
        " checks them (GET /api/games lists them); the lobby's form starts from these")


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


# -- games --------------------------------------------------------------------------------
@router.get("/games", summary="The games this server offers, with options and bots")
async def games() -> list[dict[str, Any]]:
    found = [get_game(gid) for gid in game_ids()]
    return [{**game.describe(), "bots": bot_names(game), "how_to_play": how_to_play(game.id)}
            for game in found]


@router.get("/games/{game_id}/words",
            summary="A game's words for its pieces (card names, costs, suits...)")
async def game_words(game_id: str) -> dict[str, Any]:
    if game_id not in game_ids():
        raise NotFound(f"unknown game {game_id!r}")
    return dict(get_game(game_id).words())


@router.get("/games/{game_id}/data/{name}",
            summary="A game's public content file (its card set, word list...)")
async def game_data(game_id: str, name: str) -> FileResponse:
    # Only plain JSON files that sit in the game's own package: its printed content.
    missing = NotFound(f"no content {name!r} for game {game_id!r}")
    if game_id not in game_ids() or not CONTENT_NAME.fullmatch(name):
        raise missing
    module = importlib.import_module(type(get_game(game_id)).__module__)
    path = Path(module.__file__ or "").parent / name
    if not path.is_file():
        raise missing
    return FileResponse(path, media_type="application/json")


# -- rooms --------------------------------------------------------------------------------
@router.post("/rooms", summary="Open a room", response_model=RoomCreated, status_code=201)
async def create_room(body: NewRoom, request: Request, hub: HubDep,
                      base: BaseUrl) -> RoomCreated:
    if too_deep(body.options):
        raise RoomError(f"options nest at most {MAX_DEPTH} lists or objects deep")
    room, token = await hub.create(body.game, address(request), body.options)
    return RoomCreated(code=room.code, token=token, url=f"{base}/r/{room.code}")


@router.get("/rooms/{code}", summary="A room's public summary", response_model=RoomSummary)
async def room_summary(room: RoomDep, base: BaseUrl) -> RoomSummary:
    lobby = room.lobby
    return RoomSummary(
        code=room.code, game=lobby.game_id, title=lobby.game.title, status=room.status,
        seats=[None if s.empty else lobby.name(i) for i, s in enumerate(lobby.seats)],
        url=f"{base}/r/{room.code}",
    )


@router.get("/rooms/{code}/qr.svg", summary="The join link as a QR code (SVG)")
async def room_qr(room: RoomDep, base: BaseUrl) -> Response:
    image = qrcode.make(f"{base}/r/{room.code}",
                        image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return Response(image.to_string(), media_type="image/svg+xml")


MAX_CONTENT_BYTES = 512 * 1024
"""The largest content file a host may give a room (a card set is about 25 kB)."""
CONTENT_PATH = re.compile(r"/api/rooms/[^/]+/content/[^/]+")
"""Where content is uploaded: bodies up to ``MAX_CONTENT_BYTES`` (``bodies.py``)."""


@router.put("/rooms/{code}/content/{name}",
            summary="The host gives the game its own content (a card set, word cards...)")
async def room_content(room: RoomDep, name: str, request: Request, credentials: Annotated[
        HTTPAuthorizationCredentials | None, Depends(bearer)]) -> dict[str, Any]:
    """The body is the option's JSON (``null`` takes it away); ``Authorization: Bearer
    TOKEN`` is the host's token. The content is validated as the game validates it.

    The room and the token are checked before the body is read: a stranger's upload is
    refused unread (404, 403), and a body over the limit is refused once it passes it (413).
    """
    caller = Caller(credentials.credentials if credentials else None)
    if not room.is_host(caller):
        raise NotAllowed("only the room's host gives it content (send the host's token as"
                         " 'Authorization: Bearer <token>')")
    value = parse_json(await request.body())
    if too_deep(value):
        raise RoomError(f"the file nests at most {MAX_DEPTH} lists or objects deep")
    await handle(room, caller, {"type": "give_content", "name": name, "value": value})
    return {"options": public_options(room.lobby.options)}


def parse_json(body: bytes) -> Any:
    """A request body's JSON, or ``RoomError`` saying why it is not acceptable JSON (not
    JSON, not UTF-8, a number too long, nesting too deep)."""
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RoomError(f"the file is not valid JSON: {exc}") from None
    except ValueError:  # an integer of more digits than Python converts
        raise RoomError("the file is not acceptable JSON: a number has more than"
                        f" {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise RoomError("the file nests lists or objects too deep") from None


class Caller(Client):
    """Who sends a request over HTTP, as the message table sees them: the holder of its
    bearer token, if any. Not in the room, it is told nothing: the response answers it."""

    def __init__(self, token: str | None) -> None:
        super().__init__(no_socket)
        self.token_hash = token_hash(token) if token else None


@router.get("/rooms/{code}/words", summary="The words of the room's game, for its content")
async def room_words(room: RoomDep) -> dict[str, Any]:
    options = room.play.record.options if room.play is not None else room.lobby.options
    return dict(room.lobby.game.words(options))


