"""My Story checks each move without listing every legal move: the quick check must agree
with the list, move for move, on real games (random and heuristic play, 2–4 players)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.bots import make_agent
from parlour.engine import Action, IllegalAction, Match
from parlour.games.my_story import GAME as G
from parlour.games.my_story.actions import allowed, check_shape, choices, only_end_left
from parlour.games.my_story.cards import COLOURS, RESOURCES
from parlour.games.my_story.state import MyStoryState


def near_misses(state: MyStoryState, seat: int) -> list[Action]:
    """The legal moves, each bent a little (a Star more or less, the next slot, another
    card, the other track...), and every small move of every kind."""
    cards = G.card_set
    out: list[Action] = list(choices(state, seat))
    for a in list(out):
        if "stars" in a:
            out += [{**a, "stars": a["stars"] + d} for d in (-1, 1, 2)]
        if "slot" in a:
            out += [{**a, "slot": a["slot"] + d} for d in (-6, -1, 1, 5)]
            out.append({**a, "take": "work" if a["take"] == "life" else "life"})
        if "reunion" in a:
            out += [{**a, "reunion": r} for r in cards.reunions]
            out += [{**a, "achievement": x} for x in cards.achievements]
    played = state.turn.played if state.turn else []
    out += [{"grow": c, "stars": s} for c in [*played, *state.work_track] for s in range(3)]
    out += [{"take": t, "slot": i, "stars": s} for t in ("life", "work") for i in range(5)
            for s in range(2)]
    out += [{"play_more": b} for b in (True, False)] + [{"end": b} for b in (True, False)]
    out += [{"rest": b} for b in (True, False)] + [{"gain": r} for r in (*RESOURCES, "star")]
    out += [{"convert": k} for k in range(-1, 5)] + [{"colour": c} for c in (*COLOURS, "x")]
    out += [{"occupation": c.id} for c in cards.starting_occupations()]
    return out


def check_agreement(state: MyStoryState) -> int:
    checked = 0
    for seat in G.to_act(state):
        legal = choices(state, seat)
        for action in near_misses(state, seat):
            check_shape(action)
            assert allowed(state, seat, action) == (action in legal), action
            checked += 1
        if state.turn is not None:
            assert only_end_left(state, state.turn) == (legal == [{"end": True}])
    return checked


@pytest.mark.parametrize(("players", "bot", "seed"), [
    (2, "random", 1), (3, "random", 2), (4, "random", 3), (2, "heuristic", 4),
    (3, "heuristic", 5),
])
def test_the_quick_check_agrees_with_the_list_of_legal_moves(players: int, bot: str,
                                                             seed: int) -> None:
    match: Match[MyStoryState] = Match.new(G, players, None, seed)
    agents = [make_agent(G, bot, s, seed * 10 + s) for s in range(players)]
    checked = 0
    while not match.over:
        checked += check_agreement(match.state)
        seat = min(match.to_act)
        match.act(seat, agents[seat].act(match.view(seat), match.legal(seat)))
    assert checked > 1000


def fingerprint(state: MyStoryState) -> tuple[Any, ...]:
    """Every field in full (dataclass reprs), the generator's state, the card set's identity."""
    rest = {k: v for k, v in vars(state).items() if k not in ("card_set", "rng")}
    return repr(rest), state.rng.getstate(), id(state.card_set)


def test_a_refused_move_changes_nothing() -> None:
    match: Match[MyStoryState] = Match.new(G, 2, None, 9)
    rng = random.Random(9)
    refused = moves = 0
    while not match.over:
        seat = min(match.to_act)
        legal = choices(match.state, seat)
        moves += 1
        for action in near_misses(match.state, seat) if moves % 3 == 0 else []:
            if action in legal:
                continue
            before = fingerprint(match.state)
            with pytest.raises(IllegalAction):
                G.apply(match.state, seat, action)
            assert fingerprint(match.state) == before
            refused += 1
        match.act(seat, rng.choice(legal))
    assert refused > 500
