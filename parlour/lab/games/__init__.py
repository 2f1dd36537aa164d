"""Each game's own questions for the lab: one module per game, named like its package.

A game's module defines ``LAB``, a :class:`GameLab`: an *observer* that watches a
replayed record move by move and says what it saw (a small JSON-safe dict, stored in the
game's row under ``game``), the game's own figures made from the rows, and which
decisions are guesses (for ``--skills``). ``LABS`` names every game's module in one
place; a game not in it gets the generic figures only, and a module named there that does
not import is an error, not a silent fallback.

Observers read only what a replay exposes: the match after each move (its state, views
and result). Figures read only the rows.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from parlour.engine import Action, Legal, Match, Result, View

if TYPE_CHECKING:
    from parlour.lab.figures import Figures
    from parlour.lab.plan import Plan


class Observer:
    """Watches one replayed game; the default one sees nothing game-specific."""

    def moved(self, match: Match[Any], seat: int, action: Action) -> None:
        """Called after each move of the record, on the match as it now stands."""

    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        """What this game came to, JSON-safe."""
        return {}


class GameLab:
    """What the lab asks of one game beyond the generic figures."""

    def observer(self, match: Match[Any]) -> Observer:
        return Observer()

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        """Add the game's own tables and flags to ``out``."""

    def guessing(self, view: View, seat: int, legal: Legal) -> bool:
        """Whether this decision is a guess at another player's mind (for ``--skills``)."""
        return False

    def standing(self, match: Match[Any]) -> list[float] | None:
        """Each player's score so far, after a move (for the lead and comebacks); ``None``
        when the game has no score to read now (it is then taken as unchanged)."""
        return None

    def facts(self, view: View, action: Action) -> dict[str, Any]:
        """What a strategy script may match in an action besides its own fields (what
        the action picks, read off the acting seat's view)."""
        return {}

    def content(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """The content the options play, as the document a designer edits (for a sweep
        over a card field and a diff of two sets); ``None`` for a game without any."""
        return None

    def kingmaking(self) -> bool:
        """Whether to ask if a player who cannot win decides who does (games of three or
        more; it replays the end of each game with other choices)."""
        return True


LABS: dict[str, str] = {
    "love-me-not": "parlour.lab.games.love_me_not",
    "my-favourite-things": "parlour.lab.games.my_favourite_things",
    "my-story": "parlour.lab.games.my_story",
    "take-your-pick": "parlour.lab.games.take_your_pick",
    "whats-it-to-ya": "parlour.lab.games.whats_it_to_ya",
}
"""Each game's own lab module, by game id (the module defines ``LAB``)."""

GENERIC = GameLab()
"""The lab of a game that asks nothing beyond the generic figures."""


class LabModuleError(RuntimeError):
    """A game's registered lab module cannot be loaded: a fault in the code, not in input."""


@cache
def lab_for(game_id: str) -> GameLab:
    """The lab of a game: its registered module's ``LAB``, or ``GENERIC`` for a game that
    has none registered."""
    name = LABS.get(game_id)
    if name is None:
        return GENERIC
    module = importlib.import_module(name)  # a registered module that fails is an error
    lab = getattr(module, "LAB", None)
    if not isinstance(lab, GameLab):
        raise LabModuleError(f"{name} (the lab of {game_id}) defines no LAB")
    return lab
