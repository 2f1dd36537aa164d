"""The agent every game has: one that plays at random (the ``random`` bot)."""

from __future__ import annotations

import random
from typing import Any

from .game import Action, Game, Legal, View


class RandomAgent:
    """Picks uniformly among the legal actions (or random free input)."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Legal) -> Action:
        return self.game.random_action(view, legal, self.rng)
