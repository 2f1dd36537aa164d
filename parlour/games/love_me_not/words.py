"""Love Me Not's words for its cards: what the log, the terminal and the browser call them.

>>> card_text("5H"), card_name("JS")
('5♥', 'jack of spades')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SUITS: dict[str, dict[str, str]] = {
    "H": {"sign": "♥", "name": "hearts", "colour": "red"},
    "D": {"sign": "♦", "name": "diamonds", "colour": "red"},
    "C": {"sign": "♣", "name": "clubs", "colour": "black"},
    "S": {"sign": "♠", "name": "spades", "colour": "black"},
}
RANKS = {"2": "2", "3": "3", "4": "4", "5": "5", "J": "jack"}


def card_text(card: str) -> str:
    """A card as printed: 5H -> 5♥, JS -> J♠."""
    suit = SUITS.get(card[-1:])
    return card[:-1] + (suit["sign"] if suit else card[-1:])


def card_name(card: str) -> str:
    """A card as said aloud (and read by screen readers): 5H -> 5 of hearts."""
    suit = SUITS.get(card[-1:])
    return f"{RANKS.get(card[:-1], card[:-1])} of {suit['name'] if suit else card[-1:]}"


def cards_text(cards: Sequence[str]) -> str:
    return ", ".join(card_text(c) for c in cards)


WORDS: dict[str, Any] = {"suits": SUITS, "ranks": RANKS}
"""What the browser is sent (``GET /api/games/love-me-not/words``)."""
