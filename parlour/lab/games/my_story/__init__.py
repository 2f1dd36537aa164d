"""My Story in the lab: VP by scoring area, win rate by starting occupation, the time
economy (turns that cost no years, runs of turns by one player, turns taken against
winning), every card's take and completion rates with the win rate of those who did, what
each Project, Occupation and Achievement is worth against the others of its kind, and the
goals the standard card set was revised to meet.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import Action, Match, View
from parlour.games.my_story.cards import BUNDLED, DEFAULT_PATH, STANDARD, CardSet
from parlour.games.my_story.scoring import score_sheet
from parlour.lab.figures import Figures
from parlour.lab.plan import Plan

from .. import GameLab, Observer
from .cards import achievements, areas, by_bot, life_stories, occupations, projects, starting
from .goals import goals
from .observer import StoryObserver
from .time import margin_flag, streak, time_economy

__all__ = ["LAB", "StoryLab", "streak", "time_economy"]

CARDS_DIR = DEFAULT_PATH.parent
"""Where the bundled card sets are (the game's package)."""


class StoryLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return StoryObserver(match)

    def facts(self, view: View, action: Action) -> dict[str, Any]:
        """A ``take`` names the card it picks (``card``), read off the track in view."""
        if "take" in action and "slot" in action:
            track = view.get(f"{action['take']}_track") or []
            if 0 <= action["slot"] < len(track):
                return {"card": track[action["slot"]]}
        return {}

    def content(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """The card set the options play, as a card-set document."""
        if "cards" in options:
            return dict(options["cards"])
        name = options.get("card_set", STANDARD)
        document: dict[str, Any] = json.loads(
            (CARDS_DIR / BUNDLED[name]).read_text(encoding="utf-8"))
        return document

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
