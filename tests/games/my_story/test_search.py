"""What guides search on My Story: the position estimate, the heuristic's ranking of moves,
playouts cut at the horizon, and progressive widening."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from parlour.bots import MCTSAgent, make_agent
from parlour.bots.mcts import _key, _Node
from parlour.engine import Match, step
from parlour.games.my_story import GAME as G
from parlour.games.my_story import HORIZON, with_cards
from parlour.games.my_story.bots import heuristic_order, heuristic_rollout
from parlour.games.my_story.state import MyStoryState
from parlour.games.my_story.value import FEATURES, TEMPERATURE, estimate, evaluate, features


def midgame(moves: int = 30) -> Match[MyStoryState]:
    match: Match[MyStoryState] = Match.new(G, 2, None, 11)
    agents = [make_agent(G, "heuristic", s, s) for s in range(2)]
    for _ in range(moves):
        step(match, agents)
    return match


def test_a_life_story_joining_a_deck_adds_its_vp_to_what_the_seat_holds() -> None:
    state = G.setup(2, None, 1)
    owned = {c for p in state.seats for c in (*p.draw, *p.discard, *p.cv)}
    card = next(c for c in G.card_set.of_kind("life_story") if c.vp and c.id not in owned)
    held, rows = features(state)
    state.seats[0].discard.append(card.id)
    after, rows_after = features(state)
    assert after == [held[0] + card.vp, held[1]]
    deck = FEATURES.index("deck_size")
    assert rows_after[0][deck] == rows[0][deck] + 1 and rows_after[1] == rows[1]


def test_late_retirement_costs_what_the_rulebook_says_and_leaves_no_years() -> None:
    state = G.setup(2, None, 1)
    state.seats[0].age = state.seats[1].age = 50
    held, _ = features(state)
    state.seats[0].age = 52
    after, rows = features(state)
    assert after[0] == held[0] - 3  # retired at 52: −3 VP
    assert rows[0][FEATURES.index("years_left")] == 0


def test_the_share_of_the_win_is_a_softmax_of_the_estimated_vp() -> None:
    state = midgame().state
    vp, shares = estimate(state), evaluate(state)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] == pytest.approx(1 / (1 + math.exp((vp[1] - vp[0]) / TEMPERATURE)))
    assert (shares[0] > shares[1]) == (vp[0] > vp[1])


def test_the_heuristic_ranks_first_the_move_it_would_play() -> None:
    match = midgame()
    while len(match.legal(seat := min(match.to_act)).choices or []) < 3:
        step(match, [make_agent(G, "heuristic", s, s) for s in range(2)])
    actions = match.legal(seat).choices or []
    ranked = heuristic_order(match.state, seat, actions)
    assert sorted(map(str, ranked)) == sorted(map(str, actions))
    assert ranked[0] == heuristic_rollout(match.state, seat, random.Random(0))


def test_a_node_widens_with_the_square_root_of_its_visits_best_ranked_first() -> None:
    match = midgame()
    while len(match.legal(seat := min(match.to_act)).choices or []) < 5:
        step(match, [make_agent(G, "heuristic", s, s) for s in range(2)])
    agent = MCTSAgent(G, seat, 0)
    actions = match.legal(seat).choices or []
    options = {_key(a): a for a in actions}
    node = _Node(None, -1)
    best = _key(heuristic_order(match.state, seat, actions)[0])
    for visits, width in ((0, 1), (1, 2), (4, 3), (9, 4)):
        node.visits = visits
        admitted = agent._admitted(node, match.state, seat, options)
        assert len(admitted) == width and admitted[0] == best


def test_playouts_stop_at_the_horizon_and_are_judged() -> None:
    judged: list[int] = []

    def counting(state: MyStoryState) -> Sequence[float]:
        judged.append(state.turns)
        return evaluate(state)

    game = with_cards().wire(evaluate=counting)
    match: Match[MyStoryState] = Match.new(game, 2, None, 3)
    seat = min(match.to_act)
    agent = MCTSAgent(game, seat, 0, iterations=12)
    action = agent.act(match.view(seat), match.legal(seat))
    assert action in (match.legal(seat).choices or [])
    # A game lasts far longer than the tree plus HORIZON moves: every playout is judged.
    assert len(judged) == 12 and HORIZON == 5 and max(judged) < 10
