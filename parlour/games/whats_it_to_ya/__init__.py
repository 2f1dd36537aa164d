"""What's It to Ya? (3–6 players): rank five words in secret; guess the dealer's ranking."""

from .content import STANDARD, Card, Deck, DeckDataError, load_deck, parse_deck
from .rules import SPLIT, WhatsItToYa, WityState, count_correct, score_round, split_cards

GAME = WhatsItToYa()

__all__ = [
    "GAME",
    "SPLIT",
    "STANDARD",
    "Card",
    "Deck",
    "DeckDataError",
    "WhatsItToYa",
    "WityState",
    "count_correct",
    "load_deck",
    "parse_deck",
    "score_round",
    "split_cards",
]
