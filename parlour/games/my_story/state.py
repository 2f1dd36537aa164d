"""My Story's state: everything about a game in progress (only the view lets it out).

The state holds a reference to its card set, so every rule reaches the printed cards
through the state it is given.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card, CardSet

Phase = Literal["choose", "turn", "over"]
"""``choose``: everyone keeps one of two occupations; ``turn``: the youngest plays; ``over``."""

Step = Literal["more", "choose", "convert", "act", "colour"]
"""Where a turn is: ``more`` (play another card?), ``choose`` (a Money/House ability),
``convert`` (House + House -> Star), ``act`` (explore or grow), ``colour`` (a Bonus
Resource card's colour)."""

# The age track.
TRACK_START = 20  # its first space: a marker's age is read off the track from here
START_AGE = 22
RETIREMENT_AGE = 50
LAST_AGE = 54

EVENTS_KEPT = 20
"""How many public events the state's log keeps (the narration reads the newest)."""


@dataclass
class SeatState:
    """One player's board. Draw piles keep their top card at the end of the list."""

    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    cv: list[str] = field(default_factory=list)
    occupation: str | None = None
    colours: dict[str, str] = field(default_factory=dict)  # bonus card -> its chosen colour
    achievements: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)  # Young Hearts that left the game
    age: int = START_AGE
    stamp: int = 0  # arrival order on the age space: lower = nearer to 20
    retired: bool = False
    dealt: list[str] = field(default_factory=list)  # the two starting occupations, until chosen
    pick: str | None = None  # the chosen one, hidden until everyone has chosen
    secret: str | None = None  # the starting occupation shuffled in, until it is first played

    def copy(self) -> SeatState:
        return SeatState(list(self.draw), list(self.discard), list(self.cv), self.occupation,
                         dict(self.colours), list(self.achievements), list(self.gone), self.age,
                         self.stamp, self.retired, list(self.dealt), self.pick, self.secret)

    def colours_of(self, card: Card) -> tuple[str, ...]:
        """A card's colours; a Bonus Resource card has the one its owner chose for it."""
        if card.kind == "bonus_resource":
            return (self.colours[card.id],) if card.id in self.colours else ()
        return card.colours


@dataclass
class Turn:
    """The active player's turn; all of it is on the table, so all of it is public."""

    seat: int
    played: list[str] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)
    step: Step = "more"
    extra: int = 0  # extra cards played thanks to Smile-card abilities
    chosen: list[str] = field(default_factory=list)  # resources gained by 'choose' abilities
    converted: int = 0  # conversion abilities already resolved
    explored: bool = False
    grown: bool = False
    colour_for: list[str] = field(default_factory=list)  # bonus cards waiting for a colour

    def copy(self) -> Turn:
        return Turn(self.seat, list(self.played), dict(self.pool), self.step, self.extra,
                    list(self.chosen), self.converted, self.explored, self.grown,
                    list(self.colour_for))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "played": list(self.played), "pool": dict(self.pool),
                "step": self.step, "extra": self.extra, "chosen": list(self.chosen),
                "converted": self.converted, "explored": self.explored, "grown": self.grown,
                "colour_for": list(self.colour_for)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Turn:
        return cls(data["seat"], list(data["played"]), dict(data["pool"]), data["step"],
                   data["extra"], list(data["chosen"]), data["converted"], data["explored"],
                   data["grown"], list(data["colour_for"]))


@dataclass
class MyStoryState:
    """The whole game. Decks keep their top card at the end of the list."""

    seed: int
    rng: random.Random
    seats: list[SeatState]
    card_set: CardSet
    life_deck: list[str] = field(default_factory=list)
    work_deck: list[str] = field(default_factory=list)
    life_track: list[str] = field(default_factory=list)
    work_track: list[str] = field(default_factory=list)
    reunion_decks: dict[int, list[str]] = field(default_factory=dict)
    achievement_deck: list[str] = field(default_factory=list)
    reunions: list[str] = field(default_factory=list)  # face up, open to attend
    achievements: list[str] = field(default_factory=list)  # face up, to be taken
    stage: int = 0  # 0 before the reunions open, then 30, then 40
    bonus_supply: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # face-up cards out of the game
    phase: Phase = "choose"
    turn: Turn | None = None
    first_round: list[int] = field(default_factory=list)
    next_stamp: int = 0
    turns: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> MyStoryState:
        rng = copy.copy(self.rng)  # whatever generator the game uses
        return MyStoryState(
            self.seed, rng, [s.copy() for s in self.seats], self.card_set, list(self.life_deck),
            list(self.work_deck), list(self.life_track), list(self.work_track),
            {k: list(v) for k, v in self.reunion_decks.items()}, list(self.achievement_deck),
            list(self.reunions), list(self.achievements), self.stage, list(self.bonus_supply),
            list(self.removed), self.phase, self.turn.copy() if self.turn else None,
            list(self.first_round), self.next_stamp, self.turns, [dict(e) for e in self.log])

    @property
    def players(self) -> int:
        return len(self.seats)

    def card(self, cid: str) -> Card:
        """The printed card with this id."""
        return self.card_set.cards[cid]

    def note(self, seat: int, event: str, **data: Any) -> None:
        """Log a public event (``seat`` -1: the table's own)."""
        self.log.append({"seat": seat, "event": event, **data})
        if len(self.log) > EVENTS_KEPT:
            del self.log[0]
