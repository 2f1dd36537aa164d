"""The room's moments and their beat: the reveal the table holds on, and for how long.

A move that made a moment (``Game.beat``: a card read, a trick won, a round's table, the
game's end) puts it in the room's queue. The moment up now stays for its beat (normal pace:
4 s for a short one, 9 s for a long one; the finale stays), while bots wait; a moment made
meanwhile waits its turn, and none is replaced before it has been up ``MIN_UP`` seconds,
however quickly people move. The host may end a beat early (``next``). A moment's text is
what its move told, after what that seat's moves told since the last moment without making
one (My Story's steps, gathered into their turn). Moments are public:
their text is the narration of the spectator's views, nothing more. They live in the
server's memory, as reactions do: a restart forgets them (the game goes on).

>>> clock = [0.0]
>>> moments = Moments(lambda: clock[0])
>>> moments.add("short", 0, "Ann's card from turn 1: 5♥.", 3)
>>> moments.add("long", None, "Match 1: Ann 9, Bob 7.", 4)
>>> moments.to_json()["text"], moments.to_json()["left"], moments.waiting
("Ann's card from turn 1: 5♥.", 4.0, 1)
>>> moments.hold_until()  # the bots wait for both: 4 s, then 9 s
13.0
>>> clock[0] = 4.0
>>> moments.advance()
True
>>> moments.to_json()["n"], moments.to_json()["beat"], moments.waiting
(2, 9.0, 0)
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from parlour.engine.narration import Beat

from ..errors import RoomError

Pace = Literal["relaxed", "normal", "quick"]
PACES: dict[str, float] = {"relaxed": 1.5, "normal": 1.0, "quick": 0.6}
"""Each pace's share of the normal beats and of the bots' thinking time."""
DEFAULT_PACE: Pace = "normal"
BEAT_SECONDS: dict[Beat, float] = {"short": 4.0, "long": 9.0}
"""Seconds a moment holds the room at the normal pace (the finale stays until the next game)."""
MIN_UP = 3.0
"""No moment is replaced before it has been up this long (a beat is never shorter)."""


def beat_seconds(kind: Beat, pace: str, scale: float = 1.0) -> float | None:
    """How long a moment of ``kind`` holds the room at ``pace`` (``None``: it stays).

    ``scale`` multiplies every beat (``Settings.beat_scale``: 0 in tests, so games run at once).

    >>> beat_seconds("short", "normal"), beat_seconds("long", "relaxed")
    (4.0, 13.5)
    >>> beat_seconds("short", "quick"), beat_seconds("finale", "quick")
    (3.0, None)
    """
    if kind == "finale":
        return None
    return max(MIN_UP, BEAT_SECONDS[kind] * PACES[pace]) * scale


def check_pace(pace: object) -> Pace:
    """A pace from a message, or ``RoomError`` naming the three."""
    if pace == "relaxed" or pace == "normal" or pace == "quick":
        return pace
    raise RoomError(f"the pace is one of {', '.join(PACES)} (got {pace!r})")


@dataclass
class Moment:
    """One moment: its number in the room, kind, who made it, what it told, the move's
    number, its beat (``None``: the finale, which stays), and when it came up and when its
    beat ends (once it is up; the host's ``next`` ends it early)."""

    n: int
    kind: Beat
    seat: int | None
    text: str
    move: int
    beat: float | None
    up_at: float = 0.0
    ends_at: float = math.inf


class Moments:
    """The moment up now in one room, and those waiting their turn."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, scale: float = 1.0) -> None:
        self.clock = clock
        self.scale = scale
        self.count = 0
        self.current: Moment | None = None
        self.queue: deque[Moment] = deque()
        self.gathered: list[str] = []
        """What one seat's moves told since the last moment, without making one."""
        self.gathered_seat: int | None = None

    @property
    def waiting(self) -> int:
        return len(self.queue)

    @property
    def min_up(self) -> float:
        return MIN_UP * self.scale

    def add(self, kind: Beat, seat: int | None, text: str, move: int,
            pace: str = DEFAULT_PACE) -> None:
        """A move made a moment: up now if the table is free, else in the queue."""
        if self.gathered_seat == seat:
            text = " ".join([*self.gathered, text]).strip()
        self.gathered, self.gathered_seat = [], None
        self.count += 1
        self.queue.append(Moment(self.count, kind, seat, text, move,
                                 beat_seconds(kind, pace, self.scale)))
        self.advance()

    def told(self, seat: int, text: str) -> None:
        """A move told ``text`` without making a moment: the seat's next moment tells it."""
        if not text:
            return
        if seat != self.gathered_seat:
            self.gathered, self.gathered_seat = [], seat
        self.gathered.append(text)

    def free_at(self) -> float:
        """When the moment up now may give way to the next."""
        current = self.current
        if current is None:
            return -math.inf
        return max(current.up_at + self.min_up, current.ends_at)

    def advance(self) -> bool:
        """Bring up the next moment if its time has come; ``True`` if one came up."""
        now = self.clock()
        if not self.queue or self.free_at() > now:
            return False
        moment = self.queue.popleft()
        moment.up_at = now
        moment.ends_at = math.inf if moment.beat is None else now + moment.beat
        self.current = moment
        return True

    def due(self) -> float | None:
        """When the next moment in the queue comes up, if one waits."""
        return self.free_at() if self.queue else None

    def hold_until(self) -> float:
        """Until when the room is held: the last moment (queued ones included) has been up
        for its beat. Bots do not move, and no decision clock runs, before then."""
        current = self.current
        if current is None:
            return -math.inf
        end = current.ends_at
        free = self.free_at()
        for moment in self.queue:
            start = free
            end = math.inf if moment.beat is None else start + moment.beat
            free = max(start + self.min_up, end)
        return end

    def held(self) -> bool:
        """Whether a beat holds the room now."""
        return self.hold_until() > self.clock()

    def skip(self) -> None:
        """The host ends the beat of the moment up now (the next waits its ``MIN_UP``)."""
        current, now = self.current, self.clock()
        if current is None or current.ends_at <= now:
            raise RoomError("no moment is holding the table now")
        if current.beat is None:
            raise RoomError("the game is over: its last moment stays")
        current.ends_at = now

    def new_game(self) -> None:
        """A new deal clears the table (the count goes on)."""
        self.current = None
        self.queue.clear()
        self.gathered, self.gathered_seat = [], None

    def to_json(self) -> dict[str, Any] | None:
        """``room.moment`` (docs/protocol.md): the moment up now, with its beat's seconds
        left as of now (``0`` once over or ended by the host; ``None`` for the finale)."""
        m = self.current
        if m is None:
            return None
        left = None if m.beat is None else round(max(0.0, m.ends_at - self.clock()), 1)
        return {"n": m.n, "kind": m.kind, "seat": m.seat, "text": m.text, "move": m.move,
                "beat": None if m.beat is None else round(m.beat, 1), "left": left}
