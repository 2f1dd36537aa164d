"""Love Me Not: what one move made public, said as a player at the table would say it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.narration import Beat

from .words import card_text, cards_text


def _turns_text(turns: Sequence[int]) -> str:
    if len(turns) == 1:
        return f"turn {turns[0]}"
    return "turns " + ", ".join(map(str, turns[:-1])) + f" and {turns[-1]}"


def _revealed_count(seat: Mapping[str, Any]) -> int:
    return sum(1 for entry in seat["tableau"] if entry["revealed"])


def _reveals_in_match(before: Mapping[str, Any], after: Mapping[str, Any],
                      names: Sequence[str]) -> list[str]:
    told = []
    for s, side in enumerate(after["seats"]):
        shown = _revealed_count(before["seats"][s])
        for turn, entry in enumerate(side["tableau"][shown:], start=shown + 1):
            if entry["revealed"]:
                told.append(f"{names[s]}'s card from turn {turn}: {card_text(entry['card'])}.")
    return told


def _match_reveals(before: Mapping[str, Any], match: Mapping[str, Any],
                   names: Sequence[str]) -> list[str]:
    # The match's last cards and both piles come out only in the history entry: the
    # table is already cleared for the next match when there is one.
    told = []
    for s, tableau in enumerate(match["tableau"]):
        shown = _revealed_count(before["seats"][s])
        turns = list(range(shown + 1, len(tableau) + 1))
        told.append(f"{names[s]}'s cards from {_turns_text(turns)}: "
                    f"{cards_text(tableau[shown:])}; pile: {cards_text(match['pile'][s])}.")
    return told


def _match_result(after: Mapping[str, Any], names: Sequence[str]) -> str:
    number = len(after["history"])
    match = after["history"][-1]
    points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(match["points"]))
    head = f"Match {number}: {points} — "
    wins = after["matches_won"]
    standing = ", ".join(f"{names[s]} {w}" for s, w in enumerate(wins))
    if len(match["winners"]) > 1:
        if after["over"]:
            return head + "a tie, and the game ends in a tie."
        return head + "a tie, so nobody wins the match and another is dealt."
    winner = names[match["winners"][0]]
    if not after["over"]:
        return head + f"{winner} wins the match (matches won: {standing})."
    if after["best_of"] == 1:
        return head + f"{winner} wins the match and the game."
    return head + f"{winner} wins the match and the game (matches won: {standing})."


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """Sentences about what one move showed a spectator: tableau cards turned up one
    turn behind, and at a match's end the last cards, both piles and the score."""
    if len(after["history"]) > len(before["history"]):
        return [*_match_reveals(before, after["history"][-1], names),
                _match_result(after, names)]
    return _reveals_in_match(before, after, names)


def beat(before: Mapping[str, Any], after: Mapping[str, Any]) -> Beat | None:
    """The game's end is the finale; a match's end, with both piles and the sums, a long
    moment; a card turned up (one turn behind) a short one; a secret keep, none."""
    if after["over"]:
        return "finale"
    if len(after["history"]) > len(before["history"]):
        return "long"
    turned = any(_revealed_count(now) > _revealed_count(was)
                 for was, now in zip(before["seats"], after["seats"], strict=True))
    return "short" if turned else None
