"""Take Your Pick: the rulebook's rules and example, with its numbers."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from parlour.engine import (
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    Record,
    RecordError,
    conformance,
)
from parlour.games import get_game
from parlour.games.take_your_pick import GAME, TakeYourPickState, subject_points
from parlour.games.take_your_pick.rules import reading_order

TOM, MIKE, KENDRA, KIM = 0, 1, 2, 3

DECK = [
    ["Early bird", "Night owl"], ["Tea", "Coffee"], ["Beach", "Mountains"],
    ["Sunrise", "Sunset"], ["Books", "Films"], ["Cats", "Dogs"],
    ["Summer", "Winter"], ["Rain", "Shine"], ["Pen", "Pencil"],
    ["Jazz", "Rock"], ["Train", "Plane"], ["Salad", "Burger"],
]

MORE = [["Red", "Blue"], ["Left", "Right"], ["Hot", "Cold"], ["Sweet", "Sour"],
        ["North", "South"], ["Car", "Bus"], ["Fork", "Spoon"], ["Sand", "Snow"],
        ["Milk", "Juice"]]


def new(players: int = 4, **options: Any) -> TakeYourPickState:
    opts: dict[str, Any] = {"deck": copy.deepcopy(DECK), "first_subject": 0, **options}
    return GAME.setup(players, opts, seed=5)


def hand(state: TakeYourPickState, seat: int) -> list[list[str]]:
    hand_: list[list[str]] = GAME.view(state, seat)["hand"]
    return hand_


def card_being_read(state: TakeYourPickState) -> list[str]:
    card: list[str] = GAME.view(state, None)["reading"]["card"]
    return card


def other(card: list[str], phrase: str) -> str:
    return card[1] if phrase == card[0] else card[0]


def arrange_first_sides(state: TakeYourPickState) -> None:
    """Every reader predicts the first phrase of each card, in deal order."""
    for seat in sorted(GAME.to_act(state)):
        GAME.apply(state, seat, {"guesses": [c[0] for c in hand(state, seat)]})


def answer(state: TakeYourPickState, right: bool) -> None:
    """The Subject picks the predicted phrase (first side) or the other one."""
    card = card_being_read(state)
    GAME.apply(state, state.subject, {"pick": card[0] if right else card[1]})


def play_round(state: TakeYourPickState, outcomes: dict[int, list[bool]]) -> None:
    """Arrange (first sides), then answer each reader's cards as ``outcomes`` says."""
    arrange_first_sides(state)
    for reader in reading_order(state.players, state.subject):
        for right in outcomes[reader]:
            assert GAME.view(state, None)["reading"]["reader"] == reader
            answer(state, right)


# -- the rulebook's example ------------------------------------------------------------
def test_rulebook_example_round_tom_mike_kendra_kim() -> None:
    # Tom is the Subject; Mike, Kendra and Kim read. Mike is wrong on his first
    # card, Kendra right on two then wrong, Kim right on all three.
    state = new(4, first_subject=TOM, deck=DECK + MORE)
    assert state.subject == TOM
    assert sorted(GAME.to_act(state)) == [MIKE, KENDRA, KIM]
    # Dealt one at a time, clockwise from the Subject's left.
    assert hand(state, MIKE) == [DECK[0], DECK[3], DECK[6]]
    assert hand(state, KENDRA) == [DECK[1], DECK[4], DECK[7]]
    assert hand(state, KIM) == [DECK[2], DECK[5], DECK[8]]
    play_round(state, {MIKE: [False], KENDRA: [True, True, False], KIM: [True, True, True]})
    first = state.rounds[0]
    assert first["subject"] == TOM
    assert first["scores"][MIKE] == 0
    assert first["scores"][KENDRA] == 2
    assert first["scores"][KIM] == 3
    assert first["scores"][TOM] == 3  # the same as the best reader
    assert state.scores == [3, 0, 2, 3]
    # Mike's two unread cards went with the rest of the round's cards to the
    # discard pile; the next Subject (Mike) dealt round 2 from the draw pile.
    assert state.subject == MIKE
    assert len(state.discard) == 9 and len(state.draw) == 21 - 9 - 9
    reads = GAME.view(state, None)["reads"]
    assert [(r["reader"], r["correct"]) for r in reads] == [
        (MIKE, False), (KENDRA, True), (KENDRA, True), (KENDRA, False),
        (KIM, True), (KIM, True), (KIM, True)]


def test_subject_points_is_the_highest_reader_score() -> None:
    assert subject_points("standard", [0, 2, 3]) == 3
    assert subject_points("standard", [1, 1, 1]) == 1


# -- reading, stopping, scoring -----------------------------------------------------------
def test_reading_starts_left_of_the_subject_and_goes_clockwise() -> None:
    state = new(5, first_subject=3)
    arrange_first_sides(state)
    order = []
    while state.round == 1:
        order.append(GAME.view(state, None)["reading"]["reader"])
        answer(state, right=False)
    assert order == [4, 0, 1, 2]


def test_a_correct_card_lets_the_reader_go_on_and_the_first_miss_ends_the_turn() -> None:
    state = new(3)
    arrange_first_sides(state)
    answer(state, right=True)
    view = GAME.view(state, None)
    assert view["reading"]["reader"] == 1 and view["reading"]["number"] == 2
    answer(state, right=False)
    view = GAME.view(state, None)
    assert view["reading"]["reader"] == 2
    assert view["seats"][1]["hand_count"] == 0 and view["seats"][1]["missed"] is True
    assert view["seats"][1]["round_score"] == 1


def test_ruling_all_readers_miss_the_subject_scores_zero() -> None:
    state = new(4)
    play_round(state, {1: [False], 2: [False], 3: [False]})
    assert state.rounds[0]["scores"] == [0, 0, 0, 0]
    assert subject_points("standard", [0, 0, 0]) == 0


def test_the_subject_passes_left_and_the_game_ends_when_all_were_subject() -> None:
    state = new(3, first_subject=1)
    subjects = []
    while not GAME.is_over(state):
        subjects.append(state.subject)
        readers = reading_order(3, state.subject)
        play_round(state, {r: [True, True, True] for r in readers})
    assert subjects == [1, 2, 0]
    # Every round both readers got 3 and the Subject scored 3.
    assert state.scores == [9, 9, 9]
    result = GAME.result(state)
    assert result is not None and result.winners == [0, 1, 2]
    assert GAME.to_act(state) == frozenset()


def test_subject_turns_sets_how_many_times_each_player_is_the_subject() -> None:
    state = new(3, subject_turns=2)
    rounds = 0
    while not GAME.is_over(state):
        rounds += 1
        play_round(state, {r: [False] for r in reading_order(3, state.subject)})
    assert rounds == 6
    assert [r["subject"] for r in state.rounds] == [0, 1, 2, 0, 1, 2]


def test_ties_all_tied_players_win() -> None:
    state = new(3)
    play_round(state, {1: [True, False], 2: [False]})  # subject 0 scores 1, seat 1 scores 1
    play_round(state, {2: [False], 0: [False]})  # subject 1 scores 0
    play_round(state, {0: [False], 1: [False]})  # subject 2 scores 0
    result = GAME.result(state)
    assert result is not None
    assert result.scores == [1.0, 1.0, 0.0]
    assert result.winners == [0, 1]


# -- large-group variant --------------------------------------------------------------------
def test_large_group_one_card_each_and_the_subject_scores_every_correct_prediction() -> None:
    state = new(6, variant="large-group")
    assert all(len(hand(state, s)) == 1 for s in range(1, 6))
    assert hand(state, 0) == []
    play_round(state, {1: [True], 2: [False], 3: [True], 4: [True], 5: [False]})
    assert state.rounds[0]["scores"] == [3, 1, 0, 1, 1, 0]
    assert state.subject == 1


def test_ruling_large_group_is_allowed_with_three_players() -> None:
    state = new(3, variant="large-group")
    play_round(state, {1: [True], 2: [True]})
    assert state.rounds[0]["scores"] == [2, 1, 1]


# -- set-up and options ------------------------------------------------------------------------
def test_ruling_three_to_ten_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 10)
    GAME.setup(10, {"variant": "large-group"}, seed=1)
    for players in (2, 11):
        with pytest.raises(InvalidOptions):
            GAME.setup(players, {}, seed=1)


def test_ruling_first_subject_is_drawn_from_the_seed_unless_given() -> None:
    firsts = {GAME.setup(5, {}, seed=s).subject for s in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    assert GAME.setup(5, {}, seed=9).subject == GAME.setup(5, {}, seed=9).subject
    assert GAME.setup(5, {"first_subject": 4}, seed=9).subject == 4
    with pytest.raises(InvalidOptions, match="first_subject"):
        GAME.setup(4, {"first_subject": 4}, seed=9)


def test_ruling_decks_need_unique_phrases_and_enough_cards_for_a_deal() -> None:
    with pytest.raises(InvalidOptions, match="entry 2"):
        GAME.setup(3, {"deck": [["a", "b"], ["c", "d"], ["e"]]}, seed=1)
    with pytest.raises(InvalidOptions, match="already on entry 0"):
        GAME.setup(3, {"deck": [["Up", "Down"], ["up", "Left"]]}, seed=1)
    with pytest.raises(InvalidOptions, match="at least 6 cards"):
        GAME.setup(3, {"deck": DECK[:5]}, seed=1)
    GAME.setup(3, {"deck": DECK[:6]}, seed=1)
    with pytest.raises(InvalidOptions, match="variant"):
        GAME.setup(3, {"variant": "huge"}, seed=1)


def test_the_built_in_deck_is_shuffled_from_the_seed() -> None:
    a, b = (GAME.setup(4, {}, seed=s) for s in (1, 2))
    assert GAME.view(a, 1)["hand"] != GAME.view(b, 1)["hand"]
    assert GAME.view(a, 1)["hand"] == GAME.view(GAME.setup(4, {}, seed=1), 1)["hand"]
    assert GAME.view(a, None)["deck_size"] == 262


def test_when_the_draw_pile_runs_out_the_discards_are_shuffled_back_in() -> None:
    # 12 cards and 9 dealt a round: the second deal takes the 3 cards left,
    # then shuffles the 9 discards of round 1 into a new draw pile.
    state = new(4)
    play_round(state, {1: [False], 2: [False], 3: [False]})
    assert state.subject == 1
    assert [state.hands[r][0] for r in (2, 3, 0)] == [9, 10, 11]
    assert len(state.draw) == 3 and state.discard == []
    dealt = sorted(c for h in state.hands for c in h)
    assert sorted(state.draw + dealt) == list(range(12))
    again = new(4)
    play_round(again, {1: [False], 2: [False], 3: [False]})
    assert again.hands == state.hands and again.draw == state.draw  # the seed decides


# -- legal actions ------------------------------------------------------------------------------
def test_legal_spec_for_readers_and_choices_for_the_subject() -> None:
    state = new(3)
    legal = GAME.legal(state, 1)
    assert legal.spec is not None
    assert legal.spec.to_json() == {
        "kind": "arrangement", "key": "guesses", "cards": [DECK[0], DECK[2], DECK[4]],
        "label": "Predict the Subject's pick on each card, and read your surest first:"
                 " the first miss ends your turn",
        "subject": 0}
    assert GAME.legal(state, 0).choices == []
    arrange_first_sides(state)
    assert GAME.legal(state, 0).choices == [{"pick": "Early bird"}, {"pick": "Night owl"}]
    assert GAME.legal(state, 1).choices == []


def test_guesses_set_the_reading_order() -> None:
    state = new(3)
    GAME.apply(state, 1, {"guesses": ["Books", "Night owl", "Mountains"]})
    GAME.apply(state, 2, {"guesses": ["Tea", "Sunrise", "Cats"]})
    assert GAME.view(state, 1)["hand"] == [DECK[4], DECK[0], DECK[2]]
    assert GAME.view(state, 1)["guesses"] == ["Books", "Night owl", "Mountains"]
    assert card_being_read(state) == DECK[4]
    GAME.apply(state, 0, {"pick": "Books"})
    assert card_being_read(state) == DECK[0]


# -- bad input: refused with a clear message, nothing changed ------------------------------------
def refused(state: TakeYourPickState, seat: int, action: Any, error: type[Exception],
            match: str) -> None:
    before = conformance.state_dump(GAME, state)
    rng_before = state.rng.getstate()
    with pytest.raises(error, match=match):
        GAME.apply(state, seat, action)
    assert conformance.state_dump(GAME, state) == before
    assert state.rng.getstate() == rng_before


def test_bad_guesses_are_refused() -> None:
    state = new(3)
    refused(state, 1, {"guesses": "Books"}, MalformedAction, "list of phrases")
    refused(state, 1, {"guesses": ["Books", "Night owl"]}, MalformedAction, "each of your 3")
    refused(state, 1, {"guesses": ["Books", "Night owl", "Tea"]}, MalformedAction,
            "'Tea' is not a phrase on your cards")
    refused(state, 1, {"guesses": ["Books", "Films", "Beach"]}, MalformedAction,
            "'Books' and 'Films' are on the same card")
    refused(state, 1, {"guesses": ["Books", "Books", "Beach"]}, MalformedAction,
            "'Books' and 'Books' are on the same card")
    refused(state, 1, {"guesses": ["books", "Night owl", "Beach"]}, MalformedAction,
            "not a phrase")
    refused(state, 1, {"guesses": [1, 2, 3]}, MalformedAction, "list of phrases")
    refused(state, 1, {"guesses": ["Books", "Night owl", "Beach"], "x": 1}, MalformedAction,
            "expected an action")


def test_out_of_turn_and_wrong_phase_are_refused() -> None:
    state = new(3)
    refused(state, 0, {"pick": "Early bird"}, NotYourTurn,
            "the Subject waits while the readers set their predictions")
    refused(state, 1, {"pick": "Early bird"}, IllegalAction, "no card is being read yet")
    GAME.apply(state, 1, {"guesses": ["Books", "Night owl", "Mountains"]})
    GAME.apply(state, 2, {"guesses": ["Tea", "Sunrise", "Cats"]})
    refused(state, 2, {"pick": "Books"}, NotYourTurn,
            r"the Subject \(seat 0\) is answering seat 1's card")
    refused(state, 0, {"guesses": ["Books"]}, IllegalAction, "the Subject is answering")
    refused(state, 0, {"pick": "Night owl"}, MalformedAction, "pick 'Books' or 'Films'")
    refused(state, 0, {"pick": ["Books"]}, MalformedAction, "pick 'Books' or 'Films'")
    refused(state, 9, {"pick": "Books"}, NotYourTurn, "no seat")


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = new(3)
    while not GAME.is_over(state):
        play_round(state, {r: [False] for r in reading_order(3, state.subject)})
    refused(state, 0, {"pick": "Books"}, IllegalAction, "over")


def test_registered_under_its_id() -> None:
    assert get_game("take-your-pick") is GAME
    assert GAME.describe()["default_bot"] == "persona"


def test_random_action_is_always_legal() -> None:
    rng = random.Random(3)
    state = new(4)
    for seat in sorted(GAME.to_act(state)):
        action = GAME.random_action(GAME.view(state, seat), GAME.legal(state, seat), rng)
        GAME.apply(state, seat, action)
    assert state.phase == "read"


# -- rulings ------------------------------------------------------------------------------------
def test_ruling_deal_one_card_at_a_time_clockwise_from_the_subjects_left() -> None:
    state = new(3, first_subject=2)
    assert hand(state, 0) == [DECK[0], DECK[2], DECK[4]]
    assert hand(state, 1) == [DECK[1], DECK[3], DECK[5]]
    assert state.draw == list(range(6, 12))  # a given deck is dealt as stacked


def test_ruling_tied_best_readers_give_the_subject_that_score_once() -> None:
    state = new(4)
    play_round(state, {1: [True, True, False], 2: [True, True, False], 3: [False]})
    assert state.rounds[0]["scores"] == [2, 2, 2, 0]


def test_ruling_scored_cards_return_to_the_discard_pile() -> None:
    state = new(3, deck=DECK + MORE)
    play_round(state, {1: [True, True, True], 2: [True, False]})
    assert state.scores == [3, 3, 1]
    # All six cards of round 1 (scored, missed and unread) are in the discard pile.
    assert sorted(state.discard) == list(range(6))
    assert len(state.draw) == 21 - 6 - 6


def test_ruling_predictions_once_set_are_final() -> None:
    state = new(3)
    GAME.apply(state, 1, {"guesses": ["Books", "Night owl", "Mountains"]})
    refused(state, 1, {"guesses": ["Films", "Night owl", "Mountains"]}, NotYourTurn,
            "your predictions are set")
    assert GAME.view(state, 1)["guesses"] == ["Books", "Night owl", "Mountains"]


def test_ruling_subject_turns_applies_to_both_variants() -> None:
    state = new(4, variant="large-group", subject_turns=2)
    rounds = 0
    while not GAME.is_over(state):
        rounds += 1
        play_round(state, {r: [True] for r in reading_order(4, state.subject)})
    assert rounds == 8
    assert state.scores == [2 * 3 + 6, 2 * 3 + 6, 2 * 3 + 6, 2 * 3 + 6]


def test_a_json_true_or_false_is_not_a_seat_and_changes_nothing() -> None:
    # true == 1 is a reader who may arrange now, false == 0 the Subject: both refused.
    state = new(3)
    guesses = {"guesses": ["Early bird", "Beach", "Books"]}
    refused(state, True, guesses, NotYourTurn, "there is no seat True")
    refused(state, False, {"pick": "Early bird"}, NotYourTurn, "there is no seat False")
    record = {"game": GAME.id, "players": 3, "seed": 5, "options": {},
              "actions": [{"seat": True, "action": guesses}]}
    with pytest.raises(RecordError, match="action 0 must be"):
        Record.from_json(record)


def test_ruling_each_reader_reads_all_their_cards_before_the_next() -> None:
    state = new(4, deck=DECK + MORE)
    arrange_first_sides(state)
    readers = []
    while state.round == 1:
        readers.append(GAME.view(state, None)["reading"]["reader"])
        answer(state, right=True)
    assert readers == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_ruling_reading_needs_nothing_from_the_reader() -> None:
    state = new(4, deck=DECK + MORE)
    arrange_first_sides(state)
    while state.round == 1:
        assert GAME.to_act(state) == frozenset({0})  # only the Subject, card after card
        for reader in (1, 2, 3):
            assert GAME.legal(state, reader).choices == []
        answer(state, right=False)
    assert [r["reader"] for r in state.reads] == [1, 2, 3]
