"""Each game's beat (``Game.beat``): which moves make a moment for the table, and how big,
judged from the spectator's views alone, as the rulebooks' reveals fall."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from parlour.engine import Match
from parlour.engine.narration import default_names
from parlour.games import get_game

Step = tuple[dict[str, Any], dict[str, Any], list[str], str | None]


def played(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Step]:
    """A game of random moves: each move's spectator views before and after, what its
    narration told, and its beat."""
    game = get_game(game_id)
    match = Match.new(game, players, options, seed)
    rng = random.Random(seed)
    names = default_names(players)
    steps: list[Step] = []
    while not match.over:
        seat = min(match.to_act)
        before = dict(match.view(None))
        match.act(seat, game.random_action(match.view(seat), match.legal(seat), rng))
        after = dict(match.view(None))
        told = game.narrate(before, after, names)
        steps.append((before, after, told, game.beat(before, after, bool(told))))
    return steps


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("love-me-not", 2, {}), ("my-favourite-things", 3, {}), ("whats-it-to-ya", 3, {}),
    ("take-your-pick", 3, {}), ("my-story", 2, {})])
def test_the_game_s_end_and_only_it_is_the_finale(game_id: str, players: int,
                                                  options: dict[str, Any]) -> None:
    steps = played(game_id, players, options, seed=7)
    assert [beat for *_, beat in steps].count("finale") == 1
    assert steps[-1][3] == "finale"
    # A moment is made only by a move that told the table something.
    assert all(told for _, _, told, beat in steps if beat is not None)


def test_love_me_not_a_match_s_end_is_long_and_each_card_turned_up_short() -> None:
    steps = played("love-me-not", 2, {"matches": 3}, seed=3)
    kinds = Counter(beat for *_, beat in steps)
    matches = len(steps[-1][1]["history"])
    assert kinds["long"] == matches - 1  # the last match's end is the finale
    # Both keep in secret on turn 1: no moment; from turn 2 on, turn 1's cards turn up.
    assert [beat for *_, beat in steps[:2]] == [None, None]
    assert steps[3][3] == "short" and "card from turn 1" in " ".join(steps[3][2])


def test_whats_it_to_ya_each_round_s_reveal_is_long_and_rankings_are_no_moment() -> None:
    steps = played("whats-it-to-ya", 4, {}, seed=5)
    kinds = Counter(beat for *_, beat in steps)
    rounds = len(steps[-1][1]["history"])
    assert kinds == Counter({None: len(steps) - rounds, "long": rounds - 1, "finale": 1})


def test_take_your_pick_each_reading_is_short_and_a_round_s_end_long() -> None:
    steps = played("take-your-pick", 3, {}, seed=2)
    rounds = len(steps[-1][1]["rounds"])
    kinds = Counter(beat for *_, beat in steps)
    assert kinds["long"] == rounds - 1
    for before, after, _, beat in steps:
        if len(after["reads"]) > len(before["reads"]) and len(after["rounds"]) == len(
                before["rounds"]):
            assert beat == "short"  # the Subject's pick, read out


def test_my_favourite_things_tricks_are_short_the_categories_and_round_ends_long() -> None:
    steps = played("my-favourite-things", 3, {}, seed=4)
    rounds = len(steps[-1][1]["history"])
    kinds = Counter(beat for *_, beat in steps)
    # Each round: the categories read out (long), and its end (long) but the last's.
    assert kinds["long"] == rounds + rounds - 1
    tricks = [beat for before, after, _, beat in steps
              if len(after["tricks"]) > len(before["tricks"])]
    assert set(tricks) <= {"short", "long", "finale"} and tricks.count("short") > 0


def test_my_story_a_turn_is_a_moment_and_a_step_within_it_is_not() -> None:
    steps = played("my-story", 2, {}, seed=6)
    gains = [beat for *_, told, beat in steps if any("chooses to gain" in t for t in told)
             and not any("plays" in t or "takes" in t for t in told)]
    for before, after, _, beat in steps:
        if beat == "short":
            started = before.get("phase") == "choose" and after.get("phase") != "choose"
            assert started or after["turns"] > before["turns"]
    assert gains and all(beat is None for beat in gains)
    turns = sum(1 for before, after, *_ in steps[:-1] if after["turns"] > before["turns"])
    assert sum(1 for *_, beat in steps if beat == "short") == turns + 1  # and the start
