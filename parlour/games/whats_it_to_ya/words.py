"""What's It to Ya?'s words for its pieces and roles: what the log, the terminal and the
browser call them.

>>> ROLES["dealer"], TOKEN_MEANING
('dealer', '1 = most important')
"""

from __future__ import annotations

from typing import Any

CARD = "card"
"""A word card (counted: "1 card", "5 cards"): each card won is a point."""
ROLES = {"dealer": "dealer", "guesser": "guesser"}
TOKEN_MEANING = "1 = most important"
"""What a token's number means: the dealer's #1 is the word that matters most to them."""

WORDS: dict[str, Any] = {"card": CARD, "roles": ROLES, "token_meaning": TOKEN_MEANING}
"""What the browser is sent (``GET /api/games/whats-it-to-ya/words``)."""
