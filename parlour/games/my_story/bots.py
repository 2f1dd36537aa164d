"""My Story's bots: a heuristic planner (from its seat's view only) and cheap rollouts."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from parlour.engine import Action

from .state import MyStoryState

if TYPE_CHECKING:
    from .rules import MyStory


def rollout_action(game: MyStory, state: MyStoryState, seat: int, rng: random.Random) -> Action:
    """A random legal action for search playouts, leaning towards doing something useful."""
    choices = game.choices(state, seat)
    return rng.choice(choices)


class HeuristicAgent:
    """Placeholder replaced below."""
