"""What's It to Ya?'s words for its pieces and roles: what the log, the terminal and the
browser call them.

>>> ROLES["dealer"], TOKEN_MEANING
('dealer', '1 = most important')
>>> TASKS["guesser"].format(dealer="Bob")[:30]
'Guess how Bob ranks these five'
"""

from __future__ import annotations

from typing import Any

CARD = "card"
"""A word card (counted: "1 card", "5 cards"): each card won is a point."""
ROLES = {"dealer": "dealer", "guesser": "guesser"}
TOKEN_MEANING = "1 = most important"
"""What a token's number means: the dealer's #1 is the word that matters most to them."""

TASKS = {
    "dealer": "You are the dealer: rank these five by how much each matters to you, the one"
              " that matters most first. The others guess your ranking. You win no cards"
              " this round, and if nobody places a single word where you did, you discard"
              " one card you have won.",
    "guesser": "Guess how {dealer} ranks these five: the one that matters most to {dealer}"
               " first. Each word you place where {dealer} does is a correct answer; the most"
               " correct answers take the cards (a tie shares them).",
}
"""What each role does this round, said to the seat (``{dealer}`` is the dealer's name)."""

WORDS: dict[str, Any] = {"card": CARD, "roles": ROLES, "token_meaning": TOKEN_MEANING,
                         "tasks": TASKS}
"""What the browser is sent (``GET /api/games/whats-it-to-ya/words``)."""
