"""What the clients check of what the server tells them: no secret of the opponent shown
while a game runs, and at its end a result that the two players' own views bear out."""

from __future__ import annotations

from typing import Any

from parlour.games.love_me_not import DECK, score


def problems_in_view(view: dict[str, Any], seat: int) -> list[str]:
    """What a player's view of a running game shows that it must not (the opponent's secrets)."""
    other = view["seats"][1 - seat]
    found = []
    if other["pile"] is not None:
        found.append("the opponent's pile is shown")
    if any(c["card"] is not None and not c["revealed"] for c in other["tableau"]):
        found.append("an unrevealed card of the opponent is shown")
    return found


def problems_at_end(finals: list[dict[str, Any]]) -> list[str]:
    """Check a finished game from the two players' own final snapshots."""
    found = []
    views = [f["play"]["view"] for f in finals]
    results = [f["play"]["result"] for f in finals]
    if results[0] != results[1] or results[0] is None:
        found.append("the players were told different results")
    tableaus = [[c["card"] for c in views[s]["seats"][s]["tableau"]] for s in (0, 1)]
    piles = [views[s]["seats"][s]["pile"] or [] for s in (0, 1)]
    expected = [score(tableaus[s], piles[s], piles[1 - s]) for s in (0, 1)]
    if results[0] is not None and results[0]["scores"] != expected:
        found.append(f"scores {results[0]['scores']} are not the recomputed {expected}")
    if sorted([*tableaus[0], *tableaus[1], *piles[0], *piles[1]]) != sorted(DECK):
        found.append("the cards are not exactly the 20-card deck")
    return found
