"""What routes are given (FastAPI dependencies): the hub and its doors, a room by its code,
the base of links."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPBearer
from starlette.requests import HTTPConnection

from ..config import Settings
from ..errors import NotFound
from ..live.joined import Doors
from ..rooms.codes import clean_code
from ..rooms.hub import Hub
from ..rooms.room import Room
from .links import public_base

bearer = HTTPBearer(auto_error=False, description="a seat's or the host's token in this room")

# Dependencies are coroutines: FastAPI would run a plain function in a worker thread.
async def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]


async def get_doors(connection: HTTPConnection) -> Doors:
    doors: Doors = connection.app.state.doors
    return doors


DoorsDep = Annotated[Doors, Depends(get_doors)]


def address(connection: HTTPConnection) -> str:
    """Who asks, as far as limits go: the peer's address (set uvicorn's ``--proxy-headers``
    and ``--forwarded-allow-ips`` behind a proxy you trust)."""
    return connection.client.host[:64] if connection.client else "unknown"


async def find_room(code: str, hub: HubDep, connection: HTTPConnection) -> Room | None:
    """The room whose code this is (as typed: any case), if there is one; ``RateLimited``
    when its address has looked up too many."""
    clean = clean_code(code)
    return await hub.find(address(connection), lambda: hub.read(clean)) if clean else None


async def room_or_404(code: str, room: Annotated[Room | None, Depends(find_room)]) -> Room:
    if room is None:
        raise NotFound(f"there is no room {code.upper()!r}")
    return room


async def base_url(request: Request) -> str:
    # The settings straight from the app, not as a dependency of this one: each level of
    # dependencies costs every POST /api/rooms about 5% more CPU.
    settings: Settings = request.app.state.settings
    return public_base(str(request.base_url), settings.public_url)


RoomDep = Annotated[Room, Depends(room_or_404)]
BaseUrl = Annotated[str, Depends(base_url)]
