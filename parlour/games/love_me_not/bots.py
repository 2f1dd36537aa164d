"""Love Me Not's own bot: greedy on expected points, from its seat's view only."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .determinize import unseen_cards
from .rules import SUITS, is_jack, suit


def expected_points(tableau: list[str], pile: list[str], opponent_pile_share: dict[str, float],
                    ) -> float:
    """Points of a tableau and pile, with the opponent's pile taken at its expected make-up."""
    tab = Counter(suit(c) for c in tableau)
    own = Counter(suit(c) for c in pile)
    points = float(sum(tab[s] * own[s] for s in SUITS))
    return points + sum(opponent_pile_share[suit(c)] for c in tableau if is_jack(c))


class GreedyAgent:
    """Keeps the card that gives the best expected score now, given only its view.

    The opponent's hidden pile is estimated from the unseen cards: each unseen
    card is in their pile in proportion to its size.
    """

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Legal) -> Action:
        choices = legal.choices or []
        mine = view["seats"][self.seat]
        theirs = view["seats"][1 - self.seat]
        tableau = [e["card"] for e in mine["tableau"]]
        pile = list(mine["pile"])
        unseen = unseen_cards(view)
        share = theirs["pile_count"] / len(unseen) if unseen else 0.0
        opponent = {s: share * sum(1 for c in unseen if suit(c) == s) for s in SUITS}
        hand = view["hand"]

        def value(action: Action) -> float:
            keep = action["keep"]
            other = hand[1] if hand[0] == keep else hand[0]
            return expected_points([*tableau, keep], [*pile, other], opponent)

        best = max(value(a) for a in choices)
        return self.rng.choice([a for a in choices if value(a) == best])
