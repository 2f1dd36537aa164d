"""What the parts of My Story's lab share: their sections and a player's share of a win."""

from __future__ import annotations

from typing import Any

SECTION_TIME = "My Story: the time economy"
SECTION_CARDS = "My Story: the cards"
SECTION_SCORING = "My Story: scoring"
SECTION_GOALS = "My Story: the card set's goals"


def win_share(row: dict[str, Any], seat: int) -> float:
    return 1 / len(row["winners"]) if seat in row["winners"] else 0.0
