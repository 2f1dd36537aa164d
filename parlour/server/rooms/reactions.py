"""Emoji reactions from the seats and the watchers, shown on the table: a fixed set, never
free text, and a few per seat (or watcher's connection) at a time.

>>> reactions = Reactions()
>>> reactions.add(1, "👏")
>>> class Page: ...
>>> reactions.add(None, "🎉", watcher="Dee", key=Page())
>>> reactions.recent()
[{'n': 1, 'seat': 1, 'emoji': '👏'}, {'n': 2, 'seat': None, 'emoji': '🎉', 'watcher': 'Dee'}]
>>> reactions.add(1, "<b>hi</b>")
Traceback (most recent call last):
...
parlour.server.errors.RoomError: a reaction is one of 👏 😂 😮 😱 🤔 ❤️ 👍 🎉
"""

from __future__ import annotations

import weakref
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
        self.watchers: weakref.WeakKeyDictionary[object, TokenBucket] = (
            weakref.WeakKeyDictionary())
        """A bucket per watcher's connection, forgotten with it."""

    def add(self, seat: int | None, emoji: object, *, watcher: str = "a watcher",
            key: object = None) -> None:
        """The seat reacts, or a watcher (``seat`` ``None``, shown as ``watcher``, limited
        by ``key``: their connection); or ``RoomError`` says why not (not one of the set,
        too many)."""
        if emoji not in EMOJI:
            raise RoomError(f"a reaction is one of {' '.join(EMOJI)}")
        if seat is None:
            bucket = self.watchers.setdefault(key, TokenBucket(RATE, BURST))
        else:
            bucket = self.buckets.setdefault(seat, TokenBucket(RATE, BURST))
        if not bucket.take():
            raise RoomError("too many reactions: one every two seconds")
        self.count += 1
        line: dict[str, Any] = {"n": self.count, "seat": seat, "emoji": emoji}
        if seat is None:
            line["watcher"] = watcher
        # A new list: snapshots share the one they were made with, which never changes.
        self.latest = [*self.latest[1 - KEEP:], line]

    def recent(self) -> list[dict[str, Any]]:
        return self.latest
