"""Love Me Not: the table's log says what each move turned face up."""

from __future__ import annotations

import json
import random
import re

from parlour.games.love_me_not import GAME, LoveMeNotState
from parlour.games.love_me_not.narrate import card_text, narrate
from tests.games.love_me_not.test_rules import KEEPS, STACKED, TIED, TIED_KEEPS
from tests.stacked import Stacked

NAMES = ["Ann", "Bob"]

CARD = re.compile(r"([2-5J])([♥♦♣♠])")
SIGN_SUIT = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}


def told(state: LoveMeNotState, seat: int, card: str) -> list[str]:
    before = GAME.view(state, None)
    GAME.apply(state, seat, {"keep": card})
    return GAME.narrate(before, GAME.view(state, None), NAMES)


def stacked(matches: int, deck: list[str] = STACKED, seed: int = 1) -> LoveMeNotState:
    return GAME.setup(2, {"matches": matches, "deck": deck}, seed)


def play(state: LoveMeNotState, keeps: list[tuple[str, str]]) -> list[str]:
    """Plays whole turns; what the last move said."""
    said: list[str] = []
    for k0, k1 in keeps:
        told(state, 0, k0)
        said = told(state, 1, k1)
    return said


def test_cards_are_written_with_suit_signs() -> None:
    assert [card_text(c) for c in ("5H", "JS", "2D", "3C")] == ["5♥", "J♠", "2♦", "3♣"]


def test_a_first_choice_in_a_turn_reveals_nothing() -> None:
    state = stacked(1)
    play(state, KEEPS[:2])
    assert told(state, 0, "2D") == []


def test_the_first_turn_reveals_nothing_even_when_both_have_chosen() -> None:
    state = stacked(1)
    assert told(state, 0, "2H") == []
    assert told(state, 1, "3S") == []


def test_the_second_choice_of_a_turn_reveals_both_cards_from_the_turn_before() -> None:
    state = stacked(1)
    play(state, KEEPS[:2])
    told(state, 0, "2D")
    assert told(state, 1, "JH") == ["Ann's card from turn 2: J♠.", "Bob's card from turn 2: 5♥."]


def test_the_match_end_reveals_last_cards_piles_and_points_single_match() -> None:
    state = stacked(1)
    assert play(state, KEEPS) == [
        "Ann's cards from turns 4 and 5: 4♦, 3♣; pile: 2♠, 4♥, 3♦, 2♣, 4♣.",
        "Bob's cards from turns 4 and 5: J♦, J♣; pile: 3♥, 4♠, 5♠, 5♦, 5♣.",
        "Match 1: Ann 8, Bob 10 — Bob wins the match and the game.",
    ]


def test_a_match_won_in_best_of_three_gives_the_standing() -> None:
    state = stacked(3)
    said = play(state, KEEPS)
    assert said[-1] == "Match 1: Ann 8, Bob 10 — Bob wins the match (matches won: Ann 0, Bob 1)."
    assert len(said) == 3


def test_the_new_match_s_first_moves_reveal_nothing() -> None:
    state = stacked(3)
    play(state, KEEPS)
    hands = [GAME.view(state, s)["hand"][0] for s in (0, 1)]
    assert told(state, 0, hands[0]) == []
    assert told(state, 1, hands[1]) == []


def test_a_tied_match_in_best_of_three_deals_another() -> None:
    state = stacked(3, TIED)
    assert play(state, TIED_KEEPS)[-1] == (
        "Match 1: Ann 12, Bob 12 — a tie, so nobody wins the match and another is dealt."
    )


def test_a_tied_single_match_ends_the_game_in_a_tie() -> None:
    state = stacked(1, TIED)
    assert play(state, TIED_KEEPS) == [
        "Ann's cards from turns 4 and 5: 3♦, 5♦; pile: 3♥, 5♥, 2♦, 4♦, J♦.",
        "Bob's cards from turns 4 and 5: 3♣, J♣; pile: 3♠, 5♠, J♠, 4♣, 5♣.",
        "Match 1: Ann 12, Bob 12 — a tie, and the game ends in a tie.",
    ]


# The decks of matches 2 and 3, top first: Ann wins both when each keeps the first card drawn.
LATER_DECKS = (
    ["JS", "4C", "5S", "2D", "2S", "4H", "JH", "5D", "5H", "2H",
     "JC", "3S", "JD", "4S", "3C", "3H", "5C", "2C", "4D", "3D"],
    ["5H", "3D", "4C", "5C", "2C", "4S", "2D", "2S", "4D", "2H",
     "JH", "4H", "JD", "JC", "5D", "3H", "JS", "3C", "3S", "5S"],
)


def test_the_deciding_match_names_the_game_s_winner() -> None:
    state = stacked(3)
    state.rng = Stacked(*LATER_DECKS)
    play(state, KEEPS)
    said: list[str] = []
    while not GAME.is_over(state):
        hands = [GAME.view(state, s)["hand"][0] for s in (0, 1)]
        told(state, 0, hands[0])
        said = told(state, 1, hands[1])
    assert said == [
        "Ann's cards from turns 4 and 5: J♦, J♠; pile: 3♦, 4♠, 2♥, J♣, 3♣.",
        "Bob's cards from turns 4 and 5: 5♦, 3♠; pile: 5♣, 2♠, 4♥, 3♥, 5♠.",
        "Match 3: Ann 8, Bob 6 — Ann wins the match and the game (matches won: Ann 2, Bob 1).",
    ]


def test_names_are_the_ones_given() -> None:
    state = stacked(1)
    play(state, KEEPS[:2])
    before = GAME.view(state, None)
    told(state, 0, "2D")
    GAME.apply(state, 1, {"keep": "JH"})
    assert narrate(before, GAME.view(state, None), ["X", "Y"]) == [
        "X's card from turn 2: J♠.", "Y's card from turn 2: 5♥."]


def test_random_games_narrate_only_public_cards() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(2, {"matches": rng.choice([1, 3])}, seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_act(state)))
            before = GAME.view(state, None)
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            after = GAME.view(state, None)
            public = json.dumps(after)
            for sentence in GAME.narrate(before, after, NAMES):
                for rank, sign in CARD.findall(sentence):
                    assert f'"{rank}{SIGN_SUIT[sign]}"' in public, (seed, sentence)
