"""My Favourite Things: properties over random games of 3–6 players."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Match, RandomAgent
from parlour.engine.conformance import play_random
from parlour.games.my_favourite_things import GAME, MyFavouriteThingsState
from parlour.games.my_favourite_things.state import writer_of

SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.integers(min_value=3, max_value=6)
STEPS = st.integers(min_value=0, max_value=90)


def random_match(seed: int, players: int,
                 stop_after: int | None = None) -> Match[MyFavouriteThingsState]:
    """Random bots from their views, stopped after ``stop_after`` actions (or at the end)."""
    rng = random.Random(seed)
    options = {"first_player": rng.randrange(players)}
    match = Match.new(GAME, players, options, seed)
    agents = [RandomAgent(GAME, s, seed + s) for s in range(players)]
    steps = 0
    while not match.over and (stop_after is None or steps < stop_after):
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, agents[seat].act(match.view(seat), match.legal(seat)))
        steps += 1
    return match


def views(state: MyFavouriteThingsState, seats: list[int | None]) -> str:
    return json.dumps([GAME.view(state, s) for s in seats], sort_keys=True)


def others(state: MyFavouriteThingsState, who: int) -> list[int | None]:
    return [s for s in range(state.players) if s != who] + [None]


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS)
def test_a_round_is_categories_then_hands_then_five_tricks(seed: int, players: int) -> None:
    record = play_random(GAME, players, seed)
    # Per round: n categories, n sets, 5 tricks of n plays.
    assert len(record.actions) == 2 * (players + players + 5 * players)


def revealed_entries(state: MyFavouriteThingsState, seat: int) -> set[str]:
    return {p["entry"] for t in state.tricks if t["round"] == state.round
            for p in t["plays"] if p["seat"] == seat}


@settings(max_examples=50, deadline=None)
@given(SEEDS, PLAYERS, STEPS, st.randoms(use_true_random=False))
def test_no_view_depends_on_a_secret_it_may_not_know(seed: int, players: int, steps: int,
                                                     shuffler: random.Random) -> None:
    """Change any secret; every view except its owner's stays exactly the same."""
    state = random_match(seed, players, steps).state
    for g in range(players):
        changed = copy.deepcopy(state)
        if state.phase == "category" and state.categories[g] is not None:
            # A given category is the giver's secret until all are given.
            changed.categories[g] = "Something else entirely"
            assert views(changed, others(state, g)) == views(state, others(state, g))
        ranked = state.sets[g]
        if ranked is None:
            continue
        writer = writer_of(g, state.round, players)
        if state.phase == "writing":
            # Written entries are the writer's secret until the sleeves are handed back.
            changed.sets[g] = [f"Other entry {i}" for i in range(6)]
        else:
            # A sleeve's rank is hidden from everyone but its writer until its trick is shown.
            shown = revealed_entries(state, g)
            places = [i for i, e in enumerate(ranked) if e not in shown]
            moved = places[:]
            shuffler.shuffle(moved)
            new = list(ranked)
            for src, dst in zip(places, moved, strict=True):
                new[dst] = ranked[src]
            changed.sets[g] = new
        assert views(changed, others(state, writer)) == views(state, others(state, writer))


@settings(max_examples=40, deadline=None)
@given(SEEDS, PLAYERS, STEPS)
def test_every_sleeve_and_heart_is_accounted_for(seed: int, players: int, steps: int) -> None:
    state = random_match(seed, players, steps).state
    completed = len(state.tricks)
    assert sum(state.hearts) == completed
    assert all(len(t["plays"]) == players for t in state.tricks)
    if state.phase != "play":
        return
    for g in range(players):
        in_trick = [e for s, e in state.trick if s == g]
        held = state.hands[g] + in_trick + sorted(revealed_entries(state, g))
        assert Counter(held) == Counter(state.sets[g] or [])
        assert len(state.hands[g]) == 6 - (state.trick_number - 1) - len(in_trick)


@settings(max_examples=40, deadline=None)
@given(SEEDS, PLAYERS, STEPS, SEEDS)
def test_determinize_agrees_with_the_seats_view(seed: int, players: int, steps: int,
                                               draw: int) -> None:
    match = random_match(seed, players, steps)
    if match.over:
        return
    for seat in range(players):
        imagined = GAME.determinize(match.view(seat), seat, random.Random(draw))
        assert GAME.view(imagined, seat) == match.view(seat)
        assert GAME.to_act(imagined) == match.to_act
        # The imagined game can be played on to its end.
        rng = random.Random(draw)
        while not GAME.is_over(imagined):
            who = min(GAME.to_act(imagined))
            GAME.apply(imagined, who, GAME.rollout_action(imagined, who, rng))
        result = GAME.result(imagined)
        assert result is not None and sum(result.scores) == 10
        # Hearts already won stay won in the imagined game.
        assert all(mine >= had for mine, had in zip(result.scores, match.state.hearts,
                                                      strict=True))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=10**9, max_value=2**40), PLAYERS)
def test_the_seed_never_appears_in_a_view(seed: int, players: int) -> None:
    match = random_match(seed, players, None)
    for seat in [*range(players), None]:
        assert str(seed) not in json.dumps(match.view(seat))
