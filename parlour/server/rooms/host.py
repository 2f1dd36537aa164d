"""What the host may do while a game runs: let a bot play for a person who has gone, give
them their seat back, pause and resume, end a moment's beat ("next"), end the game before
its end.

The message table (``live.handlers``) lets only the host ask, and only while a game runs:
these do not check it again.
"""

from __future__ import annotations

import weakref
from typing import Protocol

from ..errors import RoomError
from .driver import Driver
from .lobby import Lobby
from .moments import Moments
from .status import Status
from .table_log import TableLog


class Hosted(Protocol):
    """What the host's controls change of their room."""

    status: Status
    lobby: Lobby
    driver: Driver
    moments: Moments
    log: TableLog

    def back(self, seat: int) -> None: ...
    def changed(self, acted: int | None) -> None: ...
    def save_setup(self) -> None: ...


class HostControls:
    """The host's controls of one room during play."""

    def __init__(self, room: Hosted) -> None:
        # Weakly: the room holds its parts, and is freed without the garbage collector.
        self.room: Hosted = weakref.proxy(room)

    def stand_in(self, seat: int) -> None:
        """A bot plays for a person (who has gone) until they are back."""
        room = self.room
        lobby = room.lobby
        lobby.check_seat(seat)
        if lobby.played_by_bot(seat):
            raise RoomError(f"seat {seat + 1} is a bot already")
        if not room.driver.stand_in(seat):
            raise RoomError(f"a bot plays for {lobby.name(seat)} already")
        room.log.note(f"The host lets a bot play for {lobby.name(seat)} until they are back")
        room.changed(None)  # the stand-in takes a person's time to think, as bots do

    def give_back(self, seat: int) -> None:
        """A person gets their seat back from the stand-in bot."""
        room = self.room
        room.lobby.check_seat(seat)
        if seat not in room.driver.away:
            raise RoomError(f"no bot plays for {room.lobby.name(seat)}")
        room.back(seat)

    def pause(self) -> None:
        room = self.room
        if not room.driver.pause():
            raise RoomError("the game is paused already")
        room.log.note("The host paused the game")

    def resume(self) -> None:
        room = self.room
        if not room.driver.resume():
            raise RoomError("the game is not paused")
        room.log.note("The host resumed the game")
        room.changed(None)

    def next(self) -> None:
        """End the beat of the moment up now: bots go on (the next moment in the queue
        still waits until this one has been up its 3 seconds)."""
        room = self.room
        room.moments.skip()
        room.moments.advance()
        room.changed(None)

    def end(self) -> None:
        """The game ends before its end: nobody wins it."""
        room = self.room
        room.status = Status.ENDED
        room.driver.game_over()
        room.save_setup()
        room.log.note("The host ended the game")
