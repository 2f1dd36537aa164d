"""What's It to Ya?: what one move made public, in sentences for the table's log.

Only spectator views are compared, so nothing here can tell more than a spectator
sees: rankings stay secret until the last one is in and the dealer reveals the round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.narration import Beat, counted, game_over, listing, seat_name

from .words import CARD


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """Sentences about what became public between two spectator views around one move."""
    if len(after["history"]) <= len(before["history"]):
        # A secret ranking went in: only "someone acted" is public, and the server says that.
        return []
    entry = after["history"][-1]
    out = [_reveal(entry, names), _outcome(entry, after, names)]
    if after.get("over"):
        winners = list(after.get("winners") or [])
        top = counted(after["cards_won"][winners[0]], CARD) if winners else ""
        out.append(game_over(names, winners, top))
    elif after["dealer"] is not None and after["table"]:
        out.append(f"Round {after['round']}: {seat_name(names, after['dealer'])} deals"
                   f" {listing(after['table'])}.")
    return out


def _reveal(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    dealer = entry["dealer"]
    order = ", ".join(entry["rankings"][dealer])
    scores = ", ".join(f"{seat_name(names, s)} {c}" for s, c in enumerate(entry["correct"])
                       if c is not None)
    return (f"Round {entry['round']}: {seat_name(names, dealer)} ranked {order};"
            f" correct answers: {scores}.")


def _outcome(entry: Mapping[str, Any], after: Mapping[str, Any], names: Sequence[str]) -> str:
    winners: list[int] = entry["winners"]
    if not winners:
        dealer = seat_name(names, entry["dealer"])
        penalty = entry.get("dealer_discarded")
        lost = (f"{dealer} discards {penalty}, a card they had won" if penalty
                else f"{dealer} has no won card to discard")
        return f"Nobody matched a single card, so all five are discarded; {lost}."
    if len(winners) == 1:
        seat = winners[0]
        return (f"{seat_name(names, seat)} takes all five cards and now has"
                f" {counted(after['cards_won'][seat], CARD)}.")
    takes = ", ".join(
        f"{seat_name(names, s)} takes {listing(entry['awarded'][s])}"
        f" (now {counted(after['cards_won'][s], CARD)})" for s in winners)
    dropped = entry["discarded"]
    if not dropped:
        return f"Tied with {entry['best']} correct: {takes}."
    verb = "is" if len(dropped) == 1 else "are"
    return f"Tied with {entry['best']} correct: {takes}; {listing(dropped)} {verb} discarded."


def beat(before: Mapping[str, Any], after: Mapping[str, Any]) -> Beat | None:
    """The game's end is the finale; a round's reveal (every ranking, the table of correct
    answers, who takes the cards) a long moment; a ranking given in secret, none."""
    if after.get("over"):
        return "finale"
    return "long" if len(after["history"]) > len(before["history"]) else None
