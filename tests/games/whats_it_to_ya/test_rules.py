"""What's It to Ya?: the rulebook's clauses and its split table, with its numbers."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from parlour.engine import GameOver, InvalidOptions, Match, NotYourTurn, Record, RecordError
from parlour.engine.conformance import _same, state_dump
from parlour.games.whats_it_to_ya import (
    GAME,
    STANDARD,
    WhatsItToYaState,
    count_correct,
    score_round,
)
from parlour.games.whats_it_to_ya.rules import GUESSER_TASK

WORDS = STANDARD.words("front")


def new_match(players: int, first_dealer: int = 0, turns: int = 2,
              **options: Any) -> Match[WhatsItToYaState]:
    opts: dict[str, Any] = {"deck": WORDS[: 5 * players * turns], "first_dealer": first_dealer,
                            "dealer_turns": turns, **options}
    return Match.new(GAME, players, opts, seed=11)


def correct_guess(order: list[str], correct: int) -> list[str]:
    """A guess of ``order`` with exactly ``correct`` cards matching (0, 1, 2, 3 or 5)."""
    a, b, c, d, e = order
    return {5: [a, b, c, d, e], 3: [a, b, c, e, d], 2: [a, b, d, e, c],
            1: [a, c, d, e, b], 0: [b, c, d, e, a]}[correct]


def play_round(match: Match[WhatsItToYaState], correct: dict[int, int]) -> list[str]:
    """The dealer ranks the table as dealt; seat s guesses with ``correct[s]`` matches."""
    order = list(match.state.table)
    dealer = match.state.dealer
    match.act(dealer, {"rank": order})
    for seat in range(match.state.players):
        if seat != dealer:
            match.act(seat, {"rank": correct_guess(order, correct.get(seat, 0))})
    return order


# -- correct answers are counted card by card --------------------------------------------
def test_a_correct_answer_is_a_card_whose_token_matches_the_dealers() -> None:
    dealer = ["Pizza", "Owls", "Jazz", "Rain", "Keys"]
    assert count_correct(dealer, dealer) == 5
    assert count_correct(dealer, ["Pizza", "Owls", "Jazz", "Keys", "Rain"]) == 3
    assert count_correct(dealer, ["Pizza", "Jazz", "Owls", "Keys", "Rain"]) == 1
    assert count_correct(dealer, ["Owls", "Jazz", "Rain", "Keys", "Pizza"]) == 0


def test_the_most_correct_answers_takes_all_five_not_only_a_perfect_ranking() -> None:
    match = new_match(4)
    order = play_round(match, {1: 3, 2: 1, 3: 0})
    assert match.state.won == [[], order, [], []]
    assert match.state.history[0]["correct"] == [None, 3, 1, 0]
    assert match.state.history[0]["winners"] == [1]
    # Place by place, what the reveal table ticks: the 3 right are the first three places.
    assert match.view(None)["history"][0]["matches"] == [
        None, [True, True, True, False, False], [True, False, False, False, False],
        [False, False, False, False, False]]


# -- the split table: every row, with the rulebook's numbers -----------------------------
# | tied players | cards to each | discarded |
SPLIT_TABLE = [(1, 5, 0), (2, 2, 1), (3, 1, 2), (4, 1, 1), (5, 1, 0)]


@pytest.mark.parametrize(("tied", "each", "discarded"), SPLIT_TABLE)
def test_split_table_row(tied: int, each: int, discarded: int) -> None:
    match = new_match(6)
    order = play_round(match, {seat: 5 for seat in range(1, tied + 1)})
    for seat in range(1, 6):
        assert len(match.state.won[seat]) == (each if seat <= tied else 0)
    assert len(match.state.discarded) == discarded
    assert match.state.won[0] == []
    # Cards go in the dealer's order, to the tied players clockwise from the dealer's left.
    handed = [w for seat in range(1, tied + 1) for w in match.state.won[seat]]
    assert handed + match.state.discarded == order


def test_a_tie_below_five_correct_splits_by_the_table_too() -> None:
    match = new_match(6)
    play_round(match, {1: 2, 2: 1, 3: 2, 4: 0, 5: 1})
    assert [len(w) for w in match.state.won] == [0, 2, 0, 2, 0, 0]
    assert len(match.state.discarded) == 1


def test_ties_are_handed_out_clockwise_from_the_dealers_left() -> None:
    match = new_match(4, first_dealer=2)
    order = play_round(match, {0: 5, 1: 0, 3: 5})
    assert match.state.won[3] == order[:2]
    assert match.state.won[0] == order[2:4]
    assert match.state.discarded == order[4:]


# -- nobody correct ----------------------------------------------------------------------
def test_nobody_correct_the_cards_are_discarded_and_the_dealer_discards_one_of_theirs() -> None:
    match = new_match(3)
    first = play_round(match, {1: 0, 2: 5})  # seat 2 takes all five
    second = play_round(match, {0: 5, 2: 0})  # seat 1 deals; seat 0 takes all five
    assert match.state.won[2] == first and match.state.won[0] == second
    play_round(match, {0: 0, 1: 0})  # seat 2 deals and nobody is right
    assert match.state.won[2] == first[:4]
    assert match.state.history[2]["dealer_discarded"] == first[4]
    assert len(match.state.discarded) == 6


def test_nobody_correct_and_the_dealer_has_no_card_to_discard() -> None:
    match = new_match(3)
    play_round(match, {1: 0, 2: 0})
    assert match.state.won == [[], [], []]
    assert match.state.history[0]["dealer_discarded"] is None
    assert len(match.state.discarded) == 5


def test_ruling_the_dealer_wins_no_card_in_their_own_round() -> None:
    match = new_match(3)
    play_round(match, {1: 5, 2: 5})
    assert match.state.won[0] == []
    assert match.state.history[0]["correct"][0] is None


# -- the deal passes, the game ends, the winner ------------------------------------------
def test_the_dealer_passes_clockwise_and_everyone_deals_twice() -> None:
    match = new_match(4, first_dealer=1)
    dealers = []
    while not match.over:
        dealers.append(match.state.dealer)
        play_round(match, {})
    assert dealers == [1, 2, 3, 0, 1, 2, 3, 0]


def test_the_longer_game_everyone_deals_three_times() -> None:
    match = new_match(3, first_dealer=0, turns=3)
    rounds = 0
    while not match.over:
        play_round(match, {})
        rounds += 1
    assert rounds == 9


def test_most_cards_wins_and_a_tie_shares_the_victory() -> None:
    match = new_match(3)
    play_round(match, {1: 5})  # seat 1: 5
    play_round(match, {2: 3, 0: 3})  # seat 2: 2, seat 0: 2
    play_round(match, {0: 1})  # seat 0: 5 more -> 7
    play_round(match, {1: 2})  # seat 1: 5 more -> 10
    play_round(match, {2: 5, 0: 5})  # seat 2: 2 more -> 4, seat 0: 2 more -> 9
    play_round(match, {0: 2, 1: 1})  # seat 0: 5 more -> 14
    result = match.result()
    assert result is not None
    assert result.scores == [14.0, 10.0, 4.0]
    assert result.winners == [0]
    assert result.details["cards_won"] == [14, 10, 4]
    assert len(result.details["rounds"]) == 6


def test_a_tie_for_most_cards_shares_the_victory() -> None:
    match = new_match(3)
    for _ in range(6):
        play_round(match, {})  # nobody ever right: nobody has a card
    result = match.result()
    assert result is not None
    assert result.scores == [0.0, 0.0, 0.0] and result.winners == [0, 1, 2]


def test_score_round_on_its_own() -> None:
    order = ["A", "B", "C", "D", "E"]
    out = score_round(1, [["B", "A", "C", "D", "E"], order, ["A", "B", "C", "E", "D"]])
    assert out["correct"] == [3, None, 3]
    assert out["winners"] == [2, 0]
    assert out["awarded"] == [["C", "D"], [], ["A", "B"]]
    assert out["discarded"] == ["E"]


# -- rulings -----------------------------------------------------------------------------
def test_ruling_two_players_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="3–6 players"):
        GAME.setup(2)
    with pytest.raises(InvalidOptions):
        GAME.setup(7)


def test_ruling_the_first_dealer_is_drawn_from_the_seed_unless_chosen() -> None:
    drawn = {GAME.setup(5, {}, seed=s).dealer for s in range(40)}
    assert drawn == {0, 1, 2, 3, 4}
    assert GAME.setup(5, {}, seed=3).dealer == GAME.setup(5, {}, seed=3).dealer
    assert GAME.setup(5, {"first_dealer": 4}, seed=3).dealer == 4
    with pytest.raises(InvalidOptions, match="first_dealer"):
        GAME.setup(3, {"first_dealer": 3})


def test_ruling_one_word_per_card_shown_the_side_option_chooses_which() -> None:
    fronts, backs = set(STANDARD.words("front")), set(STANDARD.words("back"))
    front = GAME.setup(3, {"side": "front"}, seed=5)
    back = GAME.setup(3, {"side": "back"}, seed=5)
    mixed = GAME.setup(6, {"side": "random"}, seed=5)
    assert set(front.table + front.deck) == fronts
    assert set(back.table + back.deck) == backs
    shown = mixed.table + mixed.deck
    assert len(shown) == 200
    assert fronts & set(shown) and backs & set(shown)
    # One word from each card, never both sides of one card.
    for card in STANDARD.cards:
        assert (card.front in shown) != (card.back in shown)


def test_ruling_the_built_in_deck_never_runs_out() -> None:
    state = GAME.setup(6, {"dealer_turns": 3}, seed=2)
    assert 5 * 6 * 3 <= len(state.deck) + 5 == 200


def test_ruling_a_stacked_deck_too_short_for_the_game_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="at least 30 words"):
        GAME.setup(3, {"deck": WORDS[:29]})
    with pytest.raises(InvalidOptions, match="at least 45 words"):
        GAME.setup(3, {"deck": WORDS[:44], "dealer_turns": 3})
    GAME.setup(3, {"deck": WORDS[:30]})


def test_a_stacked_deck_is_dealt_top_first_and_must_not_repeat_a_word() -> None:
    state = GAME.setup(3, {"deck": WORDS[:30], "first_dealer": 0})
    assert state.table == WORDS[:5]
    with pytest.raises(InvalidOptions, match="appears twice"):
        GAME.setup(3, {"deck": [*WORDS[:29], "pizza ", "Pizza"]})
    with pytest.raises(InvalidOptions, match="deck entry 3"):
        GAME.setup(3, {"deck": [*WORDS[:3], "", *WORDS[3:30]]})


def test_the_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        GAME.setup(3, {"dealer_turns": 4})
    with pytest.raises(InvalidOptions):
        GAME.setup(3, {"side": "edge"})


# -- bad input ---------------------------------------------------------------------------
BAD = [
    ({"rank": ["A"]}, "not one of the items to rank"),
    ({}, "key 'rank'"),
    ({"rank": "Pizza"}, "must list each of"),
    ({"rank": [1, 2, 3, 4, 5]}, "must list each of"),
    ({"rank": None}, "must list each of"),
    ({"rank": [], "extra": 1}, "key 'rank'"),
]


@pytest.mark.parametrize(("action", "message"), BAD)
def test_a_malformed_ranking_is_refused_and_changes_nothing(action: dict[str, Any],
                                                            message: str) -> None:
    match = new_match(3)
    before = copy.deepcopy(match.state)
    with pytest.raises(ValueError, match=message):
        match.act(1, action)
    assert _same(before, match.state)


def test_a_ranking_must_be_a_permutation_of_exactly_the_five_words_shown() -> None:
    match = new_match(3)
    table = list(match.state.table)
    dump = state_dump(GAME, match.state)
    cases = [
        (table[:4], r"must list each of .* once \(got 4\)"),
        ([*table[:4], table[0]], "ranked twice"),
        ([*table[:4], WORDS[50]], "not one of the items to rank"),
        ([*table, WORDS[50]], "not one of the items to rank"),
        ([*table, table[0]], "ranked twice"),
    ]
    for ranking, message in cases:
        with pytest.raises(ValueError, match=message):
            match.act(2, {"rank": ranking})
        assert state_dump(GAME, match.state) == dump
    assert match.record.actions == []


def test_a_ranking_may_differ_in_case_and_spacing_and_is_stored_as_printed() -> None:
    match = new_match(3)
    table = list(match.state.table)
    match.act(1, {"rank": [f"  {w.upper()} " for w in table]})
    assert match.state.rankings[1] == table


def test_ranking_twice_in_a_round_is_refused() -> None:
    match = new_match(3)
    table = list(match.state.table)
    match.act(1, {"rank": table})
    before = copy.deepcopy(match.state)
    with pytest.raises(NotYourTurn):
        match.act(1, {"rank": table[::-1]})
    assert _same(before, match.state)


def test_acting_after_the_game_is_over_is_refused() -> None:
    match = new_match(3)
    while not match.over:
        play_round(match, {})
    with pytest.raises(GameOver):
        GAME.apply(match.state, 0, {"rank": WORDS[:5]})


def test_an_error_message_never_holds_a_secret_ranking() -> None:
    match = new_match(3)
    table = list(match.state.table)
    secret = [table[3], table[1], table[4], table[0], table[2]]
    match.act(0, {"rank": secret})
    for bad in ([*table[:4], table[0]], ["nope"], table[:2]):
        with pytest.raises(ValueError) as caught:
            match.act(1, {"rank": bad})
        assert str(secret) not in str(caught.value)
        assert ", ".join(secret) not in str(caught.value)


# -- what each seat sees -----------------------------------------------------------------
def test_rankings_stay_secret_until_everyone_has_ranked_then_are_public() -> None:
    match = new_match(3)
    table = list(match.state.table)
    secret = [table[2], table[0], table[1], table[4], table[3]]
    match.act(0, {"rank": secret})
    match.act(1, {"rank": table})
    for seat in (1, 2, None):
        view = match.view(seat)
        assert view["submitted"] == [True, True, False]
        assert view["history"] == []
        assert secret not in [view["my_ranking"]]
    assert match.view(0)["my_ranking"] == secret
    assert match.view(1)["my_ranking"] == table
    assert match.view(2)["my_ranking"] is None
    match.act(2, {"rank": table[::-1]})
    for seat in (0, 1, 2, None):
        revealed = match.view(seat)["history"][0]
        assert revealed["rankings"] == [secret, table, table[::-1]]
        assert revealed["cards"] == table
        assert match.view(seat)["submitted"] == [False, False, False]


def test_the_view_shows_the_table_the_dealer_and_the_cards_won() -> None:
    match = new_match(4, first_dealer=3)
    order = play_round(match, {0: 5})
    view = match.view(None)
    assert view["dealer"] == 0
    assert view["table"] == WORDS[5:10]
    assert view["won"][0] == order and view["cards_won"] == [5, 0, 0, 0]
    assert view["deck_count"] == 40 - 10
    assert view["round"] == 2 and view["rounds"] == 8
    spec = GAME.legal(match.state, 1).spec
    assert spec is not None
    assert spec.to_json() == {"kind": "ranking", "key": "rank", "items": WORDS[5:10],
                              "label": GUESSER_TASK, "role": "guesser", "dealer": 0}


def test_the_ranking_says_what_it_is_for_and_that_the_first_is_the_most_important() -> None:
    match = new_match(3, first_dealer=2)
    dealer, guesser = GAME.legal(match.state, 2).spec, GAME.legal(match.state, 0).spec
    assert dealer is not None and guesser is not None
    assert dealer.label == "Your own ranking — what matters most to you first"
    assert guesser.label == "Your guess at the dealer's ranking — what matters most to them first"
    assert dealer.to_json()["role"] == "dealer" and guesser.to_json()["role"] == "guesser"
    assert guesser.to_json()["dealer"] == 2


def test_a_json_true_or_false_is_not_a_seat_and_changes_nothing() -> None:
    # true == 1 and false == 0 in Python, and both seats may rank now: still refused.
    match = new_match(3)
    table = list(match.state.table)
    before = copy.deepcopy(match.state)
    for seat in (True, False):
        with pytest.raises(NotYourTurn, match=f"there is no seat {seat}"):
            match.act(seat, {"rank": table})
    assert _same(before, match.state) and match.record.actions == []
    record = {"game": GAME.id, "players": 3, "seed": 11, "options": {},
              "actions": [{"seat": True, "action": {"rank": table}}]}
    with pytest.raises(RecordError, match="action 0 must be"):
        Record.from_json(record)


def test_ruling_each_dealer_turns_up_the_top_five_cards() -> None:
    match = new_match(3)
    tables = []
    while not match.over:
        tables.append((match.state.dealer, list(match.state.table)))
        play_round(match, {})
    assert tables == [(r % 3, WORDS[5 * r:5 * r + 5]) for r in range(6)]
