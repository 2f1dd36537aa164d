"""Every game is a PettingZoo AEC environment that passes PettingZoo's own tests."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from parlour.engine import MalformedAction
from parlour.rl import env
from parlour.rl.envs import ParlourEnv, hashed

GAMES = [("love-me-not", 2), ("my-favourite-things", 3), ("whats-it-to-ya", 3),
         ("take-your-pick", 3), ("my-story", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_passes_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(env(game, players=players), num_cycles=30)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_passes_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players=players), num_cycles=30)


def play_out(e: ParlourEnv, seed: int) -> tuple[dict[str, float], list[int]]:
    """Random legal play to the end: each agent's total reward, and the winners."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    winners: list[int] = []
    for agent in e.agent_iter():
        _, reward, done, truncated, info = e.last()
        totals[agent] += reward
        if done or truncated:
            winners = info["result"]["winners"]
            e.step(None)
            continue
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return totals, winners


@pytest.mark.parametrize(("game", "players"), [*GAMES, ("whats-it-to-ya", 5)])
def test_games_end_with_zero_sum_rewards_from_the_result(game: str, players: int) -> None:
    e = ParlourEnv(game, players)
    totals, winners = play_out(e, seed=4)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert winners
    for seat, agent in enumerate(e.possible_agents):
        if len(winners) == 1:
            expected = 1.0 if seat in winners else -1.0 / (players - 1)
            assert totals[agent] == pytest.approx(expected)


def test_love_me_not_observes_the_seats_view_and_keeps_cards_by_index() -> None:
    e = ParlourEnv("love-me-not", 2, matches=1, deck=[
        "2H", "3H", "4H", "5H", "JH", "2D", "3D", "4D", "5D", "JD",
        "2C", "3C", "4C", "5C", "JC", "2S", "3S", "4S", "5S", "JS"])
    e.reset(seed=0)
    obs = e.observe("seat_1")
    assert np.flatnonzero(obs["action_mask"]).tolist() == [2, 3]  # 4H and 5H
    assert np.flatnonzero(obs["observation"][:20]).tolist() == [2, 3]
    with pytest.raises(MalformedAction):
        e.step(7)  # seat 0 holds 2H and 3H
    e.step(1)
    assert e.agent_selection == "seat_1"
    # Seat 0's kept 3H stays hidden from seat 1.
    assert e.observe("seat_1")["observation"][60:80].sum() == 0


def test_free_input_becomes_a_list_of_candidates_from_the_games_content() -> None:
    e = ParlourEnv("my-favourite-things", 3)
    e.reset(seed=2)
    agent = e.agent_selection
    listed = e.infos[agent]["candidates"]
    mask = e.observe(agent)["action_mask"]
    assert int(mask.sum()) == len(listed) > 1
    assert len({str(c) for c in listed}) == len(listed)  # distinct answers
    with pytest.raises(MalformedAction, match="not one of the"):
        e.step(len(listed))
    e.step(0)


def test_hashing_tells_views_apart_and_repeats() -> None:
    a = hashed({"hand": ["5H", "JD"], "turn": 2})
    assert np.array_equal(a, hashed({"hand": ["5H", "JD"], "turn": 2}))
    assert not np.array_equal(a, hashed({"hand": ["JD", "5H"], "turn": 2}))
