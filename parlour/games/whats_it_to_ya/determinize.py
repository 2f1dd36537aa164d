"""Imagining the hidden part: full states drawn at random that agree with one seat's view
(for search bots, which must never read the real hidden state)."""

from __future__ import annotations

import copy
import json
import random

from parlour.engine import View, generator, shuffle

from .content import STANDARD, norm
from .rules import WhatsItToYaState


def seen_words(view: View) -> set[str]:
    """Every word the viewing seat has seen face up (normalised)."""
    seen = {norm(w) for w in view["table"]}
    for entry in view["history"]:
        seen.update(norm(w) for w in entry["cards"])
    return seen


def unseen_deck(view: View, rng: random.Random) -> list[str]:
    """A draw pile of ``deck_count`` words the seat has not seen, in random order.

    The built-in words stand in for the pile; a home-made deck longer than
    what is left of them is padded with placeholder words.
    """
    seen = seen_words(view)
    pool = [w for side in ("front", "back") for w in STANDARD.words(side) if norm(w) not in seen]
    shuffle(rng, pool)
    need = view["deck_count"]
    pool += [f"Unseen card {i}" for i in range(max(0, need - len(pool)))]
    return pool[:need]


def determinize(view: View, seat: int, rng: random.Random) -> WhatsItToYaState:
    """A full state consistent with ``seat``'s view.

    Secret rankings that others have submitted this round are drawn at random;
    the seat's own is known; the draw pile is unseen words.
    """
    players = view["players"]
    table = list(view["table"])
    rankings: list[list[str] | None] = [None] * players
    for s in range(players):
        if s == seat and view["my_ranking"] is not None:
            rankings[s] = list(view["my_ranking"])
        elif view["submitted"][s]:
            guess = list(table)
            shuffle(rng, guess)
            rankings[s] = guess
    return WhatsItToYaState(
        seed=0,
        rng=generator(rng.getrandbits(64)),
        players=players,
        dealer_turns=view["dealer_turns"],
        side=view["side"],
        first_dealer=view["first_dealer"],
        deck=unseen_deck(view, rng),
        total_cards=view["total_cards"],
        dealer=view["dealer"] if view["dealer"] is not None else 0,
        table=table,
        rankings=rankings if not view["over"] else [None] * players,
        won=[list(cards) for cards in view["won"]],
        discarded=list(view["discarded"]),
        history=copy.deepcopy(view["history"]),
        over=view["over"],
        history_json=json.dumps(view["history"]),
    )
