"""``parlour_love_me_not`` is a well-formed OpenSpiel game with the engine's rules."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr

from parlour.engine import IllegalAction
from parlour.rl import openspiel
from parlour.rl.love_me_not import batch, encode


def load() -> pyspiel.Game:
    return pyspiel.load_game(openspiel.NAME)


def dealt(deck: list[int]) -> pyspiel.State:
    state = load().new_initial_state()
    for hand in range(10):
        state.apply_action(openspiel.PAIR_INDEX[tuple(sorted(deck[2 * hand:2 * hand + 2]))])
    return state


def test_passes_openspiel_consistency_checks() -> None:
    game = load()
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_deal_probabilities_and_returns_match_the_batch_simulator() -> None:
    rng = random.Random(0)
    outcomes = set()
    for n in range(60):
        state = load().new_initial_state()
        while state.is_chance_node():
            chances = state.chance_outcomes()
            assert sum(p for _, p in chances) == pytest.approx(1.0)
            state.apply_action(rng.choice(chances)[0])
        deck = [c for a in state.history()[:10] for c in openspiel.PAIRS[a]]
        sim = batch.from_decks([deck])
        while not state.is_terminal():
            actions = [rng.choice(state.legal_actions(p)) for p in (0, 1)]
            state.apply_actions(actions)
            sim = batch.step(sim, np.array([actions]))
        assert state.returns() == sim.rewards[0].tolist(), n
        outcomes.add(state.returns()[0])
    assert outcomes == {-1.0, 0.0, 1.0}


def test_information_states_hold_what_the_seat_has_seen_and_nothing_else() -> None:
    deck = list(range(20))  # seat 0 draws 2H 3H, seat 1 draws 4H 5H, ...
    a, b = dealt(deck), dealt(deck)
    a.apply_actions([0, 2])
    b.apply_actions([0, 3])  # seat 1 keeps another card: seat 0 cannot tell yet
    assert a.information_state_string(0) == b.information_state_string(0)
    np.testing.assert_array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    assert a.information_state_string(1) != b.information_state_string(1)
    a.apply_actions([5, 7])
    b.apply_actions([5, 7])  # turn 2 played: seat 1's turn-1 card is now face up
    assert a.information_state_string(0) != b.information_state_string(0)
    assert "shown 4H" in a.information_state_string(0)
    tensor = np.array(a.information_state_tensor(0)).reshape(-1)[:300].reshape(5, 3, 20)
    assert np.flatnonzero(tensor[0, 2]).tolist() == [2]  # 4H, shown for turn 1
    assert np.flatnonzero(tensor[1, 2]).tolist() == []  # turn 2's card is still face down
    observation = np.array(a.observation_tensor(0))
    assert np.flatnonzero(observation[encode.OPPONENT_TABLEAU]).tolist() == [2]


def test_illegal_moves_are_refused() -> None:
    state = dealt(list(range(20)))
    before = str(state)
    with pytest.raises(IllegalAction, match="seat 0 may keep 2H or 3H, not 4H"):
        state.apply_actions([2, 2])
    with pytest.raises(IllegalAction, match="seat 1 may keep 4H or 5H, not 2D"):
        state.apply_actions([0, 5])
    assert str(state) == before
    assert len(state.history()) == 10
    assert state.legal_actions(0) == [0, 1]


def test_openspiel_mccfr_runs_on_the_turn_based_form() -> None:
    game = pyspiel.convert_to_turn_based(load())
    external = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(2):
        external.iteration()
    outcome = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        outcome.iteration()
    policy = outcome.average_policy()
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    probs = policy.action_probabilities(state)
    assert sorted(probs) == state.legal_actions()
    assert sum(probs.values()) == pytest.approx(1.0)
