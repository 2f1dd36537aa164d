"""Finished games over HTTP: a game's record, the room's past games and a replay, step by
step. Only the game's players and its host may read them: a record holds every hidden
card and secret choice, and what people typed (docs/security.md).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel

from parlour.engine import ParlourError, replay
from parlour.games import get_game

from ..errors import NotAllowed, NotFinished, NotFound, Unreplayable
from ..rooms.codes import token_hash
from ..rooms.play import Play
from ..rooms.room import Room
from ..rooms.status import FINISHED
from .deps import RoomDep, bearer

router = APIRouter(prefix="/api")
MAX_GAME_NUMBER = 2**31 - 1
"""The largest number a past game can have (what every database stores as an integer)."""
GameNumber = Annotated[int, Path(ge=1, le=MAX_GAME_NUMBER,
                                 description="the game's number in the room, from 1")]


class ReplayStep(BaseModel):
    game: str
    step: int
    total: int
    view: dict[str, Any]
    move: dict[str, Any] | None
    result: dict[str, Any] | None
    names: list[str]


async def member(room: RoomDep, credentials: Annotated[
        HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Room:
    """The room, asked for by one of its players or its host (``Authorization: Bearer
    <token>``): a finished game's record holds every hidden card and secret choice, and
    what people typed; those who played it may read it, nobody else (docs/security.md)."""
    token = credentials.credentials if credentials else None
    if token is None or not room.lobby.knows(token_hash(token)):
        raise NotAllowed("a game's record is shown only to its players and its host"
                         " (send your seat's token as 'Authorization: Bearer <token>')")
    return room


MemberDep = Annotated[Room, Depends(member)]


def finished(room: Room) -> Play:
    """A finished (or ended) game; a running game's record is a secret (it holds the seed)."""
    if room.status not in FINISHED or room.play is None:
        raise NotFinished("the record is shown once the game is over")
    return room.play


@router.get("/rooms/{code}/record", summary="A finished game's match record (its players"
            " and host only)")
async def room_record(room: MemberDep) -> dict[str, Any]:
    return finished(room).record.to_json()


@router.get("/rooms/{code}/past/{number}",
            summary="A game the room finished before the one it plays now (its record,"
                    " result and names; its players and host only)")
async def past_game(room: MemberDep, number: GameNumber) -> dict[str, Any]:
    past = await room.store.past_game(room.code, number)
    if past is None:
        raise NotFound(f"room {room.code} has no past game {number}")
    return past


@router.get("/rooms/{code}/replay", summary="A finished game after `step` moves (its players"
            " and host only)", response_model=ReplayStep)
async def room_replay(room: MemberDep, step: int = 0) -> ReplayStep:
    play = finished(room)
    record = play.record
    total = len(record.actions)
    step = max(0, min(step, total))
    try:
        match = replay(record, get_game, upto=step)
    except ParlourError as exc:
        raise Unreplayable(str(exc)) from None
    move = None
    if step > 0:
        entry = record.actions[step - 1]
        move = {"seat": entry["seat"], "action": entry["action"],
                "bot": play.was_bot(step - 1)}
    result = match.result()
    return ReplayStep(game=room.lobby.game_id, step=step, total=total,
                      view=dict(match.view(None)), move=move,
                      result=result.to_json() if result else None, names=room.lobby.names())
