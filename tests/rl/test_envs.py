"""Every game is a PettingZoo AEC environment that passes PettingZoo's own tests."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

from parlour.engine import MalformedAction
from parlour.rl import env, parallel_env
from parlour.rl.envs import ParlourEnv

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


PARALLEL = [*GAMES, ("whats-it-to-ya", 5), ("my-favourite-things", 4), ("take-your-pick", 6)]


@pytest.mark.parametrize(("game", "players"), PARALLEL)
def test_parallel_env_passes_pettingzoo_parallel_api_test(game: str, players: int) -> None:
    parallel_api_test(parallel_env(game, players=players), num_cycles=400)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_renders_a_readable_board_for_people(game: str, players: int,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(game, players=players, render_mode=render_mode),
                custom_tests={"ansi": lambda text: "{" not in text and "\n" in text})
    assert "seats" in capsys.readouterr().out or game == "whats-it-to-ya"


def test_a_parallel_step_takes_every_acting_seat_at_once() -> None:
    e = parallel_env("love-me-not", matches=1, deck=[
        "2H", "3H", "4H", "5H", "JH", "2D", "3D", "4D", "5D", "JD",
        "2C", "3C", "4C", "5C", "JC", "2S", "3S", "4S", "5S", "JS"])
    observations, _ = e.reset(seed=0)
    assert np.flatnonzero(observations["seat_1"]["action_mask"]).tolist() == [2, 3]
    with pytest.raises(MalformedAction, match="no action for seat_1"):
        e.step({"seat_0": 1})
    with pytest.raises(MalformedAction, match="not one of seat_1's legal moves"):
        e.step({"seat_0": 1, "seat_1": 7})  # seat 1 holds 4H and 5H
    observations, *_ = e.step({"seat_0": 1, "seat_1": 3})  # nothing was played before
    assert np.flatnonzero(observations["seat_0"]["observation"][20:40]).tolist() == [1]
    assert np.flatnonzero(observations["seat_1"]["observation"][20:40]).tolist() == [3]
    # What's It to Ya? asks every guesser at once.
    e = parallel_env("whats-it-to-ya", players=4)
    observations, _ = e.reset(seed=2)
    assert sum(int(o["action_mask"].any()) for o in observations.values()) == 4


def test_love_me_not_observes_the_score_and_the_earlier_matches() -> None:
    from parlour.rl.love_me_not import encode

    e = ParlourEnv("love-me-not", 2)  # best of three
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    seen_earlier = False
    for agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        if done:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        view = e.unwrapped.table.game.view(e.unwrapped.state, seat)
        score = obs["observation"][encode.MATCH]
        assert score.tolist() == [1.0, view["matches_won"][seat], view["matches_won"][1 - seat],
                                  sum(len(m["winners"]) == 2 for m in view["history"])]
        earlier = obs["observation"][encode.EARLIER][:encode.EARLIER_SIZE]
        if view["history"]:
            last = view["history"][-1]
            assert earlier[:3].tolist() == [1.0, last["points"][seat], last["points"][1 - seat]]
            cards = [encode.DECK[i] for i in np.flatnonzero(earlier[3:])]
            assert sorted(cards) == sorted(last["tableau"][1 - seat])
            seen_earlier = True
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen_earlier
