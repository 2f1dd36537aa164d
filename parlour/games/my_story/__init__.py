"""My Story (2–4 players): build the deck of your life; every action costs time."""

from .cards import CardSet, CardSetError, default_card_set, load_card_set, parse_card_set
from .rules import MyStory
from .state import MyStoryState

GAME = MyStory()

__all__ = [
    "GAME",
    "CardSet",
    "CardSetError",
    "MyStory",
    "MyStoryState",
    "default_card_set",
    "load_card_set",
    "parse_card_set",
]
