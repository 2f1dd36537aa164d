"""Chance a test lays out by hand, so that no test depends on what a seed happens to deal."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any


class Stacked(random.Random):
    """A game's generator whose shuffles give the orders a test chose, one per shuffle.

    Each order is the pile as the game keeps it (its list as stored). A shuffle the test
    did not expect, or an order that is not the pile's cards, fails the test.

    >>> rng = Stacked(["b", "a", "c"])
    >>> pile = ["a", "b", "c"]
    >>> rng.shuffle(pile)
    >>> pile
    ['b', 'a', 'c']
    """

    def __init__(self, *orders: list[Any]) -> None:
        self.orders = [list(order) for order in orders]
        super().__init__(0)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        assert self.orders, f"the test stacked no order for this shuffle of {list(x)}"
        order = self.orders.pop(0)
        assert sorted(order) == sorted(x), f"{order} is not an order of {list(x)}"
        x[:] = order

    # A copy of the state (copy.copy, deepcopy, pickle) keeps the orders still to come.
    def getstate(self) -> tuple[Any, ...]:
        return (super().getstate(), [list(order) for order in self.orders])

    def setstate(self, state: tuple[Any, ...]) -> None:
        inner, orders = state
        super().setstate(inner)
        self.orders = [list(order) for order in orders]
