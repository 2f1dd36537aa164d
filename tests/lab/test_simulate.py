"""``simulate`` plays the lab's plan with the lab's games: the same seeds give the same
records, in one process or two, and its bots keep their seats."""

from __future__ import annotations

from parlour.lab import Plan, simulate
from parlour.lab.run import play_game


def test_simulate_yields_the_labs_games_in_order_whatever_the_processes() -> None:
    plan = Plan("love-me-not", 2, ("greedy", "random"), games=6, seed=30, rotate=False)
    one = [(r.dumps(), res.scores) for r, res in simulate(plan, jobs=1)]
    two = [(r.dumps(), res.scores) for r, res in simulate(plan, jobs=2)]
    assert one == two
    assert [r for r, _ in one] == [play_game(plan, i).dumps() for i in range(6)]


def test_simulate_keeps_each_bot_in_its_seat_and_the_lab_rotates_them() -> None:
    fixed = Plan("love-me-not", 2, ("greedy", "random"), games=2, rotate=False)
    assert fixed.seating(1) == ["greedy", "random"]
    assert Plan("love-me-not", 2, ("greedy", "random"), games=2).seating(1) == \
        ["random", "greedy"]
