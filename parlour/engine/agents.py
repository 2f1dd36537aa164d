"""The agent interface: an agent sees one seat's view and its legal actions, nothing else."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .game import Action, Legal, View

if TYPE_CHECKING:
    from .game import Game


class Agent(Protocol):
    """Plays one seat. It may keep memory between calls (a persona, what it has seen)."""

    def act(self, view: View, legal: Legal) -> Action:
        """Choose an action from the seat's view and its legal actions."""
        ...


AgentFactory = Callable[["Game[Any]", int, int], Agent]
"""``factory(game, seat, seed)`` makes an agent for ``seat`` with its own seeded randomness."""


class RandomAgent:
    """Picks uniformly among the legal actions (or random free input)."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Legal) -> Action:
        return self.game.random_action(view, legal, self.rng)
