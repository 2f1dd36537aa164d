"""The pages: static files; everything a page shows it asks of the API and the websocket."""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from parlour.games import game_ids, get_game

from ..errors import NotFound

WEB = Path(__file__).resolve().parents[2] / "web"
RULES = WEB / "games"
"""Each game's How to play, ``<game id>.html`` (our own words, with worked examples): the
page's body, which ``rules.html`` frames."""

router = APIRouter(include_in_schema=False)


def how_to_play(game_id: str) -> str | None:
    """The address of a game's How to play page, or ``None`` if it has none.

    >>> how_to_play("love-me-not"), how_to_play("chess")
    ('/games/love-me-not', None)
    """
    if game_id not in game_ids() or not (RULES / f"{game_id}.html").is_file():
        return None
    return f"/games/{game_id}"


@router.get("/")
async def home() -> FileResponse:
    return FileResponse(WEB / "index.html")


@router.get("/about")
async def about() -> FileResponse:
    """What Parlour is, and the developers' links (the API, the docs): kept off players' pages."""
    return FileResponse(WEB / "about.html")


@router.get("/games/{game_id}")
async def rules_page(game_id: str) -> HTMLResponse:
    if how_to_play(game_id) is None:
        raise NotFound(f"there is no How to play page for {game_id!r}")
    frame = (WEB / "rules.html").read_text(encoding="utf-8")
    body = (RULES / f"{game_id}.html").read_text(encoding="utf-8")
    title = html.escape(get_game(game_id).title)
    return HTMLResponse(frame.replace("{title}", title).replace("{body}", body))


@router.get("/r/{code}")
async def room_page(code: str, table: str | None = None) -> FileResponse:
    """A seat's page; with ``?table=1`` (the older link) the TV's, as ``/r/CODE/tv``."""
    return FileResponse(WEB / ("tv.html" if table == "1" else "room.html"))


@router.get("/r/{code}/tv")
async def tv_page(code: str) -> FileResponse:
    return FileResponse(WEB / "tv.html")


@router.get("/r/{code}/replay")
async def replay_page(code: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")
