"""The batched Love Me Not simulator plays exactly the engine's rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.engine import IllegalAction, MalformedAction
from parlour.games.love_me_not import DECK, GAME
from parlour.rl.love_me_not import batch
from parlour.rl.love_me_not.encode import CARD_INDEX, SINGLE_MATCH_SIZE
from parlour.rl.love_me_not.encode import observation as full_observation


def observation(view: dict[str, object]) -> np.ndarray:
    """The engine-side observation; a single match has nothing past its first floats."""
    full = full_observation(view)
    assert not full[SINGLE_MATCH_SIZE:].any()
    return full[:SINGLE_MATCH_SIZE]


def engine_match(deck: list[int]) -> object:
    return GAME.setup(2, {"matches": 1, "deck": [DECK[i] for i in deck]}, seed=0)


def test_batch_agrees_with_the_engine_on_the_same_deals_and_choices() -> None:
    n = 400
    decks = np.array([np.random.default_rng(i).permutation(20) for i in range(n)])
    states = [engine_match(list(d)) for d in decks]
    sim = batch.from_decks(decks)
    rng = random.Random(5)
    for _ in range(5):
        actions = np.empty((n, 2), np.int64)
        for b, state in enumerate(states):
            for seat in (0, 1):
                view = GAME.view(state, seat)
                np.testing.assert_array_equal(sim.observation[b, seat], observation(view))
                legal = [CARD_INDEX[a["keep"]] for a in GAME.legal_actions(state, seat)]
                assert sorted(np.flatnonzero(sim.legal_action_mask[b, seat])) == sorted(legal)
                actions[b, seat] = rng.choice(legal)
        for b, state in enumerate(states):
            for seat in (0, 1):
                GAME.apply(state, seat, {"keep": DECK[actions[b, seat]]})
        assert not sim.terminated.any()
        sim = batch.step(sim, actions)
    assert sim.terminated.all()
    for b, state in enumerate(states):
        result = GAME.result(state)
        assert result is not None
        assert sim.points[b].tolist() == result.scores
        expected = [0.0, 0.0] if len(result.winners) == 2 else [
            1.0 if s in result.winners else -1.0 for s in (0, 1)]
        assert sim.rewards[b].tolist() == expected
        for seat in (0, 1):
            np.testing.assert_array_equal(sim.observation[b, seat],
                                          observation(GAME.view(state, seat)))
            assert not sim.legal_action_mask[b, seat].any()
    # Across 400 random matches both seats win some and some are tied.
    outcomes = set(sim.rewards[:, 0].tolist())
    assert outcomes == {-1.0, 0.0, 1.0}


def test_worked_example_points() -> None:
    # Seat 0 keeps 2H 3H 4D 5D JS and piles 4H 5H 2C 3C 2D; seat 1 keeps
    # 4S 5S 2S JC JD and piles 3S JH 3D 5C 4C.
    # Seat 0: hearts 2x2 + diamonds 2x1 = 6, jack of spades scores seat 1's one spade: 7.
    # Seat 1: spades 3x1 = 3, clubs 1x2 = 2, diamonds 1x1 = 1, jack of clubs scores
    # seat 0's two clubs, jack of diamonds seat 0's one diamond: 9.
    hands = [["2H", "4H"], ["4S", "3S"], ["3H", "5H"], ["5S", "JH"], ["4D", "2C"],
             ["2S", "3D"], ["5D", "3C"], ["JC", "5C"], ["JS", "2D"], ["JD", "4C"]]
    deck = [CARD_INDEX[c] for hand in hands for c in hand]
    keep = [["2H", "4S"], ["3H", "5S"], ["4D", "2S"], ["5D", "JC"], ["JS", "JD"]]
    state = batch.from_decks([deck])
    for pair in keep:
        state = batch.step(state, np.array([[CARD_INDEX[c] for c in pair]]))
    assert state.points.tolist() == [[7, 9]]
    assert state.rewards.tolist() == [[-1.0, 1.0]]


def test_reset_deals_every_card_once_and_repeats_with_its_seed() -> None:
    a, b = batch.reset(500, seed=3), batch.reset(500, seed=3)
    np.testing.assert_array_equal(a.deck, b.deck)
    assert (np.sort(a.deck, axis=1) == np.arange(20)).all()
    assert len({tuple(d) for d in a.deck.tolist()}) == 500
    assert not np.array_equal(a.deck, batch.reset(500, seed=4).deck)
    # Every card lands on top of some deck, about 500 / 20 = 25 times each.
    tops = np.bincount(a.deck[:, 0], minlength=20)
    assert tops.min() > 5 and tops.max() < 60


def test_an_illegal_card_changes_nothing_and_says_which_match() -> None:
    state = batch.from_decks([range(20), range(20)])
    before = (state.kept.copy(), state.turn.copy())
    with pytest.raises(IllegalAction, match="match 1, seat 1: keep one of 4H or 5H, not 2H"):
        batch.step(state, np.array([[0, 2], [0, 0]]))
    np.testing.assert_array_equal(state.kept, before[0])
    np.testing.assert_array_equal(state.turn, before[1])
    after = batch.step(state, np.array([[0, 2], [1, 3]]))
    np.testing.assert_array_equal(state.kept, before[0])  # the old state is untouched
    assert after.kept[:, :, 0].tolist() == [[0, 2], [1, 3]]


def test_finished_matches_ignore_actions() -> None:
    rng = np.random.default_rng(0)
    state = batch.reset(4, seed=0)
    for _ in range(5):
        state = batch.step(state, batch.random_actions(state, rng))
    again = batch.step(state, np.full((4, 2), -1))
    np.testing.assert_array_equal(again.points, state.points)
    assert not again.rewards.any()


@pytest.mark.parametrize("bad", [[[0] * 20], [list(range(19))], [[*range(19), 18]]])
def test_decks_must_hold_each_card_once(bad: list[list[int]]) -> None:
    with pytest.raises(MalformedAction):
        batch.from_decks(bad)


def test_actions_must_be_one_card_per_seat() -> None:
    with pytest.raises(MalformedAction, match=r"\[1, 2\] card indices"):
        batch.step(batch.reset(1, seed=0), np.array([0, 1]))


def expand(cards: np.ndarray) -> np.ndarray:
    """``Batch.cards`` (card indices) as the float planes of ``Batch.observation``."""
    out = np.zeros((*cards.shape[:2], SINGLE_MATCH_SIZE), np.float32)
    for b, s in np.ndindex(*cards.shape[:2]):
        row = cards[b, s]
        for plane, slots in enumerate((row[0:2], row[2:7], row[7:12], row[12:17], row[17:22])):
            out[b, s, 20 * plane + slots[slots >= 0]] = 1
        out[b, s, 100 + row[22]] = 1
    return out


def test_an_illegal_card_with_a_penalty_ends_only_its_own_match() -> None:
    state = batch.from_decks([range(20), range(20), range(20)])
    # Match 1: seat 1 keeps 2H, which it does not hold; match 2: both seats cheat.
    after = batch.step(state, np.array([[0, 2], [0, 0], [9, 9]]), penalty=-1.0)
    assert after.terminated.tolist() == [False, True, True]
    assert after.ended.tolist() == [False, True, True]
    assert after.illegal.tolist() == [[False, False], [False, True], [True, True]]
    assert after.rewards.tolist() == [[0.0, 0.0], [1.0, -1.0], [-1.0, -1.0]]
    assert after.turn.tolist() == [1, 0, 0]
    assert not after.legal_action_mask[1:].any()
    # The ended matches ignore further actions; the first goes on to its end.
    for _ in range(4):
        after = batch.step(after, np.array([[a[0], a[1]] for a in after.hand[:, :, 0]]),
                           penalty=-1.0)
    assert after.terminated.all() and after.turn.tolist() == [5, 0, 0]
    assert after.rewards[1:].tolist() == [[0.0, 0.0], [0.0, 0.0]]


def test_auto_reset_deals_ended_matches_again_and_reports_how_they_ended() -> None:
    rng = np.random.default_rng(3)
    state = batch.reset(200, seed=3)
    _ = state.cards
    finished = 0
    wins = np.zeros(2)
    for step in range(23):
        actions = batch.random_actions(state, rng)
        if step == 7:  # match 5's seat 0 keeps a card it does not hold
            actions[5, 0] = next(c for c in range(20) if c not in state.hand[5, 0])
        state = batch.step(state, actions, penalty=-1.0, auto_reset=True)
        finished += int(state.ended.sum())
        wins += (state.rewards > 0).sum(axis=0)
        assert not state.terminated.any()  # every match that ended was dealt again
        assert (np.sort(state.deck, axis=1) == np.arange(20)).all()
        assert (state.turn[state.ended] == 0).all()
        ended_points = state.points[state.ended]
        decided = state.rewards[state.ended, 0] != 0
        fair = ~state.illegal[state.ended].any(axis=1)  # (cleared after a redeal)
        assert ((ended_points[:, 0] > ended_points[:, 1])[decided & fair]
                == (state.rewards[state.ended, 0] > 0)[decided & fair]).all()
        # The observations kept up to date step by step are the ones built afresh.
        fresh = batch.Batch(state.deck, state.kept, state.turn, state.points, state.rewards,
                            state.illegal, state.ended, state.done)
        np.testing.assert_array_equal(state.cards, fresh.cards)
        np.testing.assert_array_equal(state.legal_action_mask, fresh.legal_action_mask)
        np.testing.assert_array_equal(expand(state.cards), fresh.observation)
    assert finished == 4 * 200 + 1  # 20 turns of 200 matches, and the match ended by a cheat
    assert wins.min() > 250  # both seats win some


def test_compact_observations_are_the_float_planes() -> None:
    rng = np.random.default_rng(9)
    state = batch.reset(300, seed=9)
    while True:
        np.testing.assert_array_equal(expand(state.cards), state.observation)
        if state.terminated.all():
            break
        state = batch.step(state, batch.random_actions(state, rng))
