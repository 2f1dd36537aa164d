"""Love Me Not: the rulebook's clauses and examples, with its numbers."""

from __future__ import annotations

import copy

import pytest

from parlour.engine import GameOver, InvalidOptions, MalformedAction, Match, NotYourTurn
from parlour.engine.conformance import state_dump
from parlour.games.love_me_not import GAME, score

# Each turn seat 0 draws the top two cards, then seat 1 the next two.
STACKED = ["2H", "2S", "3H", "3S",
           "JS", "4H", "4S", "5H",
           "2D", "3D", "JH", "5S",
           "4D", "2C", "5D", "JD",
           "3C", "4C", "5C", "JC"]
KEEPS = [("2H", "3S"), ("JS", "5H"), ("2D", "JH"), ("4D", "JD"), ("3C", "JC")]

# A deck whose first match is a 12–12 tie (each side 6 + 6, no jack bonus).
TIED = ["2H", "3H", "2S", "3S", "4H", "5H", "4S", "5S", "JH", "2D", "JS", "2C",
        "3D", "4D", "3C", "4C", "5D", "JD", "5C", "JC"]
TIED_KEEPS = [("2H", "2S"), ("4H", "4S"), ("JH", "2C"), ("3D", "3C"), ("5D", "JC")]


def play_turns(match: Match, keeps: list[tuple[str, str]]) -> None:
    for k0, k1 in keeps:
        match.act(0, {"keep": k0})
        match.act(1, {"keep": k1})


def test_rulebook_suit_example_two_hearts_by_two_hearts_scores_four() -> None:
    assert score(["2H", "3H"], ["4H", "5H"], []) == 4


def test_rulebook_jack_example_jack_of_spades_against_three_spades_scores_three() -> None:
    assert score(["JS"], [], ["2S", "3S", "4S"]) == 3


def test_a_jack_also_counts_as_a_card_of_its_suit() -> None:
    # spades: 2 in tableau (JS, 2S) × 1 in pile = 2, plus JS × 2 spades opposite = 2
    assert score(["JS", "2S"], ["3S"], ["4S", "5S", "2H"]) == 4


def test_each_jack_scores_even_when_several_share_a_suit_pile() -> None:
    assert score(["JH", "JD"], [], ["2H", "3H", "2D"]) == 3


def test_stacked_match_scores_as_computed_by_hand() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    assert match.view(0)["hand"] == ["2H", "2S"]
    assert match.view(1)["hand"] == ["3H", "3S"]
    play_turns(match, KEEPS)
    result = match.result()
    assert result is not None
    # Seat 0: tableau 2H JS 2D 4D 3C, pile 2S 4H 3D 2C 4C:
    #   ♥1×1 + ♠1×1 + ♦2×1 + ♣1×2 = 6, JS × seat 1's two spades = 2 → 8.
    # Seat 1: tableau 3S 5H JH JD JC, pile 3H 4S 5S 5D 5C:
    #   ♥2×1 + ♠1×2 + ♦1×1 + ♣1×1 = 6, JH 1 + JD 1 + JC 2 → 10.
    assert result.scores == [8, 10]
    assert result.winners == [1]
    assert result.details["match_points"] == [[8, 10]]


def test_reveal_is_one_turn_behind() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    match.act(0, {"keep": "2H"})
    assert match.view(1)["seats"][0]["tableau"] == [{"card": None, "revealed": False}]
    assert match.view(1)["seats"][0]["chosen"] is True
    match.act(1, {"keep": "3S"})
    # Turn 1 done: still hidden until both have chosen in turn 2.
    assert match.view(1)["seats"][0]["tableau"][0]["card"] is None
    match.act(0, {"keep": "JS"})
    assert match.view(1)["seats"][0]["tableau"][0]["card"] is None
    match.act(1, {"keep": "5H"})
    tableau = match.view(1)["seats"][0]["tableau"]
    assert tableau == [{"card": "2H", "revealed": True}, {"card": None, "revealed": False}]
    assert match.view(None)["seats"][1]["tableau"][0] == {"card": "3S", "revealed": True}


def test_owner_sees_own_face_down_cards_and_pile_but_not_the_opponents() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS[:1])
    mine = match.view(0)["seats"][0]
    assert mine["tableau"] == [{"card": "2H", "revealed": False}]
    assert mine["pile"] == ["2S"]
    theirs = match.view(0)["seats"][1]
    assert theirs["pile"] is None and theirs["pile_count"] == 1
    assert match.view(None)["hand"] == []


def test_after_the_fifth_turn_everything_is_revealed() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS)
    spectator = match.view(None)
    assert [e["card"] for e in spectator["seats"][1]["tableau"]] == ["3S", "5H", "JH", "JD", "JC"]
    assert spectator["history"][0]["pile"][1] == ["3H", "4S", "5S", "5D", "5C"]


def test_best_of_three_ends_when_a_player_wins_two_matches() -> None:
    match = Match.new(GAME, 2, {"deck": STACKED}, seed=4)
    play_turns(match, KEEPS)
    assert match.view(None)["matches_won"] == [0, 1]
    assert not match.over and match.view(None)["match"] == 2
    while not match.over:
        for seat in sorted(match.to_act):
            match.act(seat, match.legal(seat).choices[0])
    result = match.result()
    assert result is not None
    assert max(result.scores) == 2 and sum(result.scores) in (2, 3)
    assert result.winners == [result.scores.index(2)]
    assert len(result.details["match_points"]) >= 2


def test_ruling_a_tied_match_wins_no_cube_and_another_match_is_dealt() -> None:
    match = Match.new(GAME, 2, {"deck": TIED}, seed=2)
    play_turns(match, TIED_KEEPS)
    view = match.view(None)
    assert view["history"][0]["points"] == [12, 12]
    assert view["history"][0]["winners"] == [0, 1]
    assert view["matches_won"] == [0, 0]
    assert view["match"] == 2 and view["turn"] == 1 and not match.over


def test_ruling_a_tied_single_match_is_shared() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": TIED}, seed=2)
    play_turns(match, TIED_KEEPS)
    result = match.result()
    assert result is not None and result.scores == [12, 12] and result.winners == [0, 1]


def test_ruling_later_matches_are_shuffled_from_the_seed() -> None:
    def second_match_hands(seed: int) -> list[str]:
        match = Match.new(GAME, 2, {"deck": STACKED}, seed=seed)
        play_turns(match, KEEPS)
        return match.view(0)["hand"] + match.view(1)["hand"]

    assert second_match_hands(5) == second_match_hands(5)
    assert len({tuple(second_match_hands(s)) for s in range(6)}) > 1


def test_keeping_a_card_not_drawn_is_refused_and_changes_nothing() -> None:
    match = Match.new(GAME, 2, {"deck": STACKED}, seed=1)
    before = state_dump(GAME, match.state)
    with pytest.raises(MalformedAction, match="2H or 2S"):
        match.act(0, {"keep": "JC"})
    assert state_dump(GAME, match.state) == before
    assert match.record.actions == []


@pytest.mark.parametrize("action", [{}, {"keep": 3}, {"keep": "2H", "x": 1}, {"take": "2H"}])
def test_malformed_actions_are_refused(action: dict[str, object]) -> None:
    match = Match.new(GAME, 2, {"deck": STACKED}, seed=1)
    before = copy.deepcopy(match.state)
    with pytest.raises(MalformedAction):
        match.act(0, action)
    assert match.state == before or state_dump(GAME, match.state) == state_dump(GAME, before)


def test_acting_twice_in_a_turn_is_refused() -> None:
    match = Match.new(GAME, 2, {"deck": STACKED}, seed=1)
    match.act(0, {"keep": "2H"})
    with pytest.raises(NotYourTurn, match="seat 0 may not act now"):
        match.act(0, {"keep": "2S"})


def test_acting_after_the_game_is_over_is_refused() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS)
    with pytest.raises(GameOver):
        match.act(0, {"keep": "2H"})


@pytest.mark.parametrize("options", [{"matches": 2}, {"deck": ["2H"] * 20},
                                     {"deck": STACKED[:-1]}, {"colour": "red"}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.setup(2, options, 0)


def test_exactly_two_players() -> None:
    with pytest.raises(InvalidOptions, match="2–2 players"):
        GAME.setup(3, {}, 0)
