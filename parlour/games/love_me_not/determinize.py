"""Imagining the hidden part: full states drawn at random that agree with one seat's view
(for search bots, which must never read the real hidden state)."""

from __future__ import annotations

import random

from parlour.engine import View, generator, shuffle

from .rules import DECK, LoveMeNotState, copy_match


def unseen_cards(view: View) -> list[str]:
    """Cards of the current match that the viewing seat has not seen, in deck order."""
    seen = set(view["hand"])
    for side in view["seats"]:
        seen.update(e["card"] for e in side["tableau"] if e["card"] is not None)
        seen.update(side["pile"] or [])
    return [c for c in DECK if c not in seen]


def determinize(view: View, seat: int, rng: random.Random) -> LoveMeNotState:
    """A full state consistent with ``seat``'s view: the unseen cards dealt at random."""
    unseen = unseen_cards(view)
    shuffle(rng, unseen)
    opp = 1 - seat
    mine, theirs = view["seats"][seat], view["seats"][opp]
    tableau: list[list[str]] = [[], []]
    pile: list[list[str]] = [[], []]
    tableau[seat] = [e["card"] for e in mine["tableau"]]
    pile[seat] = list(mine["pile"])
    tableau[opp] = [e["card"] if e["card"] is not None else unseen.pop()
                    for e in theirs["tableau"]]
    pile[opp] = (list(theirs["pile"]) if theirs["pile"] is not None
                 else [unseen.pop() for _ in range(theirs["pile_count"])])
    drawn: list[list[str]] = [[], []]
    drawn[seat] = list(view["hand"])
    if not theirs["chosen"] and not view["over"]:
        drawn[opp] = [unseen.pop(), unseen.pop()]
    revealed = sum(1 for e in mine["tableau"] if e["revealed"])
    return LoveMeNotState(
        seed=0,
        best_of=view["best_of"],
        rng=generator(rng.getrandbits(64)),
        deck=unseen,
        drawn=drawn,
        tableau=tableau,
        pile=pile,
        revealed=revealed,
        turn=view["turn"],
        history=[copy_match(m) for m in view["history"]],
        wins=list(view["matches_won"]),
        over=view["over"],
    )
