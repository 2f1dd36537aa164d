"""Take Your Pick's words for its roles, phases and variants: what the log, the terminal and
the browser call them.

>>> ROLES["subject"], QUESTION
('Subject', 'Which of these describes you best?')
"""

from __future__ import annotations

from typing import Any

ROLES = {"subject": "Subject", "reader": "reader"}
QUESTION = "Which of these describes you best?"
"""What the Subject is asked about every card read to them."""
PHASES = {"arrange": "readers set their predictions", "read": "reading to the Subject",
          "over": "game over"}
VARIANTS = {"standard": "standard", "large-group": "large-group"}
POINT = "point"

WORDS: dict[str, Any] = {"roles": ROLES, "question": QUESTION, "phases": PHASES,
                         "variants": VARIANTS, "point": POINT}
"""What the browser is sent (``GET /api/games/take-your-pick/words``)."""
