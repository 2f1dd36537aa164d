"""Every registered game keeps the engine contract (the same checks for all five)."""

from __future__ import annotations

import json
import random

import pytest

from parlour.bots import bot_names, make_agent
from parlour.engine import Match, NotYourTurn, Record, RecordError, replay
from parlour.engine.conformance import play_random, state_dump
from parlour.games import game_ids, get_game

GAMES = game_ids()


def test_all_five_games_are_registered() -> None:
    assert sorted(GAMES) == sorted(["love-me-not", "my-favourite-things", "whats-it-to-ya",
                                    "take-your-pick", "my-story"])


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_contract_at_every_player_count(game_id: str) -> None:
    game = get_game(game_id)
    for players in range(game.min_players, min(game.max_players, 6) + 1):
        record = play_random(game, players, seed=players, check=True)
        assert json.loads(record.dumps())["players"] == players


def variants() -> list[tuple[str, dict[str, object]]]:
    """Every game with each choice of each option that has choices, one at a time."""
    return [(game_id, {option.name: choice})
            for game_id in GAMES for option in get_game(game_id).options
            for choice in option.choices or () if choice != option.default]


@pytest.mark.parametrize(("game_id", "options"), variants())
def test_random_games_keep_the_contract_in_every_variant(game_id: str,
                                                         options: dict[str, object]) -> None:
    game = get_game(game_id)
    for seed, players in enumerate({game.min_players, min(game.max_players, 4)}):
        record = play_random(game, players, seed, options, check=True)
        assert record.options == options and record.players == players


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinized_state_shows_the_seat_exactly_its_view(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(1)
    for seed in range(3):
        players = min(game.min_players + seed % 2, game.max_players)
        match = Match.new(game, players, {}, seed)
        steps = 0
        while not match.over and steps < 400:
            for seat in sorted(match.to_act):
                view = match.view(seat)
                imagined = game.determinize(view, seat, random.Random(steps))
                assert game.view(imagined, seat) == view
            seat = rng.choice(sorted(match.to_act))
            match.act(seat, game.rollout_action(match.state, seat, rng))
            steps += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bot_finishes_a_game(game_id: str) -> None:
    game = get_game(game_id)
    names = [n if n != "mcts" else "mcts:8" for n in bot_names(game)]
    players = max(game.min_players, min(len(names), game.max_players))
    match = Match.new(game, players, {}, 11)
    agents = [make_agent(game, names[s % len(names)], s, s) for s in range(players)]
    while not match.over:
        for seat in sorted(match.to_act):
            if seat in match.to_act:
                match.act(seat, agents[seat].act(match.view(seat), match.legal(seat)))
    result = match.result()
    assert result is not None and result.winners
    assert len(result.scores) == players


@pytest.mark.parametrize("game_id", GAMES)
def test_narration_speaks_of_changes_only_and_names_the_players(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(5)
    players = min(game.min_players + 1, game.max_players)
    names = [f"Player{s}" for s in range(players)]
    match = Match.new(game, players, {}, 5)
    spoken = 0
    while not match.over:
        seat = rng.choice(sorted(match.to_act))
        before = match.view(None)
        match.act(seat, game.rollout_action(match.state, seat, rng))
        after = match.view(None)
        told = game.narrate(before, after, names)
        assert all(isinstance(line, str) and line.strip() for line in told)
        assert game.narrate(after, after, names) == []  # nothing new, nothing to say
        spoken += bool(told)
    assert spoken > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_json_true_or_false_is_not_a_seat(game_id: str) -> None:
    game = get_game(game_id)
    match = Match.new(game, game.min_players, {}, seed=4)
    seat = min(match.to_act)
    action = game.rollout_action(game.clone(match.state), seat, random.Random(0))
    before = state_dump(game, match.state)
    for fake in (True, False):
        with pytest.raises(NotYourTurn, match="there is no seat"):
            game.apply(match.state, fake, action)  # type: ignore[arg-type]
    assert state_dump(game, match.state) == before
    record = {"game": game_id, "players": game.min_players, "seed": 4, "options": {},
              "actions": [{"seat": bool(seat), "action": action}]}
    with pytest.raises(RecordError, match="action 0 must be"):
        replay(Record.from_json(record), get_game)
