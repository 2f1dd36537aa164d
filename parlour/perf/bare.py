"""A bare-Python Love Me Not: the yardstick for the engine's and the batch simulator's speed.

It plays random single matches the way one would write them for speed alone:
no validation, no views, no records, no options — shuffle, ten coin flips,
score. The engine does far more per match (typed errors, an unchanged state
on a refused move, views as the only door), so its speed is reported as a
share of this loop's, measured in the same run.

>>> deck = [r + s for s in "HDCS" for r in "2345J"]
>>> bare_match(deck, [0] * 10)  # everyone keeps the first card drawn
(7, 7)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

SUITS = "HDCS"
DECK = tuple(rank + suit for suit in SUITS for rank in "2345J")


def _points(tableau: list[str], pile: list[str], opponent_pile: list[str]) -> int:
    tab, own, opp = "".join(tableau), "".join(pile), "".join(opponent_pile)
    return (sum(tab.count(s) * own.count(s) for s in SUITS)
            + sum(opp.count(c[1]) for c in tableau if c[0] == "J"))


def bare_match(deck: Sequence[str], picks: Sequence[int]) -> tuple[int, int]:
    """Both seats' points when, in turn t, seat s keeps card ``picks[2t + s]`` (0 or 1)
    of the two it draws (seat 0 draws first, two cards each)."""
    tableau: tuple[list[str], list[str]] = ([], [])
    pile: tuple[list[str], list[str]] = ([], [])
    for t in range(5):
        for s in (0, 1):
            a, b = deck[4 * t + 2 * s], deck[4 * t + 2 * s + 1]
            if picks[2 * t + s]:
                a, b = b, a
            tableau[s].append(a)
            pile[s].append(b)
    return (_points(tableau[0], pile[0], pile[1]), _points(tableau[1], pile[1], pile[0]))


def bare_matches_per_s(seconds: float, seed: int = 0) -> float:
    """Random single matches per second of the bare loop, played for about ``seconds``."""
    rng = random.Random(seed)
    deck = list(DECK)
    done = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or done == 0:
        for _ in range(100):
            rng.shuffle(deck)
            bare_match(deck, [rng.getrandbits(1) for _ in range(10)])
        done += 100
    return done / elapsed
