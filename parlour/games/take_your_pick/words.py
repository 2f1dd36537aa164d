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
TASKS = {
    "reader": "Predict which phrase {subject} will pick on each of your cards when asked"
              " “" + QUESTION + "”, then put them in the order you will read them, surest"
              " first. Each right prediction scores a point; the first wrong one ends your"
              " turn, and the cards after it are not read.",
    "reader_one_card": "Predict which phrase {subject} will pick on your card when asked"
                       " “" + QUESTION + "” A right prediction scores a point for you and"
                       " one for {subject}.",
    "subject": "The others are predicting your picks. Each card will be read to you: pick"
               " the phrase that describes you best, honestly. You score as many points as"
               " the best reader this round.",
    "subject_one_card": "The others are predicting your picks. Each card will be read to you:"
                        " pick the phrase that describes you best, honestly. You score a"
                        " point for every right prediction.",
}
"""What each role does, said to the seat (``{subject}`` is the Subject's name)."""

WORDS: dict[str, Any] = {"roles": ROLES, "question": QUESTION, "phases": PHASES,
                         "variants": VARIANTS, "point": POINT, "tasks": TASKS}
"""What the browser is sent (``GET /api/games/take-your-pick/words``)."""
