"""Observations of the four word games: fixed layouts, a vocabulary without collisions,
the candidates inside the observation, and the same again under the same seed."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.games import get_game
from parlour.rl.envs import ParlourEnv
from parlour.rl.observations.games import layout
from parlour.rl.observations.schema import _MISSING, _flat, _select, _steps
from parlour.rl.observations.vocabulary import Vocabulary

WORD_GAMES = [("my-favourite-things", 4), ("whats-it-to-ya", 4), ("take-your-pick", 5),
              ("my-story", 3)]


def inverse(vocabulary: Vocabulary) -> dict[int, str]:
    words = {token: word for word, token in vocabulary.bundled.items()}
    words.update({1 + len(vocabulary.bundled) + i: w for w, i in vocabulary.new.items()})
    return words


@pytest.mark.parametrize(("game_id", "players"), WORD_GAMES)
def test_every_word_of_a_view_reads_back_from_its_tokens(game_id: str, players: int) -> None:
    game = get_game(game_id)
    state = game.setup(players, {}, 11)
    rng = random.Random(11)
    encoders = [layout(game_id) for _ in range(players)]
    checked = 0
    while not game.is_over(state):
        for seat, encoder in enumerate(encoders):
            view = game.view(state, seat)
            _, tokens = encoder.encode(view)
            words = inverse(encoder.vocabulary)
            for field in encoder.fields:
                kind = field.kind.split(" ")[0]
                if kind not in ("word", "words"):
                    continue
                width = 1 if kind == "word" else int(field.kind.split(" ")[1])
                slots = tokens[field.tokens].reshape(-1, width)
                values = list(_select(view, _steps(field.path), seat, players, encoder.seats))
                assert len(values) == len(slots)
                for value, row in zip(values, slots, strict=True):
                    expected = [] if value is _MISSING else [
                        encoder.vocabulary.normal(str(w)) for w in _flat(value)][:width]
                    got = [words[int(t)] for t in row if t]
                    assert got == expected, field.path
                    checked += len(got)
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal(state, seat).random(rng))
    assert checked > 500
    # Every word of the bundled content has a token of its own, none shared.
    bundled = encoders[0].vocabulary.bundled
    assert sorted(bundled.values()) == list(range(1, len(bundled) + 1))


def test_new_words_take_spare_tokens_in_the_order_an_agent_meets_them() -> None:
    v = layout("whats-it-to-ya").vocabulary
    first, second = v.token("Zeppelins"), v.token("Yodelling")
    assert first == 1 + len(v.bundled) and second == first + 1
    assert v.token("Zeppelins") == first and v.token("Frogs") <= len(v.bundled)
    v.reset()
    assert v.token("Yodelling") == first  # a new episode starts the spares again


def play(e: ParlourEnv, seed: int, moves: int) -> list[dict[str, Any]]:
    e.reset(seed=seed)
    seen = []
    for _ in range(moves):
        agent = e.agent_selection
        obs = e.observe(agent)
        seen.append(obs)
        if e.terminations[agent]:
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[seed % int(obs["action_mask"].sum())]))
    return seen


def test_sampled_candidates_are_in_the_observation_and_follow_the_seed() -> None:
    e = ParlourEnv("my-favourite-things", 3)
    e.reset(seed=2)
    agent = e.agent_selection
    obs = e.observe(agent)
    listed = e.infos[agent]["candidates"]
    words = inverse(e.table.layouts[0].vocabulary)
    for i, action in enumerate(listed):
        (key, value), = action.items()
        row = [words[int(t)] for t in obs["candidates"][i] if t]
        assert row == [key, *(value if isinstance(value, list) else [value])][:8]
    assert not obs["candidates"][len(listed):].any()
    # The same seed offers the same candidates, whichever seat is observed first.
    other = ParlourEnv("my-favourite-things", 3)
    other.reset(seed=2)
    for s in reversed(range(3)):
        other.observe(f"seat_{s}")
    np.testing.assert_array_equal(other.observe(agent)["candidates"], obs["candidates"])
    third = ParlourEnv("my-favourite-things", 3)
    third.reset(seed=3)
    assert not np.array_equal(third.observe(agent)["candidates"], obs["candidates"])


@pytest.mark.parametrize(("game_id", "players"), WORD_GAMES)
def test_observations_repeat_under_the_same_seed(game_id: str, players: int) -> None:
    a = play(ParlourEnv(game_id, players), 6, 40)
    b = play(ParlourEnv(game_id, players), 6, 40)
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        for key in x:
            np.testing.assert_array_equal(x[key], y[key])
