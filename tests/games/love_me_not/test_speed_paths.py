"""Love Me Not's quick paths (a legal keep, the rollout) keep the engine's contract."""

from __future__ import annotations

import copy
import random

import pytest

from parlour.engine import GameOver, MalformedAction, NotYourTurn
from parlour.engine.conformance import _same
from parlour.games.love_me_not import DECK, GAME


def fresh() -> object:
    return GAME.setup(2, {"matches": 1, "deck": list(DECK)}, seed=0)  # 2H 3H | 4H 5H | ...


@pytest.mark.parametrize(("seat", "action", "error"), [
    (0, {"keep": "4H"}, MalformedAction),  # seat 1's card
    (0, {"keep": "2H", "also": 1}, MalformedAction),
    (0, {"keep": ["2H"]}, MalformedAction),
    (True, {"keep": "2H"}, NotYourTurn),  # a bool is not a seat
    (2, {"keep": "2H"}, NotYourTurn),
])
def test_refused_moves_change_nothing(seat: int, action: dict[str, object],
                                      error: type[Exception]) -> None:
    state = fresh()
    before = copy.deepcopy(state)
    with pytest.raises(error):
        GAME.apply(state, seat, action)
    assert _same(before, state)


def test_a_seat_that_has_kept_waits_and_a_finished_match_refuses() -> None:
    state = fresh()
    GAME.apply(state, 0, {"keep": "3H"})
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, {"keep": "2H"})
    rng = random.Random(0)
    while seats := GAME.to_act(state):
        seat = min(seats)
        action = GAME.rollout_action(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    with pytest.raises(GameOver):
        GAME.apply(state, 0, {"keep": "2H"})
