"""My Story: the rules on the engine contract.

A deck-builder on an age track: each turn the player closest to age 20 plays
the top cards of their deck for resources, then takes a card from a track,
attends a Reunion, completes a Project or switches Occupation, paying with
resources and, when short, with years of their life. At 50 a player retires;
when all have retired the most gratifying life (the most VP) wins.

The rules are split by concern: ``setup`` (the deal and the starting occupations),
``actions`` (what may be done, and why not), ``turns`` (a turn's phases), ``payments``,
``abilities``, ``tracks`` and ``scoring``. The state holds its card set.

>>> game = MyStory()
>>> state = game.setup(3, seed=1)
>>> sorted(game.to_act(state))
[0, 1, 2]
>>> len(game.legal(state, 0).choices or [])
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.engine import Action, Game, IllegalAction, Legal, Option, Result
from parlour.engine.narration import default_name, listing

from .actions import allowed, check_shape, choices, refusal, to_act
from .cards import BUNDLED, STANDARD, CardSet, bundled_card_set, card_set_from, default_card_set
from .scoring import final_result
from .setup import choose_occupation, new_state
from .state import MyStoryState
from .turns import play


class MyStory(Game[MyStoryState]):
    """The rules of My Story, on the engine contract, for any valid card set."""

    id = "my-story"
    title = "My Story"
    min_players = 2
    max_players = 4
    default_bot = "heuristic"
    options = (
        Option("card_set", str, STANDARD, "the card set that comes with the game: standard, "
               "third-edition (before the search bot's ladder), second-edition (before some "
               "cheap turns were given back) or first-draft (as first written, before the "
               "lab rebalanced it)",
               choices=tuple(BUNDLED)),
        Option("cards", dict, None, "your own card set, in the format of "
               "docs/games/my-story.md; it replaces card_set", content=True),
    )

    def __init__(self, card_set: CardSet | None = None) -> None:
        self.card_set = card_set or default_card_set()

    def card_set_for(self, options: Mapping[str, Any]) -> CardSet:
        """The card set that resolved ``options`` ask for (this game's own by default)."""
        if options.get("cards") is not None:
            return card_set_from(options["cards"])
        name = options.get("card_set", STANDARD)
        return self.card_set if name == STANDARD else bundled_card_set(name)

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> MyStoryState:
        return new_state(self.card_set_for(options), players, seed)

    def players(self, state: MyStoryState) -> int:
        return state.players

    def to_act(self, state: MyStoryState) -> frozenset[int]:
        return to_act(state)

    def legal(self, state: MyStoryState, seat: int) -> Legal:
        if seat not in to_act(state):
            return Legal(choices=[])
        return Legal(choices=choices(state, seat))

    def why_not(self, state: MyStoryState, seat: int) -> str:
        if state.phase == "choose":
            waiting = [default_name(s) for s in sorted(to_act(state))]
            return f"you have kept your occupation; waiting for {listing(waiting)} to choose"
        if state.turn is not None:
            return f"it is {default_name(state.turn.seat)}'s turn (the youngest marker moves)"
        return "the game is over"

    def advance(self, state: MyStoryState, seat: int, action: Action) -> None:
        check_shape(action)
        if not allowed(state, seat, action):
            raise IllegalAction(refusal(state, seat, action))
        if "occupation" in action:
            choose_occupation(state, seat, action["occupation"])
            return
        assert state.turn is not None
        play(state, state.turn, action)

    def is_over(self, state: MyStoryState) -> bool:
        return state.phase == "over"

    def result(self, state: MyStoryState) -> Result | None:
        return final_result(state) if state.phase == "over" else None

    def clone(self, state: MyStoryState) -> MyStoryState:
        return state.copy()
