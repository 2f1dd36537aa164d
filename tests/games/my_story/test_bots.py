"""My Story's bots: legal play from views only; the heuristic is far above random."""

from __future__ import annotations

import pytest

from parlour.bots import make_agent
from parlour.engine import Legal, Match, Result, play
from parlour.games.my_story import GAME as G
from parlour.games.my_story.bots import heuristic_order
from parlour.games.my_story.state import MyStoryState


def played(bots: list[str], seed: int) -> tuple[Match[MyStoryState], Result]:
    """A whole game between these bots (an illegal move would raise)."""
    match: Match[MyStoryState] = Match.new(G, len(bots), None, seed)
    result = play(match, [make_agent(G, b, s, seed * 7 + s) for s, b in enumerate(bots)])
    return match, result


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_plays_whole_games_legally(players: int) -> None:
    match, result = played(["heuristic"] * players, seed=players)
    sheet = {line["area"]: line["points"] for line in result.details["score_sheet"]}
    # Everyone retired (at 50 or later), and the totals decide the winner.
    assert all(50 <= p.age <= 54 and p.retired for p in match.state.seats)
    assert result.scores == [float(t) for t in sheet["total"]]
    top = [s for s, t in enumerate(result.scores) if t == max(result.scores)]
    cv = result.details["cv_cards"]
    assert result.winners == [s for s in top if cv[s] == max(cv[t] for t in top)]
    # Each total adds up its areas; late retirement costs what the rulebook says.
    areas = ("achievements", "life_stories", "projects", "majorities", "retirement")
    for s, p in enumerate(match.state.seats):
        assert sheet["total"][s] == sum(sheet[a][s] for a in areas) > 0
        assert sheet["retirement"][s] == {50: 0, 51: -1, 52: -3, 53: -6, 54: -10}[p.age]


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(10):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        _, result = played(seats, seed)
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


def test_heuristic_values_the_conversion_its_step_offers() -> None:
    # Banker converts Money (its step comes first), a completed Fixer-Upper Houses: at the
    # second step only Houses convert, and there is no Money to value a Money conversion by.
    state = G.setup(2, seed=0)
    for seat in range(2):
        G.apply(state, seat, {"occupation": state.seats[seat].dealt[0]})
    turn = state.turn
    assert turn is not None and turn.seat == 0
    state.seats[0].occupation, state.seats[0].cv = "O21", ["O21", "P14"]
    turn.pool, turn.step, turn.converted = {"house": 4, "book": 1}, "convert", 1
    legal = G.legal_actions(state, 0)
    assert legal == [{"convert": 0}, {"convert": 1}, {"convert": 2}]
    agent = make_agent(G, "heuristic", 0, 1)
    assert agent.act(G.view(state, 0), Legal(choices=legal)) in legal
    assert sorted(heuristic_order(state, 0, legal), key=lambda a: a["convert"]) == legal
