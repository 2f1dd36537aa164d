"""What's It to Ya?: what one move made public, in sentences for the table's log.

Only spectator views are compared, so nothing here can tell more than a spectator
sees: rankings stay secret until the last one is in and the dealer reveals the round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """Sentences about what became public between two spectator views around one move."""
    if len(after["history"]) <= len(before["history"]):
        # A secret ranking went in: only "someone acted" is public, and the server says that.
        return []
    entry = after["history"][-1]
    out = [_reveal(entry, names), _outcome(entry, after, names)]
    if after.get("over"):
        out.append(_game_end(after, names))
    elif after["dealer"] is not None and after["table"]:
        out.append(f"Round {after['round']}: {_name(names, after['dealer'])} deals"
                   f" {_listed(after['table'])}.")
    return out


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


def _reveal(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    dealer = entry["dealer"]
    order = ", ".join(entry["rankings"][dealer])
    scores = ", ".join(f"{_name(names, s)} {c}" for s, c in enumerate(entry["correct"])
                       if c is not None)
    return (f"Round {entry['round']}: {_name(names, dealer)} ranked {order};"
            f" correct answers: {scores}.")


def _outcome(entry: Mapping[str, Any], after: Mapping[str, Any], names: Sequence[str]) -> str:
    winners: list[int] = entry["winners"]
    if not winners:
        dealer = _name(names, entry["dealer"])
        penalty = entry.get("dealer_discarded")
        lost = (f"{dealer} discards {penalty}, a card they had won" if penalty
                else f"{dealer} has no won card to discard")
        return f"Nobody matched a single card, so all five are discarded; {lost}."
    if len(winners) == 1:
        seat = winners[0]
        return (f"{_name(names, seat)} takes all five cards and now has"
                f" {_cards(after['cards_won'][seat])}.")
    takes = ", ".join(
        f"{_name(names, s)} takes {_listed(entry['awarded'][s])}"
        f" (now {_cards(after['cards_won'][s])})" for s in winners)
    dropped = entry["discarded"]
    if not dropped:
        return f"Tied with {entry['best']} correct: {takes}."
    verb = "is" if len(dropped) == 1 else "are"
    return f"Tied with {entry['best']} correct: {takes}; {_listed(dropped)} {verb} discarded."


def _game_end(after: Mapping[str, Any], names: Sequence[str]) -> str:
    winners = list(after.get("winners") or [])
    if not winners:
        return "The game is over."
    top = _cards(after["cards_won"][winners[0]])
    if len(winners) == 1:
        return f"The game is over: {_name(names, winners[0])} wins with {top}."
    who = _listed([_name(names, s) for s in winners])
    return f"The game is over: {who} share the victory with {top}."
