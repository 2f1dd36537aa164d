"""People who ask the host for a seat: a watcher, or someone who came late, gives a name
and waits; between games the host gives them a seat (an empty one or a bot's) or says no.

Requests live in the server's memory, as reactions do: they are a moment, not a record.

>>> requests = SeatRequests()
>>> requests.ask("hash-dee", "Dee").n
1
>>> requests.to_json()
[{'n': 1, 'name': 'Dee'}]
>>> requests.find(1).holder
'hash-dee'
>>> requests.withdraw("hash-dee"), requests.to_json()
(True, [])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RoomError

MOST = 8
"""Requests a room keeps at once (each is a line on the host's screen)."""


@dataclass(frozen=True)
class Asked:
    """One request: its number in the room, the name given, and whose token asked."""

    n: int
    name: str
    holder: str


class SeatRequests:
    """The requests for a seat waiting for the host's answer in one room."""

    def __init__(self) -> None:
        self.count = 0
        self.asked: dict[str, Asked] = {}
        """The requests by the token hash of whoever asked."""

    def ask(self, holder: str, name: str) -> Asked:
        """``holder`` asks for a seat under ``name`` (asking again changes the name)."""
        old = self.asked.get(holder)
        if old is None and len(self.asked) >= MOST:
            raise RoomError("too many people are asking for a seat: wait for the host's answer")
        if old is None:
            self.count += 1
        asked = self.asked[holder] = Asked(old.n if old else self.count, name, holder)
        return asked

    def find(self, n: object) -> Asked:
        """Request ``n`` (``RoomError`` if there is none)."""
        for asked in self.asked.values():
            if asked.n == n:
                return asked
        raise RoomError(f"nobody is asking for a seat as request {n!r}")

    def withdraw(self, holder: str | None) -> bool:
        """The person no longer asks (they have a seat, or the host said no)."""
        return holder is not None and self.asked.pop(holder, None) is not None

    def of(self, holder: str | None) -> int | None:
        """The number of ``holder``'s request, if they asked."""
        asked = self.asked.get(holder) if holder is not None else None
        return asked.n if asked else None

    def name_of(self, holder: str | None) -> str | None:
        """The name ``holder`` asked under, if they asked."""
        asked = self.asked.get(holder) if holder is not None else None
        return asked.name if asked else None

    def to_json(self) -> list[dict[str, Any]]:
        """``room.requests``: public, as the seats' names are."""
        return [{"n": a.n, "name": a.name} for a in sorted(self.asked.values(), key=lambda a: a.n)]
