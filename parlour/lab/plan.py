"""What a lab run plays: the game, the seats, the bots, the options, the seeds.

>>> plan = Plan("love-me-not", 2, ("greedy", "random"), games=2, seed=5)
>>> plan.seating(1)
['random', 'greedy']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import generator

from .flags import Lines
from .strategy import Script


@dataclass(frozen=True)
class Plan:
    """Which game, how many seats, which bots (rotated), what options, from which seed.

    ``skills``: when given, each seat of each game gets one of these guessing skills,
    drawn from the game's seed; a bot with skill ``s`` makes each guess its own way with
    probability ``s`` and at random otherwise (the game's lab says what a guess is).
    ``rotate``: whether the bots move one seat per game (the lab) or keep their seats
    (``parlour simulate``, which reports each seat's bot). ``lines``: where its figures
    are flagged (:class:`~parlour.lab.flags.Lines`). ``scripts``: the strategy scripts
    its bots name (``script:FILE``), read when it was planned.
    """

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    skills: tuple[float, ...] = ()
    rotate: bool = True
    lines: Lines = field(default_factory=Lines)
    scripts: Mapping[str, Script] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.bots) != self.players:
            raise ValueError(f"a plan names one bot per seat ({self.players} seats, "
                             f"{len(self.bots)} bots)")

    def seating(self, index: int) -> list[str]:
        """The bot in each seat of game ``index``: the list rotated by ``index``."""
        n = len(self.bots)
        turn = index if self.rotate else 0
        return [self.bots[(seat - turn) % n] for seat in range(n)]

    def skill_of(self, index: int) -> list[float] | None:
        if not self.skills:
            return None
        rng = generator(self.seed + index, "lab-skills")
        return [rng.choice(self.skills) for _ in range(self.players)]
