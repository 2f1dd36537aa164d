"""My Story (2–4 players): build the deck of your life; every action costs time.

The rules are in ``rules.py`` (split by concern into the modules it imports); this
package wires in what depends on them. A designer's own card set plays with
``with_cards(load_card_set("my-box.json"))``.
"""

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
from .narrate import beat, narrate
from .rules import MyStory
from .state import MyStoryState
from .value import evaluate
from .views import view
from .words import words_of

HORIZON = 5
"""Moves a search playout plays before the position is judged (``value.evaluate``)."""


def with_cards(card_set: CardSet | None = None) -> MyStory:
    """My Story played with ``card_set`` unless its options name another (the bundled
    standard set by default), fully wired."""
    game = MyStory(card_set)
    return game.wire(
        view=view,
        narrate=narrate,
        beat=beat,
        determinize=determinize,
        rollout=random_rollout,
        evaluate=evaluate,
        horizon=HORIZON,
        order=heuristic_order,
        bots={"heuristic": HeuristicAgent},
        words=lambda options: words_of(game.card_set_for(options)),
    )


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
