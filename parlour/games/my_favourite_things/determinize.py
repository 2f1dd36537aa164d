"""Imagining the hidden part: what a seat knows, and full states drawn at random that agree
with it (for search bots, which must never read the real hidden state)."""

from __future__ import annotations

import copy
import random

from parlour.engine import View, generator, shuffle

from .content import CONTENT
from .rules import SUGGESTIONS, random_set
from .state import (
    CATEGORY,
    PLAY,
    RANKS,
    WRITING,
    MyFavouriteThingsState,
    giver_for,
    writer_of,
)


def revealed(view: View, seat: int) -> dict[str, int]:
    """The ranks of ``seat``'s sleeves revealed so far this round, by entry."""
    return {p["entry"]: p["rank"] for p in view["seats"][seat]["played"]}


def unrevealed_ranks(view: View, seat: int) -> list[int]:
    """The ranks of ``seat``'s set that nobody but its writer has seen yet this round."""
    shown = set(revealed(view, seat).values())
    return [r for r in RANKS if r not in shown]


def in_trick(view: View, seat: int) -> str | None:
    """The entry ``seat`` has played into the current (unrevealed) trick, if any."""
    trick = view["trick"] or {"plays": []}
    return next((p["entry"] for p in trick["plays"] if p["seat"] == seat), None)


def sample_set(view: View, seat: int, rng: random.Random) -> list[str]:
    """``seat``'s set in rank order: revealed ranks kept, the hidden ones dealt at random."""
    known = revealed(view, seat)
    hidden = [e for e in [in_trick(view, seat)] if e is not None] + list(
        view["seats"][seat]["hand"])
    ranks = unrevealed_ranks(view, seat)
    shuffle(rng, ranks)
    ranked = [""] * len(RANKS)
    for entry, rank in [*known.items(), *zip(hidden, ranks, strict=True)]:
        ranked[RANKS.index(rank)] = entry
    return ranked


def determinize(view: View, seat: int, rng: random.Random) -> MyFavouriteThingsState:
    """A full state consistent with ``seat``'s view, built from the view alone.

    Categories and entries the seat cannot see are drawn from the bundled
    content; the hidden ranks of every set the seat did not write are dealt
    at random among the ranks not yet revealed.
    """
    n, round_no, phase = view["players"], view["round"], view["phase"]
    seats = view["seats"]
    you = view["you"] or {}
    trick = view["trick"] or {"plays": []}
    state = MyFavouriteThingsState(
        seed=0, rng=generator(rng.getrandbits(64)), players=n,
        first_player=view["first_player"], marker=view["marker"], round=round_no, phase=phase,
        categories=[None] * n, sets=[None] * n, hands=[[] for _ in range(n)],
        trick=[(p["seat"], p["entry"]) for p in trick["plays"]],
        trick_number=view["trick_number"], hearts=list(view["hearts"]),
        tricks=copy.deepcopy(view["tricks"]), rounds=copy.deepcopy(view["history"]),
    )
    # Only the seat's own ideas are in its view; others' are any bundled categories.
    state.ideas = [list(you.get("suggestions") or []) if g == seat and phase == CATEGORY
                   else rng.sample(CONTENT.names, SUGGESTIONS) for g in range(n)]
    for g in range(n):
        if phase == CATEGORY:
            if seats[g]["done"] or g == seat:
                state.categories[g] = seats[g]["category"] or rng.choice(CONTENT.names)
            if not seats[g]["done"]:
                state.categories[g] = None
        elif phase in (WRITING, PLAY):
            state.categories[g] = seats[g]["category"]
    if phase == WRITING:
        for w in range(n):
            if seats[w]["done"]:
                g = giver_for(w, round_no, n)
                own = you.get("written") if w == seat else None
                state.sets[g] = list(own) if own else random_set(state.categories[g] or "", rng)
    if phase == PLAY:
        for g in range(n):
            mine = writer_of(g, round_no, n) == seat
            state.sets[g] = list(you["written"]) if mine else sample_set(view, g, rng)
            state.hands[g] = list(seats[g]["hand"])
    return state

