"""My Favourite Things: what one move made public, in sentences for the table's log.

Only spectator views are compared, so nothing here can tell more than a spectator
sees: a category stays secret until the last one is given, and written entries stay
secret until the sleeves come back and are read out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.narration import Beat, counted, game_over, seat_name

from .state import BROKEN_HEART, CATEGORY, PLAY, WRITING
from .words import rank_name


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """Sentences about what became public between two spectator views around one move."""
    phase = before.get("phase")
    if phase == CATEGORY and after.get("phase") == WRITING:
        return [_categories(after, names)]
    if phase == WRITING and after.get("phase") == PLAY:
        return [_sleeves_back(after, names)]
    if phase == PLAY:
        return _play(before, after, names)
    return []


def _q(text: str) -> str:
    # Entries are free text ("The ball is in your court"), so quotes mark where one ends.
    return f"\u201c{text}\u201d"


def _categories(after: Mapping[str, Any], names: Sequence[str]) -> str:
    gifts = [f"{seat_name(names, s['seat'])} gave {seat_name(names, s['writer'])}"
             f" {_q(s['category'])}" for s in after["seats"]]
    return "The categories are read out: " + "; ".join(gifts) + "."


def _sleeves_back(after: Mapping[str, Any], names: Sequence[str]) -> str:
    leader = seat_name(names, after["trick"]["leader"])
    return (f"Round {after['round']}: every set is written and read out;"
            f" {leader} leads trick 1.")


def _play(before: Mapping[str, Any], after: Mapping[str, Any],
          names: Sequence[str]) -> list[str]:
    if len(after["tricks"]) == len(before["tricks"]):
        # The trick is still open: only the sleeves played since ``before`` are new.
        old = (before.get("trick") or {}).get("plays") or []
        plays = (after.get("trick") or {}).get("plays") or []
        return [_played(play, names) for play in plays[len(old):]]
    trick = after["tricks"][-1]
    out = [_played(trick["plays"][-1], names), _reveal(trick, names), _win(trick, after, names)]
    if len(after["history"]) > len(before["history"]):
        out.append(_round_end(after["history"][-1], names))
    if after.get("over"):
        winners = list(after.get("winners") or [])
        top = counted(after["hearts"][winners[0]], "heart") if winners else ""
        out.append(game_over(names, winners, top))
    return out


def _played(play: Mapping[str, Any], names: Sequence[str]) -> str:
    return f"{seat_name(names, play['seat'])} plays {_q(play['entry'])}."


def _reveal(trick: Mapping[str, Any], names: Sequence[str]) -> str:
    shown = [f"{seat_name(names, p['seat'])}'s {_q(p['entry'])} is {rank_name(p['rank'])}"
             for p in trick["plays"]]
    return "Revealed: " + ", ".join(shown) + "."


def _win(trick: Mapping[str, Any], after: Mapping[str, Any], names: Sequence[str]) -> str:
    winner = trick["winner"]
    play = next(p for p in trick["plays"] if p["seat"] == winner)
    why = ""
    if play["rank"] == BROKEN_HEART and any(p["rank"] == 1 for p in trick["plays"]):
        why = ", which beats a 1"
    hearts = counted(after["hearts"][winner], "heart")
    return (f"{seat_name(names, winner)} wins trick {trick['number']} with {_q(play['entry'])}"
            f" ({rank_name(play['rank'])}{why}) and now has {hearts}.")


def _round_end(summary: Mapping[str, Any], names: Sequence[str]) -> str:
    won = ", ".join(f"{seat_name(names, s)} {counted(h, 'heart')}"
                    for s, h in enumerate(summary["hearts"]))
    return f"Round {summary['round']} ends. Hearts this round: {won}."


def beat(before: Mapping[str, Any], after: Mapping[str, Any]) -> Beat | None:
    """The game's end is the finale; a round's end (everyone's hearts) and the categories
    read out a long moment; a sleeve played and read, a trick won, the sets read out and
    the first lead, a short one; a category or a set written in secret, none."""
    if after.get("over"):
        return "finale"
    phase = before.get("phase")
    if len(after["history"]) > len(before["history"]):
        return "long"
    if phase == CATEGORY and after.get("phase") == WRITING:
        return "long"
    if phase == WRITING and after.get("phase") == PLAY:
        return "short"
    return "short" if phase == PLAY else None
