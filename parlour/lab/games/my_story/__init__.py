"""My Story in the lab: VP by scoring area, win rate by starting occupation, the time
economy (turns that cost no years, runs of turns by one player, turns taken against
winning), every card's take and completion rates with the win rate of those who did, what
each Project, Occupation and Achievement is worth against the others of its kind, and the
goals the standard card set was revised to meet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.engine import Match
from parlour.games.my_story.cards import CardSet
from parlour.games.my_story.scoring import score_sheet
from parlour.lab.figures import Figures
from parlour.lab.plan import Plan

from .. import GameLab, Observer
from .cards import achievements, areas, by_bot, life_stories, occupations, projects, starting
from .goals import goals
from .observer import StoryObserver
from .time import margin_flag, streak, time_economy

__all__ = ["LAB", "StoryLab", "streak", "time_economy"]


class StoryLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return StoryObserver(match)

    def standing(self, match: Match[Any]) -> list[float] | None:
        """The VP each player would score if the game ended now."""
        return [float(t) for t in score_sheet(match.state)["total"]]

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        lines = plan.lines
        cards = card_set_of(plan)
        areas(rows, out)
        starting(rows, plan.players, cards, lines, out)
        time_economy(rows, plan.players, lines, out)
        margin_flag(rows, lines, out)
        life_stories(rows, cards, lines, out)
        projects(rows, cards, lines, out)
        occupations(rows, cards, lines, out)
        achievements(rows, cards, lines, out)
        by_bot(rows, cards, out)
        if rows:
            goals(rows, cards, lines, out)


def card_set_of(plan: Plan) -> CardSet:
    """The card set the plan's options name."""
    from parlour.games import get_game

    cards: CardSet = get_game(plan.game).card_set_for(plan.options)  # type: ignore[attr-defined]
    return cards


LAB = StoryLab()
