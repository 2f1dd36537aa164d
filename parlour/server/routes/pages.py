"""The pages: static files; everything a page shows it asks of the API and the websocket."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parents[2] / "web"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def home() -> FileResponse:
    return FileResponse(WEB / "index.html")


@router.get("/r/{code}")
async def room_page(code: str) -> FileResponse:
    return FileResponse(WEB / "room.html")


@router.get("/r/{code}/replay")
async def replay_page(code: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")
