"""Love Me Not: properties over random games."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import GameOver, IllegalAction, Match, Record, replay
from parlour.engine.conformance import play_random, state_dump
from parlour.games import get_game
from parlour.games.love_me_not import DECK, GAME, LoveMeNotState

SEEDS = st.integers(min_value=0, max_value=2**32)


def random_match(seed: int, stop_after: int | None = None) -> Match[LoveMeNotState]:
    rng = random.Random(seed)
    match = Match.new(GAME, 2, {"matches": rng.choice([1, 3])}, seed)
    steps = 0
    while not match.over and (stop_after is None or steps < stop_after):
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, rng.choice(match.legal(seat).choices or []))
        steps += 1
    return match


def all_cards(state: LoveMeNotState) -> list[str]:
    cards = list(state.deck)
    for seat in (0, 1):
        cards += state.drawn[seat] + state.tableau[seat] + state.pile[seat]
    return cards


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=40))
def test_the_twenty_cards_are_always_all_accounted_for(seed: int, steps: int) -> None:
    match = random_match(seed, steps)
    assert Counter(all_cards(match.state)) == Counter(DECK)


def shown_to(match: Match[LoveMeNotState], seat: int, shown: set[str]) -> None:
    shown.update(match.state.drawn[seat])


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_no_view_holds_a_card_its_seat_has_not_been_shown(seed: int) -> None:
    rng = random.Random(seed)
    match = Match.new(GAME, 2, {}, seed)
    shown: list[set[str]] = [set(), set()]
    in_match = len(match.state.history)
    while not match.over:
        if len(match.state.history) != in_match:
            in_match = len(match.state.history)
            shown = [set(), set()]  # a new match: new cards, all revealed ones are in history
        for seat in (0, 1):
            shown[seat].update(match.state.drawn[seat])
            revealed = {c for s in (0, 1)
                        for c in match.state.tableau[s][: match.state.revealed]}
            view = match.view(seat)
            current = {e["card"] for side in view["seats"] for e in side["tableau"]}
            current |= {c for side in view["seats"] for c in side["pile"] or []}
            current |= set(view["hand"])
            current.discard(None)
            assert current <= shown[seat] | revealed
        spectator = match.view(None)
        assert all(e["card"] is None or e["revealed"]
                   for side in spectator["seats"] for e in side["tableau"])
        assert all(side["pile"] is None for side in spectator["seats"])
        seat = rng.choice(sorted(match.to_act))
        match.act(seat, rng.choice(match.legal(seat).choices or []))


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_replaying_a_record_reproduces_the_same_state(seed: int) -> None:
    record = play_random(GAME, 2, seed)
    again = replay(Record.loads(record.dumps()), get_game)
    original = replay(record, get_game)
    assert state_dump(GAME, again.state) == state_dump(GAME, original.state)
    assert again.state.wins == original.state.wins
    assert json.dumps(again.result().to_json()) == json.dumps(original.result().to_json())


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=40), st.sampled_from(
    ["wrong seat", "not drawn", "malformed", "not a dict", "no seat"]))
def test_every_illegal_action_raises_the_typed_error_and_changes_nothing(
        seed: int, steps: int, kind: str) -> None:
    match = random_match(seed, steps)
    before = state_dump(GAME, match.state)
    rng_state = match.state.rng.getstate()
    if match.over:
        attempts = [(0, {"keep": "2H"})]
    else:
        seat = min(match.to_act)
        idle = [s for s in (0, 1) if s not in match.to_act]
        undrawn = next(c for c in DECK if c not in match.state.drawn[seat])
        attempts = {
            "wrong seat": [(s, {"keep": undrawn}) for s in idle] or [(seat, {"keep": undrawn})],
            "not drawn": [(seat, {"keep": undrawn})],
            "malformed": [(seat, {"keep": match.state.drawn[seat][0], "also": 1})],
            "not a dict": [(seat, ["keep", "2H"])],
            "no seat": [(5, {"keep": match.state.drawn[seat][0]})],
        }[kind]
    for seat, action in attempts:
        try:
            GAME.apply(match.state, seat, action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert str(exc)
            if match.over:
                assert isinstance(exc, GameOver)
        else:
            raise AssertionError(f"{kind}: {action} was accepted")
    assert state_dump(GAME, match.state) == before
    assert match.state.rng.getstate() == rng_state


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=99))
def test_a_determinized_state_agrees_with_the_seats_view(seed: int, steps: int, r: int) -> None:
    match = random_match(seed, steps)
    for seat in (0, 1):
        view = match.view(seat)
        imagined = GAME.determinize(view, seat, random.Random(r))
        assert GAME.view(imagined, seat) == view
        assert Counter(all_cards(imagined)) == Counter(DECK)
