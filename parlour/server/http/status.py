"""``GET /api/server``: what this server process is doing, for operators and load tests."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from .deps import DoorsDep

router = APIRouter(prefix="/api")


class ServerStatus(BaseModel):
    process: str = Field(description="this process's name among those sharing rooms")
    rooms: int = Field(description="rooms loaded here now")
    connections: int = Field(description="connections that have asked this process for a room")
    relayed: int = Field(description="those of them served through another process that"
                                     " owned the room (docs/performance.md)")


@router.get("/server", summary="This server process: its rooms and relayed connections",
            response_model=ServerStatus)
async def server_status(doors: DoorsDep) -> ServerStatus:
    hub = doors.hub
    return ServerStatus(process=hub.owners.me, rooms=len(hub.rooms),
                        connections=doors.attached, relayed=doors.relayed)
