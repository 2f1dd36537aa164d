"""Emoji reactions from the seats, shown on the table: a fixed set, never free text, and
a few per seat at a time.

>>> reactions = Reactions()
>>> reactions.add(1, "👏")
>>> reactions.recent()
[{'n': 1, 'seat': 1, 'emoji': '👏'}]
>>> reactions.add(1, "<b>hi</b>")
Traceback (most recent call last):
...
parlour.server.errors.RoomError: a reaction is one of 👏 😂 😮 😱 🤔 ❤️ 👍 🎉
"""

from __future__ import annotations

from typing import Any

from ..errors import RoomError
from .limits import TokenBucket

EMOJI = ("👏", "😂", "😮", "😱", "🤔", "❤️", "👍", "🎉")
KEEP = 12
"""How many of the latest reactions a snapshot holds (the table shows the new ones)."""
RATE = 0.5
"""Reactions a second a seat may send on average (one every two seconds)..."""
BURST = 3
"""...with a burst of this many."""


class Reactions:
    """The latest reactions of one room (kept in memory: they are a moment, not a record)."""

    def __init__(self) -> None:
        self.count = 0
        self.latest: list[dict[str, Any]] = []
        self.buckets: dict[int, TokenBucket] = {}

    def add(self, seat: int, emoji: object) -> None:
        """The seat reacts, or ``RoomError`` says why not (not one of the set, too many)."""
        if emoji not in EMOJI:
            raise RoomError(f"a reaction is one of {' '.join(EMOJI)}")
        bucket = self.buckets.setdefault(seat, TokenBucket(RATE, BURST))
        if not bucket.take():
            raise RoomError("too many reactions: one every two seconds")
        self.count += 1
        # A new list: snapshots share the one they were made with, which never changes.
        self.latest = [*self.latest[1 - KEEP:], {"n": self.count, "seat": seat, "emoji": emoji}]

    def recent(self) -> list[dict[str, Any]]:
        return self.latest
