"""Take Your Pick (3–10 players): predict which of two phrases the Subject picks.

The rules are in ``rules.py``; this package wires in what depends on them.
"""

from .bots import PersonaAgent
from .content import BUILTIN, TRAITS, check_deck
from .determinize import determinize
from .narrate import beat, narrate
from .rules import TakeYourPick, TakeYourPickState, subject_points
from .views import TakeYourPickView, view
from .words import WORDS

GAME = TakeYourPick().wire(
    view=view,
    narrate=narrate,
    beat=beat,
    determinize=determinize,
    bots={"persona": PersonaAgent},
    words=WORDS,
)

__all__ = ["BUILTIN", "GAME", "TRAITS", "TakeYourPick", "TakeYourPickState", "TakeYourPickView",
           "check_deck", "subject_points"]
