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


def load(params: str = "") -> pyspiel.Game:
    return pyspiel.load_game(f"{openspiel.NAME}({params})" if params else openspiel.NAME)


def dealt(deck: list[int], game: pyspiel.Game | None = None) -> pyspiel.State:
    game = game or load()
    state = game.new_initial_state()
    for hand in range(len(deck) // 2):
        state.apply_action(openspiel.pair_index(game, deck[2 * hand], deck[2 * hand + 1]))
    return state


@pytest.mark.parametrize("params", ["", "matches=3", "suits=1,ranks=4", "suits=2,ranks=4"])
def test_passes_openspiel_consistency_checks(params: str) -> None:
    game = load(params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), num_sims=5, serialize=False,
                            verbose=False)


def test_deal_probabilities_and_returns_match_the_batch_simulator() -> None:
    rng = random.Random(0)
    outcomes = set()
    for n in range(60):
        state = load().new_initial_state()
        while state.is_chance_node():
            chances = state.chance_outcomes()
            assert sum(p for _, p in chances) == pytest.approx(1.0)
            state.apply_action(rng.choice(chances)[0])
        deck = [c for a in state.history()[:10] for c in state.get_game().pairs[a]]
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


def test_simultaneous_nodes_list_flat_joint_actions_as_openspiel_does() -> None:
    state = dealt(list(range(20)))  # seat 0 holds 2H 3H, seat 1 holds 4H 5H
    assert state.is_simultaneous_node()
    assert state.legal_actions() == [0, 1, 2, 3]
    assert (state.legal_actions(0), state.legal_actions(1)) == ([0, 1], [2, 3])
    # Seat 0's choice varies fastest, as in OpenSpiel's FlatJointActionToActions.
    pairs = [(0, 2), (1, 2), (0, 3), (1, 3)]
    for flat, pair in enumerate(pairs):
        child = state.child(flat)
        expected = state.clone()
        expected.apply_actions(list(pair))
        assert child.information_state_string(0) == expected.information_state_string(0)
        assert child.information_state_string(1) == expected.information_state_string(1)
        names = openspiel.Variant().cards
        assert state.action_to_string(pyspiel.PlayerId.SIMULTANEOUS, flat) == (
            f"keep {names[pair[0]]} / keep {names[pair[1]]}")
    with pytest.raises(IllegalAction, match="no joint action 4"):
        state.apply_action(4)
    assert len(state.history()) == 10  # nothing was played


def test_parameters_load_variants_and_bad_ones_are_refused() -> None:
    small = load("matches=1,suits=1,ranks=4")
    assert small.num_distinct_actions() == 4
    assert small.max_chance_outcomes() == 6  # two of 2H 3H 4H JH
    assert small.max_game_length() == 1  # one simultaneous move
    assert small.max_chance_nodes_in_history() == 2
    full = load()
    # OpenSpiel counts decisions (a simultaneous move as one), never chance nodes.
    assert full.max_game_length() == 5
    assert pyspiel.convert_to_turn_based(full).max_game_length() == 10
    assert full.max_chance_nodes_in_history() == 10
    assert load("matches=3").max_game_length() == 5 * 9  # best of three stops at 9 matches
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("hands=3")
    for bad in ("matches=2", "suits=3,ranks=3", "ranks=6"):
        with pytest.raises(ValueError, match=r"matches must be 1 or 3|suits"):
            load(bad)


def test_best_of_three_is_won_by_two_matches_and_observed_with_the_score() -> None:
    game = load("matches=3")
    assert game.observation_tensor_shape() == [105 + encode.MATCH_SIZE]
    rng = random.Random(3)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                position = state.position
                for seat in (0, 1):
                    tensor = np.array(state.observation_tensor(seat))
                    won = [position.wins[seat], position.wins[1 - seat]]
                    assert tensor[encode.MATCH][1:3].tolist() == won
        wins = state.position.wins
        assert max(wins) == 2 or len(state.position.history) == 9
        assert state.returns() == ([1.0, -1.0] if wins[0] > wins[1] else [-1.0, 1.0])


def test_observations_are_the_engines_views_encoded() -> None:
    from parlour.games.love_me_not import GAME

    rng = random.Random(8)
    for params in ("", "matches=3"):
        game = load(params)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            engine = state.position.to_engine()
            for seat in (0, 1):
                expected = encode.observation(GAME.view(engine, seat))
                size = game.observation_tensor_shape()[0]
                np.testing.assert_array_equal(np.array(state.observation_tensor(seat)),
                                              expected[:size])
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("params", "turns", "varied"), [("", 3, 20), ("suits=2,ranks=4", 1, 5)])
def test_resampling_keeps_what_the_seat_knows_and_redraws_the_rest(params: str, turns: int,
                                                                   varied: int) -> None:
    rng = random.Random(4)
    state = load(params).new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(turns):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        hidden = set()
        for _ in range(30):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert sorted(other.position.dealt) == sorted(state.position.dealt)  # one deck
            hidden.add(other.information_state_string(1 - seat))
        assert len(hidden) > varied  # the opponent's hand and face-down cards vary


def test_openspiel_ismcts_plays_the_turn_based_form() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    from parlour.rl.openspiel.turn_based import resampler

    for params in ("suits=1,ranks=4", ""):
        game = pyspiel.convert_to_turn_based(load(params))
        rng = np.random.RandomState(5)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 30,
                               random_state=rng)
        bot.set_resampler(resampler)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 0.0


def test_exact_cfr_solves_the_small_variant() -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.convert_to_turn_based(load("matches=1,suits=1,ranks=4"))
    assert exploitability.nash_conv(game, policy.UniformRandomPolicy(game)) == pytest.approx(0.5)
    solver = cfr.CFRSolver(game)
    for _ in range(50):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < 0.02  # 0.010
    # With the jack in hand, keeping it is the equilibrium (it scores the opponent's pile).
    state = dealt([3, 0, 1, 2], pyspiel.load_game(f"{openspiel.NAME}(suits=1,ranks=4)"))
    turn_based = game.new_initial_state()
    for a in state.history():
        turn_based.apply_action(a)
    assert solver.average_policy().action_probabilities(turn_based)[3] > 0.95


def test_mccfr_and_evaluate_bots_run_on_the_small_variant() -> None:
    from open_spiel.python.algorithms import evaluate_bots, exploitability
    from open_spiel.python.bots import policy as policy_bot
    from open_spiel.python.bots import uniform_random

    game = pyspiel.convert_to_turn_based(load("suits=1,ranks=4"))
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(300):
        solver.iteration()
    average = solver.average_policy()
    assert exploitability.nash_conv(game, average) < 0.1
    rng = np.random.RandomState(6)
    total = 0.0
    for _ in range(200):
        bots = [policy_bot.PolicyBot(0, rng, average), uniform_random.UniformRandomBot(1, rng)]
        total += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[0]
    assert total > 0  # the solved policy beats random play as seat 0
