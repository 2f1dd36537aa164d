"""What's It to Ya?: properties over random games of 3–6 players."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Match, Record, replay
from parlour.engine.conformance import play_random, state_dump
from parlour.games import get_game
from parlour.games.whats_it_to_ya import GAME, WhatsItToYaState

SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.integers(min_value=3, max_value=6)
OPTIONS = st.fixed_dictionaries({
    "dealer_turns": st.sampled_from([2, 3]),
    "side": st.sampled_from(["front", "back", "random"]),
})


def all_cards(state: WhatsItToYaState) -> list[str]:
    cards = list(state.deck) + list(state.table) + list(state.discarded)
    for won in state.won:
        cards += won
    return cards


def random_ranking(match: Match[WhatsItToYaState], seat: int, rng: random.Random) -> dict[str, Any]:
    return GAME.random_action(match.view(seat), match.legal(seat), rng)


@settings(max_examples=40, deadline=None)
@given(SEEDS, PLAYERS, OPTIONS)
def test_every_card_is_always_in_the_deck_on_the_table_won_or_discarded(
        seed: int, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    match = Match.new(GAME, players, options, seed)
    start = Counter(all_cards(match.state))
    assert sum(start.values()) == 200 and max(start.values()) == 1
    while not match.over:
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, random_ranking(match, seat, rng))
        assert Counter(all_cards(match.state)) == start
    assert match.state.table == []
    assert len(match.state.deck) == 200 - 5 * players * options["dealer_turns"]


def scrambled(state: WhatsItToYaState, keep: int | None) -> WhatsItToYaState:
    """The same state, but every submitted ranking other than ``keep``'s is another one."""
    rankings = [r if r is None or seat == keep else r[1:] + r[:1]
                for seat, r in enumerate(state.rankings)]
    return dataclasses.replace(state, rankings=rankings)


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS)
def test_no_view_depends_on_a_ranking_before_the_reveal(seed: int, players: int) -> None:
    rng = random.Random(seed)
    match = Match.new(GAME, players, {}, seed)
    while not match.over:
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, random_ranking(match, seat, rng))
        for viewer in [*range(players), None]:
            view = GAME.view(match.state, viewer)
            assert GAME.view(scrambled(match.state, viewer), viewer) == view
            if viewer is not None and match.state.rankings[viewer] is not None:
                assert view["my_ranking"] == match.state.rankings[viewer]


@settings(max_examples=30, deadline=None)
@given(SEEDS, PLAYERS)
def test_every_round_is_revealed_whole_once_all_have_ranked(seed: int, players: int) -> None:
    rng = random.Random(seed)
    match = Match.new(GAME, players, {}, seed)
    while not match.over:
        submitted: list[list[str]] = [[] for _ in range(players)]
        for seat in rng.sample(range(players), players):
            action = random_ranking(match, seat, rng)
            match.act(seat, action)
            submitted[seat] = action["rank"]
        last = match.view(None)["history"][-1]
        assert last["rankings"] == submitted
        assert sum(len(a) for a in last["awarded"]) + len(last["discarded"]) == 5


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS)
def test_everyone_ranks_once_at_each_deal_and_each_deals_twice(seed: int,
                                                              players: int) -> None:
    record = play_random(GAME, players, seed)
    assert len(record.actions) == players * players * 2


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS, OPTIONS)
def test_replay_reproduces_every_view_and_the_result(seed: int, players: int,
                                                     options: dict[str, Any]) -> None:
    record = play_random(GAME, players, seed, options)
    record.options = options
    again = replay(Record.from_json(json.loads(record.dumps())), get_game)
    original = replay(record, get_game)
    assert state_dump(GAME, again.state) == state_dump(GAME, original.state)
    assert again.result() == original.result()
    halfway = replay(record, get_game, upto=len(record.actions) // 2)
    assert not halfway.over


@settings(max_examples=30, deadline=None)
@given(SEEDS, PLAYERS)
def test_everyone_deals_the_same_number_of_times_in_turn(seed: int, players: int) -> None:
    record = play_random(GAME, players, seed)
    match = replay(record, get_game)
    dealers = [entry["dealer"] for entry in match.view(None)["history"]]
    first = dealers[0]
    assert dealers == [(first + k) % players for k in range(2 * players)]
    result = match.result()
    assert result is not None
    assert result.scores == [float(len(w)) for w in match.state.won]
    assert result.winners == [s for s in range(players) if result.scores[s] == max(result.scores)]


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS, st.integers(min_value=0, max_value=60))
def test_determinize_agrees_with_the_view_it_came_from(seed: int, players: int,
                                                       steps: int) -> None:
    rng = random.Random(seed)
    match = Match.new(GAME, players, {}, seed)
    for _ in range(steps):
        if match.over:
            break
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, random_ranking(match, seat, rng))
    for seat in range(players):
        view = match.view(seat)
        imagined = GAME.determinize(view, seat, random.Random(seed))
        assert GAME.view(imagined, seat) == view
        cards = Counter(all_cards(imagined))
        assert sum(cards.values()) == 200 and max(cards.values()) == 1
        # An imagined game plays on to the end.
        while not GAME.is_over(imagined):
            s = min(GAME.to_act(imagined))
            GAME.apply(imagined, s, GAME.rollout_action(imagined, s, rng))
