"""Love Me Not's bots play legally and the stronger ones beat random."""

from __future__ import annotations

from parlour.bots import make_agent
from parlour.lab import SimulationSpec, play_one, summarize


def win_share(bots: tuple[str, str], n: int, options: dict[str, int] | None = None) -> float:
    spec = SimulationSpec("love-me-not", 2, bots, options or {}, seed=100)
    results = [play_one(spec, i)[1] for i in range(n)]
    return summarize(results, 2, bots).win_rate()[0]


def test_greedy_beats_random_in_most_games() -> None:
    assert win_share(("greedy", "random"), 200) > 0.75


def test_mcts_beats_random() -> None:
    assert win_share(("mcts:60", "random"), 30, {"matches": 1}) > 0.6


def test_bots_are_deterministic_given_their_seed() -> None:
    from parlour.games import get_game

    game = get_game("love-me-not")
    state = game.setup(2, {}, 3)
    a = make_agent(game, "mcts:30", 0, 9).act(game.view(state, 0), game.legal(state, 0))
    b = make_agent(game, "mcts:30", 0, 9).act(game.view(state, 0), game.legal(state, 0))
    assert a == b
