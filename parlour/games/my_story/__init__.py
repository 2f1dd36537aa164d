"""My Story (2–4 players): build the deck of your life; every action costs time.

The rules are in ``rules.py`` (split by concern into the modules it imports); this
package wires in what depends on them. A designer's own card set plays with
``with_cards(load_card_set("my-box.json"))``.
"""

from functools import partial

from .bots import HeuristicAgent, heuristic_order, random_rollout
from .cards import (
    BUNDLED,
    CardSet,
    bundled_card_set,
    card_set_from,
    default_card_set,
    load_card_set,
    parse_card_set,
)
from .determinize import determinize
from .narrate import narrate
from .rules import MyStory
from .state import MyStoryState
from .value import evaluate
from .views import view
from .words import card_words

HORIZON = 5
"""Moves a search playout plays before the position is judged (``value.evaluate``)."""


def with_cards(card_set: CardSet | None = None) -> MyStory:
    """My Story played with ``card_set`` (the bundled one by default), fully wired."""
    game = MyStory(card_set, rewire=wired_for)
    words = card_words(game.card_set)
    return game.wire(
        view=view,
        narrate=partial(narrate, words=words),
        determinize=partial(determinize, card_set=game.card_set),
        rollout=random_rollout,
        evaluate=evaluate,
        horizon=HORIZON,
        order=heuristic_order,
        bots={"heuristic": HeuristicAgent},
        words=words,
    )


_WIRED: dict[int, MyStory] = {}


def wired_for(card_set: CardSet) -> MyStory:
    """The wired game of a card set, made once per card set (``cards`` options are parsed
    once and shared, see :func:`card_set_from`)."""
    game = _WIRED.get(id(card_set))
    if game is None or game.card_set is not card_set:
        if len(_WIRED) >= 32:
            _WIRED.clear()
        game = _WIRED[id(card_set)] = with_cards(card_set)
    return game


GAME = with_cards()

__all__ = [
    "BUNDLED",
    "GAME",
    "CardSet",
    "MyStory",
    "MyStoryState",
    "bundled_card_set",
    "card_set_from",
    "default_card_set",
    "load_card_set",
    "parse_card_set",
    "with_cards",
]
