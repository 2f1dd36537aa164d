"""Take Your Pick: the table's log narrates what each move made public."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from parlour.games.take_your_pick import GAME, TakeYourPickState

TOM, MIKE, KENDRA, KIM = 0, 1, 2, 3
NAMES = ["Tom", "Mike", "Kendra", "Kim"]

DECK = [
    ["Early bird", "Night owl"], ["Tea", "Coffee"], ["Beach", "Mountains"],
    ["Sunrise", "Sunset"], ["Books", "Films"], ["Cats", "Dogs"],
    ["Summer", "Winter"], ["Rain", "Shine"], ["Pen", "Pencil"],
    ["Jazz", "Rock"], ["Train", "Plane"], ["Salad", "Burger"],
]


def new(players: int = 4, **options: Any) -> TakeYourPickState:
    opts: dict[str, Any] = {"deck": copy.deepcopy(DECK), "first_subject": TOM, **options}
    return GAME.setup(players, opts, seed=5)


def told(state: TakeYourPickState, seat: int, action: dict[str, Any]) -> list[str]:
    """Apply one move and return its narration, from spectator views only."""
    before = GAME.view(state, None)
    GAME.apply(state, seat, action)
    return GAME.narrate(before, GAME.view(state, None), NAMES[:state.players])


def arrange(state: TakeYourPickState, seat: int) -> list[str]:
    """The reader predicts the first phrase of each card, in deal order."""
    cards = GAME.view(state, seat)["hand"]
    return told(state, seat, {"guesses": [c[0] for c in cards]})


def answer(state: TakeYourPickState, right: bool) -> list[str]:
    """The Subject picks the first phrase (the prediction) or the other one."""
    card = GAME.view(state, None)["reading"]["card"]
    return told(state, state.subject, {"pick": card[0] if right else card[1]})


def arranged(players: int = 4, **options: Any) -> TakeYourPickState:
    state = new(players, **options)
    for seat in sorted(GAME.to_act(state)):
        arrange(state, seat)
    return state


def test_a_reader_setting_predictions_reveals_nothing() -> None:
    state = new()
    assert arrange(state, MIKE) == []
    assert arrange(state, KENDRA) == []


def test_the_last_reader_setting_predictions_starts_the_reading() -> None:
    state = new()
    arrange(state, MIKE)
    arrange(state, KENDRA)
    assert arrange(state, KIM) == ['Mike reads card 1: "Early bird" or "Night owl"?']


def test_a_miss_ends_the_readers_turn_and_the_next_reader_reads() -> None:
    state = arranged()
    assert answer(state, right=False) == [
        'Tom picks "Night owl"; Mike predicted "Early bird": wrong, so Mike\'s turn ends'
        " with 0 points.",
        'Kendra reads card 1: "Tea" or "Coffee"?',
    ]


def test_a_right_prediction_scores_and_the_reader_reads_on() -> None:
    state = arranged()
    answer(state, right=False)
    assert answer(state, right=True) == [
        'Tom picks "Tea"; Kendra predicted "Tea": right (1 point this round).',
        'Kendra reads card 2: "Books" or "Films"?',
    ]
    answer(state, right=True)
    assert answer(state, right=False)[0] == (
        'Tom picks "Shine"; Kendra predicted "Rain": wrong, so Kendra\'s turn ends'
        " with 2 points.")


def test_the_round_ends_with_the_subjects_points_and_a_new_subject() -> None:
    # The rulebook's example: Mike misses, Kendra scores 2, Kim all 3.
    state = arranged()
    for right in (False, True, True, False, True, True):
        answer(state, right)
    assert answer(state, right=True) == [
        'Tom picks "Pen"; Kim predicted "Pen": right (3 points this round).',
        "Round 1 is over: Tom, the Subject, scores 3 points.",
        "Round 2: Mike is the Subject.",
    ]


def test_the_last_round_ends_the_game_with_the_winner() -> None:
    state = new(3, variant="large-group")
    outcomes = {1: [True, False], 2: [False, True], 3: [True, True]}
    lines: list[str] = []
    for round_ in (1, 2, 3):
        for seat in sorted(GAME.to_act(state)):
            arrange(state, seat)
        for right in outcomes[round_]:
            lines = answer(state, right)
    # Tom: Subject 1, reader 1, reader 1; Mike: 1, Subject 1, 1; Kendra: 0, 0, Subject 2.
    assert state.scores == [3, 3, 2]
    assert lines[1:] == [
        "Round 3 is over: Kendra, the Subject, scores 2 points.",
        "The game is over: Tom and Mike share the victory with 3 points.",
    ]


def test_a_single_winner_is_named() -> None:
    state = new(3, variant="large-group")
    lines: list[str] = []
    for round_ in (1, 2, 3):
        for seat in sorted(GAME.to_act(state)):
            arrange(state, seat)
        for right in ([True, True] if round_ == 1 else [False, False]):
            lines = answer(state, right)
    assert state.scores == [2, 1, 1]
    assert lines[-1] == "The game is over: Tom wins with 2 points."


@pytest.mark.parametrize("variant", ["standard", "large-group"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_narrate_only_public_facts(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randrange(3, 7)
    names = [f"Player{i}" for i in range(players)]
    state = GAME.setup(players, {"variant": variant}, seed=seed)
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        before = GAME.view(state, None)
        action = GAME.random_action(GAME.view(state, seat), GAME.legal(state, seat), rng)
        GAME.apply(state, seat, action)
        after = GAME.view(state, None)
        public = json.dumps(after, ensure_ascii=False)
        lines = GAME.narrate(before, after, names)
        assert len(lines) <= 3
        for line in lines:
            for phrase in re.findall(r'"([^"]*)"', line):
                assert json.dumps(phrase, ensure_ascii=False) in public, (phrase, line)
            assert any(name in line for name in names) or line.startswith("Round")
