"""What's It to Ya?: the table's log says what each move made public, and no more."""

from __future__ import annotations

import random
from typing import Any

from parlour.engine.conformance import unexplained_words
from parlour.games.whats_it_to_ya import GAME, STANDARD, WhatsItToYaState
from parlour.games.whats_it_to_ya.narrate import narrate

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
# Stacked decks: round 1 shows Postcards, Rowboats, Subways, Explorers, Baseball; round 2
# shows Musicals, Pandas, Cycling, Tacos, Butterflies.
WORDS = STANDARD.words("front")
ROUND_1 = ["Explorers", "Postcards", "Baseball", "Rowboats", "Subways"]


def new_game(players: int = 3) -> WhatsItToYaState:
    return GAME.setup(players, {"deck": WORDS[: 10 * players], "first_dealer": 0}, 5)


def guess(order: list[str], correct: int) -> list[str]:
    """A guess of ``order`` with exactly ``correct`` cards matching (0, 1, 2, 3 or 5)."""
    a, b, c, d, e = order
    return {5: [a, b, c, d, e], 3: [a, b, c, e, d], 2: [a, b, d, e, c],
            1: [a, c, d, e, b], 0: [b, c, d, e, a]}[correct]


def told(state: WhatsItToYaState, seat: int, action: dict[str, Any]) -> list[str]:
    """Apply one action and return what the log says about it."""
    before = GAME.view(state, None)
    GAME.apply(state, seat, action)
    return GAME.narrate(before, GAME.view(state, None), NAMES[: state.players])


def play_round(state: WhatsItToYaState, correct: dict[int, int],
               order: list[str] | None = None) -> list[str]:
    """The dealer ranks ``order`` (default: as dealt); each guesser gets ``correct[s]`` right.

    Returns what the log says about the last ranking, the one that ends the round.
    """
    order = list(state.table) if order is None else order
    dealer = state.dealer
    said = told(state, dealer, {"rank": order})
    assert said == []
    seats = [s for s in range(state.players) if s != dealer]
    for seat in seats[:-1]:
        assert told(state, seat, {"rank": guess(order, correct.get(seat, 0))}) == []
    return told(state, seats[-1], {"rank": guess(order, correct.get(seats[-1], 0))})


def test_a_secret_ranking_says_nothing() -> None:
    state = new_game()
    assert told(state, 1, {"rank": ROUND_1}) == []
    assert told(state, 0, {"rank": ROUND_1}) == []


def test_one_best_guesser_takes_all_five_and_the_next_round_is_dealt() -> None:
    state = new_game()
    assert play_round(state, {1: 3, 2: 1}, ROUND_1) == [
        "Round 1: Ann ranked Explorers, Postcards, Baseball, Rowboats, Subways;"
        " correct answers: Bob 3, Cy 1.",
        "Bob takes all five cards and now has 5 cards.",
        "Round 2: Bob deals Musicals, Pandas, Cycling, Tacos and Butterflies.",
    ]


def test_two_tied_split_the_cards_and_one_is_discarded() -> None:
    state = new_game()
    said = play_round(state, {1: 2, 2: 2}, ROUND_1)
    assert said[1] == ("Tied with 2 correct: Bob takes Explorers and Postcards (now 2 cards),"
                       " Cy takes Baseball and Rowboats (now 2 cards); Subways is discarded.")


def test_three_tied_take_one_each_and_two_are_discarded() -> None:
    state = new_game(4)
    said = play_round(state, {1: 1, 2: 1, 3: 1}, ROUND_1)
    assert said[0] == ("Round 1: Ann ranked Explorers, Postcards, Baseball, Rowboats, Subways;"
                       " correct answers: Bob 1, Cy 1, Dee 1.")
    assert said[1] == ("Tied with 1 correct: Bob takes Explorers (now 1 card), Cy takes"
                       " Postcards (now 1 card), Dee takes Baseball (now 1 card);"
                       " Rowboats and Subways are discarded.")


def test_five_tied_take_one_each_and_none_is_discarded() -> None:
    state = new_game(6)
    said = play_round(state, {s: 5 for s in range(1, 6)}, ROUND_1)
    assert said[1] == ("Tied with 5 correct: Bob takes Explorers (now 1 card), Cy takes"
                       " Postcards (now 1 card), Dee takes Baseball (now 1 card), Eve takes"
                       " Rowboats (now 1 card), Flo takes Subways (now 1 card).")


def test_nobody_right_discards_all_five_and_the_dealers_last_won_card() -> None:
    state = new_game()
    said = play_round(state, {}, ROUND_1)
    assert said[:2] == [
        "Round 1: Ann ranked Explorers, Postcards, Baseball, Rowboats, Subways;"
        " correct answers: Bob 0, Cy 0.",
        "Nobody matched a single card, so all five are discarded;"
        " Ann has no won card to discard.",
    ]
    state = new_game()
    play_round(state, {1: 5}, ROUND_1)  # Bob wins round 1's five cards, Subways last.
    said = play_round(state, {})
    assert said[1] == ("Nobody matched a single card, so all five are discarded;"
                       " Bob discards Subways, a card they had won.")
    assert said[2] == "Round 3: Cy deals Camper Vans, Loyalty, Puppets, Backpacks and Forgiveness."


def test_the_game_end_names_the_winner() -> None:
    state = new_game()
    for dealer in range(6):
        best = (dealer + 1) % 3  # The seat after each dealer wins every round.
        said = play_round(state, {best: 5})
    assert said == [
        "Round 6: Cy ranked Siblings, Doctors, Heroes, Dogs, Batteries;"
        " correct answers: Ann 5, Bob 0.",
        "Ann takes all five cards and now has 10 cards.",
        "The game is over: Ann, Bob and Cy share the victory with 10 cards.",
    ]


def test_a_single_winner_at_the_end() -> None:
    state = new_game()
    for _ in range(6):
        said = play_round(state, {1: 5} if state.dealer != 1 else {2: 1})
    assert said[-1] == "The game is over: Bob wins with 20 cards."


def test_the_function_and_the_method_agree() -> None:
    state = new_game()
    before = GAME.view(state, None)
    for seat in range(3):
        GAME.apply(state, seat, {"rank": ROUND_1})
    after = GAME.view(state, None)
    assert narrate(before, after, NAMES) == GAME.narrate(before, after, NAMES)


TEMPLATE = {"round", "ranked", "correct", "answers", "takes", "all", "five", "cards", "card",
            "and", "now", "has", "deals", "tied", "with", "is", "are", "discarded", "nobody",
            "matched", "a", "single", "so", "discards", "they", "had", "won", "no", "to",
            "discard", "the", "game", "over", "wins", "share", "victory"}


def test_random_games_narrate_only_public_facts() -> None:
    for seed, players in [(3, 3), (4, 4), (5, 5), (6, 6)]:
        rng = random.Random(seed)
        state = GAME.setup(players, {}, seed)
        names = [f"P{s}name" for s in range(players)]
        rounds_told = 0
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            action = GAME.random_action(GAME.view(state, seat), GAME.legal(state, seat), rng)
            before = GAME.view(state, None)
            GAME.apply(state, seat, action)
            after = GAME.view(state, None)
            # Rankings still hidden after the move must never be repeated.
            secrets = [", ".join(r) for r in state.rankings if r is not None]
            said = GAME.narrate(before, after, names)
            rounds_told += bool(said)
            for sentence in said:
                assert unexplained_words(sentence, after, names, TEMPLATE) == [], sentence
                assert not any(s in sentence for s in secrets), sentence
        assert rounds_told == players * 2
