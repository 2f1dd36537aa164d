"""Take Your Pick: what each seat may see (every secret kept)."""

from __future__ import annotations

import json
from typing import Any

from parlour.games.take_your_pick import GAME, TakeYourPickState

DECK = [
    ["Early bird", "Night owl"], ["Tea", "Coffee"], ["Beach", "Mountains"],
    ["Sunrise", "Sunset"], ["Books", "Films"], ["Cats", "Dogs"],
    ["Summer", "Winter"], ["Rain", "Shine"], ["Pen", "Pencil"],
    ["Jazz", "Rock"], ["Train", "Plane"], ["Salad", "Burger"],
]
# Subject 0; seat 1 holds Early bird, Sunrise, Summer; seat 2 Tea, Books, Rain;
# seat 3 Beach, Cats, Pen.


MORE = [["Red", "Blue"], ["Left", "Right"], ["Hot", "Cold"], ["Sweet", "Sour"],
        ["North", "South"], ["Car", "Bus"], ["Fork", "Spoon"], ["Sand", "Snow"],
        ["Milk", "Juice"]]


def new() -> TakeYourPickState:
    # 21 cards: round 2 is dealt without reshuffling round 1's discards.
    return GAME.setup(4, {"deck": DECK + MORE, "first_subject": 0}, seed=1)


def text(state: TakeYourPickState, seat: int | None) -> str:
    return json.dumps(GAME.view(state, seat))


def arrange(state: TakeYourPickState, one: list[str]) -> None:
    GAME.apply(state, 1, {"guesses": one})
    GAME.apply(state, 2, {"guesses": ["Tea", "Books", "Rain"]})
    GAME.apply(state, 3, {"guesses": ["Beach", "Cats", "Pen"]})


def test_ruling_unread_cards_are_private_to_their_reader() -> None:
    state = new()
    assert GAME.view(state, 1)["hand"] == [DECK[0], DECK[3], DECK[6]]
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["seats"][1]["hand_count"] == 3
        for phrase in ("Early bird", "Sunrise", "Summer"):
            assert phrase not in text(state, seat)
    assert GAME.view(state, 0)["hand"] == [] and GAME.view(state, None)["hand"] == []


def test_a_prediction_is_seen_only_by_its_reader_until_the_card_is_read() -> None:
    a, b = new(), new()
    arrange(a, ["Early bird", "Sunrise", "Summer"])
    arrange(b, ["Night owl", "Sunrise", "Summer"])
    assert GAME.view(a, 1)["guesses"] == ["Early bird", "Sunrise", "Summer"]
    # The Subject sees the card being read, and nothing that depends on the prediction.
    subject_view = GAME.view(a, 0)
    assert subject_view["reading"] == {"reader": 1, "card": ["Early bird", "Night owl"],
                                       "number": 1}
    assert GAME.legal(a, 0) == GAME.legal(b, 0)
    for seat in (0, 2, 3, None):
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, 0)["guesses"] is None and GAME.view(a, None)["guesses"] is None
    assert GAME.view(a, 2)["guesses"] == ["Tea", "Books", "Rain"]


def test_reading_order_is_secret_until_each_card_is_read() -> None:
    a, b = new(), new()
    arrange(a, ["Early bird", "Sunrise", "Summer"])
    arrange(b, ["Early bird", "Summer", "Sunrise"])
    GAME.apply(a, 0, {"pick": "Early bird"})
    GAME.apply(b, 0, {"pick": "Early bird"})
    assert GAME.view(a, 0)["reading"]["card"] == ["Sunrise", "Sunset"]
    assert GAME.view(b, 0)["reading"]["card"] == ["Summer", "Winter"]
    before = new(), new()
    arrange(before[0], ["Early bird", "Sunrise", "Summer"])
    arrange(before[1], ["Early bird", "Summer", "Sunrise"])
    for seat in (0, 2, 3, None):
        assert GAME.view(before[0], seat) == GAME.view(before[1], seat)


def test_after_a_card_is_read_the_card_prediction_and_pick_are_public() -> None:
    state = new()
    arrange(state, ["Night owl", "Sunrise", "Summer"])
    GAME.apply(state, 0, {"pick": "Early bird"})
    expected: dict[str, Any] = {"round": 1, "subject": 0, "reader": 1,
                                "card": ["Early bird", "Night owl"], "guess": "Night owl",
                                "pick": "Early bird", "correct": False}
    for seat in (0, 1, 2, 3, None):
        assert GAME.view(state, seat)["reads"] == [expected]


def test_ruling_cards_discarded_after_a_miss_stay_secret_from_everyone_else() -> None:
    state = new()
    arrange(state, ["Night owl", "Sunrise", "Summer"])
    GAME.apply(state, 0, {"pick": "Early bird"})  # seat 1 misses: Sunrise and Summer unread
    for seat in (0, 2, 3, None):
        assert "Sunrise" not in text(state, seat) and "Summer" not in text(state, seat)
    for seat in (0, 1, 2, 3, None):
        assert GAME.view(state, seat)["discard_count"] == 2
        assert GAME.view(state, seat)["seats"][1]["missed"] is True
    for card in (["Tea", "Books", "Rain"], ["Beach", "Cats", "Pen"]):
        for phrase in card:
            GAME.apply(state, 0, {"pick": phrase})
    assert state.round == 2
    for seat in (0, 2, 3, None):
        assert "Sunrise" not in text(state, seat) and "Summer" not in text(state, seat)


def test_a_reader_who_missed_still_sees_the_cards_it_held_and_its_predictions() -> None:
    state = new()
    arrange(state, ["Night owl", "Sunrise", "Summer"])
    held = [{"round": 1, "cards": [DECK[0], DECK[3], DECK[6]],
             "guesses": ["Night owl", "Sunrise", "Summer"], "read": 0}]
    assert GAME.view(state, 1)["held"] == held
    GAME.apply(state, 0, {"pick": "Early bird"})  # the first card misses: the turn is over
    view = GAME.view(state, 1)
    assert view["hand"] == [] and view["guesses"] == []  # nothing left to read
    assert view["held"] == [{**held[0], "read": 1}]  # but nothing the seat saw is forgotten
    for card in (["Tea", "Books", "Rain"], ["Beach", "Cats", "Pen"]):
        for phrase in card:
            GAME.apply(state, 0, {"pick": phrase})
    # Round 2 (seat 1 is the Subject): round 1's hand is still in seat 1's view, and
    # seat 2 keeps both its hands, each card read.
    assert GAME.view(state, 1)["held"] == [{**held[0], "read": 1}]
    assert [(h["round"], h["read"]) for h in GAME.view(state, 2)["held"]] == [(1, 3), (2, 0)]


def test_what_a_reader_held_is_shown_to_nobody_else() -> None:
    # Two games that differ only in seat 1's unread cards' predictions: after seat 1's
    # miss, every other seat and a spectator see exactly the same.
    a, b = new(), new()
    arrange(a, ["Night owl", "Sunrise", "Summer"])
    arrange(b, ["Night owl", "Sunset", "Winter"])
    for state in (a, b):
        GAME.apply(state, 0, {"pick": "Early bird"})
    for seat in (0, 2, 3, None):
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, None)["held"] == []
    assert GAME.view(a, 1)["held"] != GAME.view(b, 1)["held"]


def test_only_the_arrangement_status_of_other_readers_is_shown() -> None:
    state = new()
    GAME.apply(state, 2, {"guesses": ["Tea", "Books", "Rain"]})
    for seat in (0, 1, 3, None):
        view = GAME.view(state, seat)
        assert [s["arranged"] for s in view["seats"]] == [False, False, True, False]
        assert "Books" not in text(state, seat)
    assert GAME.view(state, 2)["guesses"] == ["Tea", "Books", "Rain"]
    assert GAME.view(state, 2)["hand"] == [["Tea", "Coffee"], ["Books", "Films"],
                                           ["Rain", "Shine"]]


def test_views_never_hold_the_seed_or_the_random_generator() -> None:
    state = new()
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert "seed" not in view and "rng" not in view
        json.dumps(view)
