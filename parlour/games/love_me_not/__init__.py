"""Love Me Not (2 players): keep one of two, pile the other; revealed one turn behind.

The rules are in ``rules.py``; this package wires in what depends on them.
"""

from .bots import GreedyAgent
from .cfr import CFRAgent
from .determinize import determinize
from .narrate import beat, narrate
from .rules import DECK, LoveMeNot, LoveMeNotState, LoveMeNotView, rollout, score
from .words import WORDS

GAME = LoveMeNot().wire(
    narrate=narrate,
    beat=beat,
    determinize=determinize,
    rollout=rollout,
    bots={"greedy": GreedyAgent, "cfr": CFRAgent},
    words=WORDS,
)

__all__ = ["DECK", "GAME", "LoveMeNot", "LoveMeNotState", "LoveMeNotView", "score"]
