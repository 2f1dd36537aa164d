"""My Favourite Things (3–6 players): rank your favourites, guess your neighbours' tastes."""

from .content import CONTENT, Content, ContentError
from .rules import BROKEN_HEART, RANKS, MFTState, MyFavouriteThings, trick_winner

GAME = MyFavouriteThings()

__all__ = [
    "BROKEN_HEART",
    "CONTENT",
    "GAME",
    "RANKS",
    "Content",
    "ContentError",
    "MFTState",
    "MyFavouriteThings",
    "trick_winner",
]
