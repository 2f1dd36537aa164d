"""Each game's own questions for the lab: one module per game, named like its package.

A game's module defines ``LAB``, a :class:`GameLab`: an *observer* that watches a
replayed record move by move and says what it saw (a small JSON-safe dict, stored in the
game's row under ``game``), the game's own figures made from the rows, and which
decisions are guesses (for ``--skills``). A game without a module gets the generic
figures only.

Observers read only what a replay exposes: the match after each move (its state, views
and result). Figures read only the rows.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
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


@cache
def lab_for(game_id: str) -> GameLab:
    """The lab of a game: its module's ``LAB``, or the generic one."""
    name = f"parlour.lab.games.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return GameLab()
    lab: GameLab = module.LAB
    return lab
