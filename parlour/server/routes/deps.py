"""What routes are given (FastAPI dependencies): the hub, the settings, a room by its code."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from ..codes import clean_code
from ..config import Settings
from ..errors import NotFound
from ..hub import Hub
from ..links import public_base
from ..room import Room


# Dependencies are coroutines: FastAPI would run a plain function in a worker thread.
async def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]


async def find_room(code: str, hub: HubDep) -> Room | None:
    """The room whose code this is (as typed: any case), if there is one."""
    clean = clean_code(code)
    return await hub.read(clean) if clean else None


async def room_or_404(code: str, room: Annotated[Room | None, Depends(find_room)]) -> Room:
    if room is None:
        raise NotFound(f"there is no room {code.upper()!r}")
    return room


async def base_url(request: Request, settings: SettingsDep) -> str:
    return public_base(str(request.base_url), settings.public_url)


RoomDep = Annotated[Room, Depends(room_or_404)]
BaseUrl = Annotated[str, Depends(base_url)]
