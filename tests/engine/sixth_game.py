"""High or Low: a sixth game written by following docs/adding-a-game.md, in one module.

Each player is dealt a secret number from 1 to 9 (all different). First everyone names a
lucky colour at once (free text); then, in seat order, each player guesses whether the
next player's number is high (6–9) or low (1–5). A right guess scores a point; most points
wins, ties share. The tests wire it exactly as a game package's ``__init__.py`` would and
play it through the engine, the bots, the terminal and the server without touching them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import (
    Action,
    Game,
    Legal,
    MalformedAction,
    Result,
    Text,
    View,
    generator,
    require_keys,
)

NUMBERS = tuple(range(1, 10))
COLOURS = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange")


def is_high(number: int) -> bool:
    return number >= 6


@dataclass
class HighOrLowState:
    numbers: list[int]
    colours: list[str | None]
    guesses: list[str | None] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.numbers)


class HighOrLow(Game[HighOrLowState]):
    id = "high-or-low"
    title = "High or Low"
    min_players = 2
    max_players = 4

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> HighOrLowState:
        numbers = generator(seed).sample(NUMBERS, players)
        return HighOrLowState(numbers, [None] * players, [None] * players, [0] * players)

    def players(self, state: HighOrLowState) -> int:
        return state.players

    def to_act(self, state: HighOrLowState) -> frozenset[int]:
        if None in state.colours:
            return frozenset(s for s, c in enumerate(state.colours) if c is None)
        waiting = [s for s, g in enumerate(state.guesses) if g is None]
        return frozenset(waiting[:1])

    def legal(self, state: HighOrLowState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        if None in state.colours:
            return Legal(spec=Text("colour", label="Your lucky colour", suggestions=COLOURS))
        return Legal(choices=[{"guess": "high"}, {"guess": "low"}])

    def advance(self, state: HighOrLowState, seat: int, action: Action) -> None:
        if None in state.colours:
            spec = self.legal(state, seat).spec
            assert spec is not None
            state.colours[seat] = spec.read(action)
            return
        require_keys(action, ["guess"])
        if action["guess"] not in ("high", "low"):
            raise MalformedAction(f"guess 'high' or 'low' (got {action['guess']!r})")
        state.guesses[seat] = action["guess"]
        target = state.numbers[(seat + 1) % state.players]
        if (action["guess"] == "high") == is_high(target):
            state.points[seat] += 1

    def view(self, state: HighOrLowState, seat: int | None) -> View:
        over = self.is_over(state)
        return {"seat": seat, "colours": list(state.colours), "guesses": list(state.guesses),
                "points": list(state.points),
                "numbers": [n if over or s == seat else None
                            for s, n in enumerate(state.numbers)]}

    def is_over(self, state: HighOrLowState) -> bool:
        return None not in state.guesses

    def result(self, state: HighOrLowState) -> Result | None:
        return Result.highest_wins(state.points) if self.is_over(state) else None


def determinize(view: View, seat: int, rng: random.Random) -> HighOrLowState:
    """The other numbers drawn from those the seat has not seen."""
    unseen = [n for n in NUMBERS if n not in view["numbers"]]
    numbers = [n if n is not None else unseen.pop(rng.randrange(len(unseen)))
               for n in view["numbers"]]
    return HighOrLowState(numbers, list(view["colours"]), list(view["guesses"]),
                          list(view["points"]))


def narrate(before: View, after: View, names: Any) -> list[str]:
    told = []
    for s, (old, new) in enumerate(zip(before["guesses"], after["guesses"], strict=True)):
        if old is None and new is not None:
            told.append(f"{names[s]} guesses {new}.")
    return told


GAME = HighOrLow().wire(determinize=determinize, narrate=narrate,
                        words={"high": "6 to 9", "low": "1 to 5"})
