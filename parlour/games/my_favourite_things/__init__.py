"""My Favourite Things (3–6 players): rank your favourites, guess your neighbours' tastes.

The rules are in ``rules.py``; this package wires in what depends on them.
"""

from .bots import FanAgent, PersonaAgent
from .content import CONTENT, Content
from .determinize import determinize
from .narrate import beat, narrate
from .rules import MyFavouriteThings, trick_winner
from .state import BROKEN_HEART, RANKS, MyFavouriteThingsState
from .views import MyFavouriteThingsView, view
from .words import WORDS

GAME = MyFavouriteThings().wire(
    view=view,
    narrate=narrate,
    beat=beat,
    determinize=determinize,
    bots={"fan": FanAgent, "persona": PersonaAgent},
    words=WORDS,
)

__all__ = [
    "BROKEN_HEART",
    "CONTENT",
    "GAME",
    "RANKS",
    "Content",
    "MyFavouriteThings",
    "MyFavouriteThingsState",
    "MyFavouriteThingsView",
    "trick_winner",
]
