"""My Favourite Things' words for its pieces: what the log, the terminal and the browser call
the ranks, the boxes a writer fills, the phases and the hearts.

>>> rank_name(0), rank_name(3)
('a Broken Heart', 'rank 3')
>>> rank_symbol(0), rank_symbol(3), rank_symbol(None)
('♡', '3', '?')
"""

from __future__ import annotations

from typing import Any

from .state import BROKEN_HEART, DIRECTIONS, LABELS, RANKS

HEART = "♥"
"""A heart won (one per trick)."""
BROKEN = {"name": "Broken Heart", "symbol": "♡", "abbreviation": "BH"}
"""The sixth ranking card: the thing the writer dislikes, a special 0."""
PHASES = {"category": "choosing categories", "writing": "writing favourites",
          "play": "playing tricks", "over": "game over"}


def rank_name(rank: int) -> str:
    """A revealed rank as said aloud in the log."""
    return f"a {BROKEN['name']}" if rank == BROKEN_HEART else f"rank {rank}"


def rank_symbol(rank: int | None) -> str:
    """A rank as printed on the ranking card: 1–5, ♡ for the Broken Heart, ? while hidden."""
    if rank is None:
        return "?"
    return BROKEN["symbol"] if rank == BROKEN_HEART else str(rank)


WORDS: dict[str, Any] = {
    "heart": HEART,
    "broken_heart": BROKEN,
    "ranks": list(RANKS),
    "labels": list(LABELS),
    "phases": PHASES,
    "directions": {str(k): v for k, v in DIRECTIONS.items()},
}
"""What the browser is sent (``GET /api/games/my-favourite-things/words``)."""
