"""What's It to Ya? (3–6 players): rank five words in secret; guess the dealer's ranking.

The rules are in ``rules.py``; this package wires in what depends on them.
"""

from .bots import PersonaAgent
from .content import STANDARD, Card, Deck, load_deck, parse_deck
from .determinize import determinize
from .narrate import beat, narrate
from .rules import (
    SPLIT,
    WhatsItToYa,
    WhatsItToYaState,
    WhatsItToYaView,
    count_correct,
    score_round,
    split_cards,
)
from .words import WORDS

GAME = WhatsItToYa().wire(
    narrate=narrate,
    beat=beat,
    determinize=determinize,
    bots={"persona": PersonaAgent},
    words=WORDS,
)

__all__ = [
    "GAME",
    "SPLIT",
    "STANDARD",
    "Card",
    "Deck",
    "WhatsItToYa",
    "WhatsItToYaState",
    "WhatsItToYaView",
    "count_correct",
    "load_deck",
    "parse_deck",
    "score_round",
    "split_cards",
]
