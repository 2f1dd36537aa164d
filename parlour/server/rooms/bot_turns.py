"""The bots' turns in a room: when the driver says moves are due, the bots (and the
stand-ins of people away) decide together, then move in seat order; and when a moment
waiting in the queue is due, it comes up.

A bot sees only its own seat's view. One that fails, or that chooses an illegal move, is
replaced by a random legal move for that turn; if not even that can be made, the room
is broken (``Room.problem`` says why) rather than stuck.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from parlour.engine import Action

from ..errors import StoreConflict
from .driver import Ask, Driver, Due
from .lobby import Lobby
from .moments import Moments
from .play import Play
from .status import Status
from .table_log import TableLog

logger = logging.getLogger("parlour.server")

T = TypeVar("T")


class Played(Protocol):
    """What the bots' turns read and change of their room."""

    code: str
    status: Status
    problem: str | None
    lobby: Lobby
    play: Play | None
    driver: Driver
    moments: Moments
    log: TableLog

    async def change(self, work: Callable[[], Awaitable[T]]) -> T: ...
    def move(self, seat: int, action: Action, *, bot: bool = False,
             key: str | None = None) -> int: ...
    def changed(self, acted: int | None) -> None: ...


class BotTurns:
    """The bots of one room, moving when they are due."""

    def __init__(self, room: Played) -> None:
        # Weakly: the room holds its parts, and is freed without the garbage collector.
        self.room: Played = weakref.proxy(room)

    def due(self) -> Due | None:
        """When the next bot move (or timer run-out) is due, and for which seats; or, with
        no seats, when the next moment in the queue comes up, if that is sooner."""
        room = self.room
        bots = None
        if room.status == Status.PLAYING and room.play is not None:
            bots = room.driver.next_due(room.play.match.to_act, room.lobby.played_by_bot)
        moment = room.moments.due()
        if moment is not None and (bots is None or moment <= bots.at):
            return Due(moment, ())
        return bots

    async def play(self, due: Due) -> None:
        """Make the moves that fell ``due``, or bring up the next moment (the driver calls
        this)."""
        async def work() -> None:
            if self.due() != due:
                return  # someone moved meanwhile: the driver looks again
            if due.seats:
                await self._decide(due.seats)
            elif self.room.moments.advance():
                self.room.changed(None)  # the beat now ends when this moment's does

        try:
            await self.room.change(work)
        except StoreConflict:
            return  # the room was read again; the driver looks again at it

    async def _decide(self, seats: tuple[int, ...]) -> None:
        """The bots (and stand-ins) of ``seats`` decide together, then move in seat order."""
        room = self.room
        play, lobby = room.play, room.lobby
        assert play is not None
        game = lobby.game
        for seat in seats:
            if not lobby.played_by_bot(seat) and room.driver.stand_in(seat):
                room.log.note(f"Time ran out for {lobby.name(seat)}:"
                              " a bot plays until they are back")
        asks = [Ask(seat, lobby.seats[seat].bot or game.default_bot, play.match.view(seat),
                    play.match.legal(seat)) for seat in seats]
        chosen = await room.driver.choose(game, asks)
        for ask, action in zip(asks, chosen, strict=True):
            if room.status != Status.PLAYING or ask.seat not in play.match.to_act:
                return
            if play.match.legal(ask.seat) != ask.legal:
                return  # an earlier move changed what this seat may do: ask its bot again
            if not await self._move(ask, action):
                return

    async def _move(self, ask: Ask, action: Action | Exception) -> bool:
        """Carry out one bot's move (a random one if the bot failed); ``False`` to stop."""
        room = self.room
        try:
            if isinstance(action, Exception):
                raise action
            room.move(ask.seat, action, bot=True)
            return True
        except Exception as exc:
            logger.warning("room %s: bot for seat %d failed (%s); playing at random",
                           room.code, ask.seat, exc)
        try:
            room.move(ask.seat, Driver.fallback(room.lobby.game, ask.seat, ask.view,
                                                      ask.legal), bot=True)
            return True
        except Exception:
            logger.exception("room %s: no bot can move for seat %d", room.code, ask.seat)
            room.problem = f"no bot could move for seat {ask.seat + 1}"
            room.status = Status.BROKEN
            return False
