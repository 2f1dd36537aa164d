"""Seats that play from a script, for tests that need known categories, sets and plays."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.engine import Action, Legal, Match, Record, View
from parlour.games.my_favourite_things import GAME, MyFavouriteThingsState

Pick = Callable[[View, int, list[str]], str]
"""Which sleeve a seat plays: from its view, its seat and its hand."""


def first_sleeve(view: View, seat: int, hand: list[str]) -> str:
    return hand[0]


class Scripted:
    """Gives ``categories[seat]``, writes ``sets[giver]`` on the giver's cards, plays ``pick``."""

    def __init__(self, seat: int, categories: Sequence[str], sets: Sequence[Sequence[str]],
                 pick: Pick = first_sleeve) -> None:
        self.seat, self.categories, self.sets, self.pick = seat, categories, sets, pick

    def act(self, view: View, legal: Legal) -> Action:
        if legal.choices:
            return {"play": self.pick(view, self.seat, [c["play"] for c in legal.choices])}
        assert legal.spec is not None
        if legal.spec.key == "category":
            return {"category": self.categories[self.seat]}
        return {"write": list(self.sets[legal.spec.about["for"]])}


def scripted(players: int, categories: Sequence[str], sets: Sequence[Sequence[str]],
             pick: Pick = first_sleeve) -> list[Scripted]:
    return [Scripted(s, categories, sets, pick) for s in range(players)]


def match_of(state: MyFavouriteThingsState, **options: Any) -> Match[MyFavouriteThingsState]:
    """A match around a state already under way (its record starts here)."""
    return Match(GAME, Record(GAME.id, state.players, state.seed, options), state)
