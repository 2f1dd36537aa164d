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
"""

from __future__ import annotations

import random


def generator(seed: int, stream: str = "") -> random.Random:
    """The generator of a game's chance from the game's seed; ``stream`` names an
    independent one (the default stream shuffles and deals)."""
    return random.Random(f"{seed}:{stream}") if stream else random.Random(seed)
