"""Where a game's chance comes from: generators made from its record's seed.

Every shuffle and deal of a game draws from :func:`generator`, so the same seed and the
same actions give the same game on any machine, and the one place that decides how hard
the deal is to guess is here. A game that needs chance for something a seat is shown
(ideas offered to a player, say) draws it from a separate named stream, so what it shows
says nothing about the deal.

>>> a, b = generator(7), generator(7)
>>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
True
>>> generator(7, "ideas").random() == generator(7).random()
False

The generators are :class:`random.Random`'s Mersenne Twister with its seeding, so stored
records deal as they always have; :class:`Chance` only makes them and shuffles with less
Python around the same draws (search bots set up and shuffle thousands of games a second).

>>> deck = list(range(20))
>>> generator(7).shuffle(deck)
>>> theirs = list(range(20))
>>> random.Random(7).shuffle(theirs)
>>> deck == theirs
True
"""

from __future__ import annotations

import _random
import random
from collections.abc import MutableSequence
from typing import Any

_seed_state = _random.Random.seed  # the C seeding that random.Random.seed ends in


class Chance(random.Random):
    """``random.Random`` with the same draws, and a shuffle without a call per card."""

    gauss_next: float | None  # random.Random's own attribute, set when it is seeded

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place exactly as ``random.Random.shuffle`` does (Fisher–Yates
        with rejection sampling of ``getrandbits``), with that sampling inlined."""
        getrandbits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


def generator(seed: int, stream: str = "") -> random.Random:
    """The generator of a game's chance from the game's seed; ``stream`` names an
    independent one (the default stream shuffles and deals)."""
    if stream or type(seed) is not int:
        return Chance(f"{seed}:{stream}" if stream else seed)
    # random.Random(seed) for a whole number, without its Python-level checks:
    # the same C seeding, so the same stream.
    rng = Chance.__new__(Chance)
    _seed_state(rng, seed)
    rng.gauss_next = None
    return rng
