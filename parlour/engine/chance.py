"""Where a game's chance comes from: one generator per game, made from its record's seed.

Every shuffle and deal of a game draws from :func:`generator`, so the same seed and the
same actions give the same game on any machine, and the one place that decides how hard
the deal is to guess is here.

>>> a, b = generator(7), generator(7)
>>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
True
"""

from __future__ import annotations

import random


def generator(seed: int) -> random.Random:
    """The generator of a game's chance (its shuffles and deals), from the game's seed."""
    return random.Random(seed)
