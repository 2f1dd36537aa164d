"""Take Your Pick (3–10 players): predict which of two phrases the Subject picks."""

from .content import BUILTIN, TRAITS, check_deck
from .rules import TakeYourPick, TakeYourPickState, subject_points

GAME = TakeYourPick()

__all__ = ["BUILTIN", "GAME", "TRAITS", "TakeYourPick", "TakeYourPickState", "check_deck",
           "subject_points"]
