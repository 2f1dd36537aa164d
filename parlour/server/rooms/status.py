"""Where a room is: in its lobby, playing, over, ended by the host, or broken."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """Where a room is: in its lobby, playing, over, ended by the host before its end, or
    broken (``Room.problem`` says why)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    ENDED = "ended"
    BROKEN = "broken"


FINISHED = (Status.OVER, Status.ENDED)
"""A game that will not go on: its record may be shown, and the room may play again."""
