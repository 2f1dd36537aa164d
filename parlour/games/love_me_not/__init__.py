"""Love Me Not (2 players): keep one of two, pile the other; revealed one turn behind."""

from .rules import DECK, LoveMeNot, LoveMeNotState, score

GAME = LoveMeNot()

__all__ = ["DECK", "GAME", "LoveMeNot", "LoveMeNotState", "score"]
