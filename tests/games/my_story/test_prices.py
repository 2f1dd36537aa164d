"""The costs My Story's views send, as the rules count them, so that no front end re-derives
a payment: each track card's cost, each choice's payment, a conversion's terms. The first
draft's cards are used: that set is kept as it was written."""

from __future__ import annotations

from parlour.games.my_story import GAME
from parlour.games.my_story.state import MyStoryState

OPTIONS = {"card_set": "first-draft"}


def acting(pool: dict[str, int]) -> MyStoryState:
    """Seed 1, both occupations kept: Player 1 explores or grows with ``pool``."""
    state = GAME.setup(2, OPTIONS, seed=1)
    for seat in range(2):
        GAME.apply(state, seat, {"occupation": state.seats[seat].dealt[0]})
    assert state.turn is not None and state.turn.seat == 0 and state.turn.step == "act"
    assert state.life_track[0] == "L15" and state.life_track[3] == "L10"
    state.turn.pool = dict(pool)
    return state


def price(view: dict, action: dict) -> dict:  # type: ignore[type-arg]
    found = [p for p in view["private"]["prices"] if p["action"] == action]
    assert len(found) == 1, action
    return found[0]  # type: ignore[no-any-return]


def test_each_track_card_costs_its_slot_plus_a_life_storys_own_requirement() -> None:
    view = GAME.view(acting({}), None)
    # L15 asks a Book and a House; the first Life Story slot adds a year and a Smile.
    assert view["take_costs"]["life"][0] == {"years": 1, "smile": 1, "book": 1, "house": 1}
    # L10 asks a Money and a Heart & Cross; the fourth slot is free.
    assert view["take_costs"]["life"][3] == {"money": 1, "heart": 1}
    assert view["take_costs"]["work"] == [{"years": 2, "book": 1, "money": 1},
                                          {"years": 1, "book": 1, "money": 1},
                                          {"years": 1, "money": 1},
                                          {"years": 1, "book": 1}, {"years": 1}]


def test_a_payment_uses_own_resources_then_stars_then_a_year_for_each_missing_one() -> None:
    view = GAME.view(acting({"money": 1, "book": 1, "star": 1}), 0)
    # L15: the Book is paid; the House and the Smile are missing (2), plus the slot's year.
    assert price(view, {"take": "life", "slot": 0, "stars": 0})["pays"] == \
        {"book": 1, "years": 3}
    assert list(price(view, {"take": "life", "slot": 0, "stars": 1})["pays"]) == \
        ["book", "star", "years"]
    assert price(view, {"take": "life", "slot": 0, "stars": 1})["pays"] == \
        {"book": 1, "star": 1, "years": 2}
    # L10: the Money is paid; the Heart & Cross is a year, or the Star.
    assert price(view, {"take": "life", "slot": 3, "stars": 0})["pays"] == \
        {"money": 1, "years": 1}
    assert price(view, {"take": "life", "slot": 3, "stars": 1})["pays"] == \
        {"money": 1, "star": 1}


def test_only_the_seat_to_act_is_sent_its_prices() -> None:
    state = acting({"money": 1})
    assert GAME.view(state, 0)["private"]["prices"]
    assert GAME.view(state, 1)["private"]["prices"] == []
    assert "prices" not in GAME.view(state, None)["private"]


def test_a_conversion_says_what_it_pays_and_what_it_gets() -> None:
    state = acting({"house": 5})
    assert state.turn is not None
    state.seats[0].occupation = "O08"  # Carpenter: two Houses make a Star, as often as you like
    state.turn.step, state.turn.converted = "convert", 0
    prices = GAME.view(state, 0)["private"]["prices"]
    assert prices == [{"action": {"convert": 1}, "pays": {"house": 2}, "gets": {"star": 1}},
                      {"action": {"convert": 2}, "pays": {"house": 4}, "gets": {"star": 2}}]


def test_the_cards_played_so_far_and_the_age_track_are_in_the_view() -> None:
    state = acting({})
    assert state.turn is not None
    state.turn.played = ["salary-a@0", "education@0"]  # a Money, a Book
    view = GAME.view(state, None)
    assert view["so_far"] == {"money": 1, "book": 1}
    assert view["ages"] == {"track_start": 20, "retire": 50, "last": 54}
