"""My Story's bots: legal play from views only; the heuristic is far above random."""

from __future__ import annotations

import pytest

from parlour.bots import make_agent
from parlour.engine import Match
from parlour.games.my_story import GAME as G
from parlour.games.my_story.state import MyStoryState


def play(bots: list[str], seed: int) -> Match[MyStoryState]:
    match: Match[MyStoryState] = Match.new(G, len(bots), None, seed)
    agents = [make_agent(G, b, s, seed * 7 + s) for s, b in enumerate(bots)]
    while not match.over:
        seat = min(match.to_act)
        action = agents[seat].act(match.view(seat), match.legal(seat))
        assert action in (match.legal(seat).choices or [])
        match.act(seat, action)
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_plays_whole_games_legally(players: int) -> None:
    match = play(["heuristic"] * players, seed=players)
    result = match.result()
    assert result is not None and result.winners


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(10):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play(seats, seed).result()
        assert result is not None
        wins += seats.index("heuristic") in result.winners
    assert wins >= 9


def test_search_bot_picks_a_legal_move_from_a_determinized_view() -> None:
    match: Match[MyStoryState] = Match.new(G, 3, None, 5)
    agent = make_agent(G, "mcts:3", 0, 1)
    for _ in range(40):
        seat = min(match.to_act)
        legal = match.legal(seat)
        action = (agent.act(match.view(seat), legal) if seat == 0
                  else (legal.choices or [])[0])
        assert action in (legal.choices or [])
        match.act(seat, action)
