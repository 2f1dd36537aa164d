"""My Story's state: everything about a game in progress (only ``view`` lets it out)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


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
    age: int = 22
    stamp: int = 0  # arrival order on the age space: lower = nearer to 20
    retired: bool = False
    dealt: list[str] = field(default_factory=list)  # the two starting occupations, until chosen
    pick: str | None = None  # the chosen one, hidden until everyone has chosen
    secret: str | None = None  # the starting occupation shuffled in, until it is first played

    def copy(self) -> SeatState:
        return SeatState(list(self.draw), list(self.discard), list(self.cv), self.occupation,
                         dict(self.colours), list(self.achievements), list(self.gone), self.age,
                         self.stamp, self.retired, list(self.dealt), self.pick, self.secret)


@dataclass
class Turn:
    """The active player's turn; all of it is on the table, so all of it is public."""

    seat: int
    played: list[str] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)
    step: str = "more"  # more | choose | convert | act | colour
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
    phase: str = "choose"  # choose | turn | over
    turn: Turn | None = None
    first_round: list[int] = field(default_factory=list)
    next_stamp: int = 0
    turns: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> MyStoryState:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return MyStoryState(
            self.seed, rng, [s.copy() for s in self.seats], list(self.life_deck),
            list(self.work_deck), list(self.life_track), list(self.work_track),
            {k: list(v) for k, v in self.reunion_decks.items()}, list(self.achievement_deck),
            list(self.reunions), list(self.achievements), self.stage, list(self.bonus_supply),
            list(self.removed), self.phase, self.turn.copy() if self.turn else None,
            list(self.first_round), self.next_stamp, self.turns, [dict(e) for e in self.log])

    @property
    def players(self) -> int:
        return len(self.seats)
