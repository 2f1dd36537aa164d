"""The engine contract itself: options, records, replay, registry, statistics."""

from __future__ import annotations

import pytest

from parlour.bots import make_agent
from parlour.engine import (
    InvalidOptions,
    Match,
    Option,
    Record,
    RecordError,
    Result,
    UnknownBot,
    UnknownGame,
    replay,
    resolve_options,
)
from parlour.games import game_ids, get_game
from parlour.lab import wilson
from parlour.lab.stats import summarize


def test_options_fill_defaults_and_refuse_unknown_names() -> None:
    spec = (Option("turns", int, 2, choices=(2, 3)), Option("side", str, "front"))
    assert resolve_options(spec, {"turns": 3}) == {"turns": 3, "side": "front"}
    with pytest.raises(InvalidOptions, match="unknown option 'colour'"):
        resolve_options(spec, {"colour": 1})
    with pytest.raises(InvalidOptions, match="whole number"):
        resolve_options(spec, {"turns": "3"})
    with pytest.raises(InvalidOptions, match="whole number"):
        resolve_options(spec, {"turns": True})


def test_options_bounds() -> None:
    spec = (Option("n", int, 1, minimum=1, maximum=4),)
    with pytest.raises(InvalidOptions, match="at least 1"):
        resolve_options(spec, {"n": 0})
    with pytest.raises(InvalidOptions, match="at most 4"):
        resolve_options(spec, {"n": 5})


def test_setup_refuses_bad_player_counts_and_seeds() -> None:
    game = get_game("love-me-not")
    with pytest.raises(InvalidOptions, match="players"):
        game.setup(True, {}, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptions, match="seed"):
        game.setup(2, {}, "7")  # type: ignore[arg-type]


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    game = get_game("love-me-not")
    a, b = Match.new(game, 2, {}, 42), Match.new(game, 2, {}, 42)
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
    assert Match.new(game, 2, {}, 43).view(0) != a.view(0) or Match.new(
        game, 2, {}, 44).view(0) != a.view(0)


def test_record_round_trips_through_json() -> None:
    game = get_game("love-me-not")
    match = Match.new(game, 2, {"matches": 1}, 7)
    choice = match.legal(1).choices[1]
    match.act(1, choice)
    text = match.record.dumps()
    assert Record.loads(text) == match.record
    assert Record.loads(text).to_json() == {"game": "love-me-not", "players": 2, "seed": 7,
                                            "options": {"matches": 1},
                                            "actions": [{"seat": 1, "action": choice}]}


@pytest.mark.parametrize("data, message", [
    ([], "JSON object"),
    ({"game": "love-me-not", "players": "2", "seed": 1}, "'players'"),
    ({"game": "love-me-not", "players": 2, "seed": 1, "actions": [{"seat": 0}]}, "action 0"),
    ({"game": "love-me-not", "players": 2, "seed": 1, "options": []}, "'options'"),
])
def test_bad_records_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_replay_reports_the_index_of_an_illegal_action() -> None:
    game = get_game("love-me-not")
    match = Match.new(game, 2, {}, 3)
    first = match.legal(0).choices[0]
    match.act(0, first)
    record = Record("love-me-not", 2, 3, {}, [*match.record.actions,
                                               {"seat": 0, "action": first}])
    with pytest.raises(RecordError, match="action 1 \\(seat 0\\) is illegal") as info:
        replay(record, get_game)
    assert info.value.index == 1


def test_replay_of_an_unknown_game_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(Record("chess", 2, 0), get_game)


def test_registry() -> None:
    assert "love-me-not" in game_ids()
    with pytest.raises(UnknownGame, match="unknown game 'poker'"):
        get_game("poker")


def test_unknown_bots_are_refused_with_the_list_of_bots() -> None:
    game = get_game("love-me-not")
    with pytest.raises(UnknownBot, match="greedy"):
        make_agent(game, "genius", 0, 0)
    with pytest.raises(UnknownBot, match="whole number"):
        make_agent(game, "mcts:lots", 0, 0)


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(90, 100)
    assert round(lo, 4) == 0.8256 and round(hi, 4) == 0.9448
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_shares_tied_wins() -> None:
    results = [Result([3, 3, 1], [0, 1]), Result([1, 5, 2], [1])]
    summary = summarize(results, 3, ["a", "b", "b"])
    assert summary.win_rate() == [0.25, 0.75, 0.0]
    assert summary.to_json()["tie_rate"] == 0.5
    assert summary.to_json()["mean_score"] == [2.0, 4.0, 1.5]
    assert summary.by_bot()["b"]["win_rate"] == 0.375


def test_words_are_the_games_own_for_its_options_and_bad_options_are_refused() -> None:
    lmn = get_game("love-me-not")
    assert lmn.words({"matches": 1}) is lmn.words() and lmn.words()["suits"]["H"]["name"]
    story = get_game("my-story")
    assert story.words({"card_set": "first-draft"})["cards"]["P22"]["vp"] == 5
    assert story.words()["cards"]["P22"]["vp"] == 2
    with pytest.raises(InvalidOptions, match="option 'matches' must be one of 1, 3"):
        lmn.words({"matches": 2})
    with pytest.raises(InvalidOptions, match="option 'card_set' must be one of standard"):
        story.words({"card_set": "deluxe"})
