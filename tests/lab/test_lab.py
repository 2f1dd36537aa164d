"""The lab: same seed, same figures (whatever the workers); the statistics; the flags;
what each game's observer reads off a replay."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from parlour.engine import replay
from parlour.games import get_game
from parlour.lab.balance import figures_for, generic
from parlour.lab.figures import Table, compare
from parlour.lab.flags import Lines
from parlour.lab.games.my_story import streak, time_economy
from parlour.lab.plan import Plan
from parlour.lab.report import Run, figures_json, write
from parlour.lab.run import analyse, play_game, run_local
from parlour.lab.stats import Mean, Median, Share, median_interval, newcombe, wilson
from parlour.lab.study import Study, conduct


def files(folder: Path) -> dict[str, bytes]:
    """Every CSV and JSON figure of a report, by path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.suffix in (".csv", ".json")}


def report(tmp: Path, study: Study, workers: int, ray: str | None = None) -> dict[str, bytes]:
    runs = conduct(study, workers, ray)
    write(tmp, "t", "parlour lab", study.describe(), runs)
    return files(tmp)


@pytest.mark.parametrize("game, players, bots, n", [
    ("love-me-not", 2, ("greedy", "random"), 24),
    ("my-story", 3, ("heuristic",), 6),
    ("take-your-pick", 4, ("persona",), 8),
])
def test_one_and_two_workers_write_the_same_bytes(tmp_path: Path, game: str, players: int,
                                                  bots: tuple[str, ...], n: int) -> None:
    plan = Plan(game, players, bots * (players // len(bots)), n, seed=11)
    one = report(tmp_path / "one", Study(plan), 1)
    two = report(tmp_path / "two", Study(plan), 2)
    assert one == two
    assert "figures.json" in one and "csv/win-rate-by-seat.csv" in one


def test_a_comparison_is_the_same_too_and_has_the_difference(tmp_path: Path) -> None:
    study = Study(Plan("love-me-not", 2, ("greedy", "greedy"), 20, seed=3), {"matches": 1})
    one = report(tmp_path / "one", study, 1)
    assert one == report(tmp_path / "two", study, 2)
    header = one["csv/win-rate-by-seat.csv"].decode().splitlines()[0]
    assert "win rate A" in header and "win rate B−A low" in header
    assert {"csv/A/summary.csv", "csv/B/summary.csv"} <= set(one)


def test_ray_gives_what_local_processes_give(tmp_path: Path) -> None:
    pytest.importorskip("ray")  # installed by `make test` (the parlour[ray] extra)
    study = Study(Plan("love-me-not", 2, ("greedy", "random"), 16, seed=5))
    assert report(tmp_path / "ray", study, 2, ray="local") == report(tmp_path / "local", study, 2)


def test_a_game_is_its_seed_plus_its_index_with_the_bots_rotated() -> None:
    plan = Plan("love-me-not", 2, ("greedy", "random"), 3, seed=40)
    rows = run_local(plan, 1)
    assert [r["seed"] for r in rows] == [40, 41, 42]
    assert [r["bots"] for r in rows] == [["greedy", "random"], ["random", "greedy"],
                                         ["greedy", "random"]]
    record = play_game(plan, 1)
    assert record.seed == 41 and analyse(record)["scores"] == rows[1]["scores"]


def test_wilson_and_newcombe_intervals() -> None:
    # Newcombe (1998), example (a): 56/70 against 48/80, difference 0.2 (0.0524 to 0.3339).
    lo, hi = newcombe((56, 70), (48, 80))
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]  # Wilson (1927) via Newcombe
    assert Share(0, 0).interval() == (0.0, 1.0)


def test_means_and_medians_with_their_intervals() -> None:
    m = Mean.of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert m.value == 5.0 and round(m.variance(), 4) == 4.5714
    d, lo, hi = Mean.of([3.0] * 4).minus(Mean.of([1.0] * 4))
    assert (d, lo, hi) == (2.0, 2.0, 2.0)
    assert median_interval([1, 2, 3, 4]) == (2.5, 1.0, 4.0)
    assert Median.of(list(range(101))).value == 50


def rows_won_by(winners: list[list[int]], players: int = 2) -> list[dict[str, object]]:
    return [{"index": i, "bots": ["b"] * players, "skills": None,
             "scores": [1.0 if s in w else 0.0 for s in range(players)], "winners": w,
             "moves": 10, "game": {}} for i, w in enumerate(winners)]


def test_a_seat_above_the_runs_line_is_flagged() -> None:
    # A line of 62.5% at two players (odds 5/3 of the fair odds): seat 1 wins 63 of 100
    # two-player games, 1.26x its fair share of 50%.
    lines = Lines(ratio=5 / 3)
    out = generic(rows_won_by([[0]] * 63 + [[1]] * 37), 2, lines)
    assert [f.key for f in out.flags] == ["win-rate-by-seat"] * 2  # and seat 2 is weak
    assert out.flags[0].text.startswith("Seat 1 wins 63.0% of 100 games (95% interval 53.2%")
    assert "1.26× its fair share of 50.0%: strong; the line at 2 players is 62.5%" in \
        out.flags[0].text
    # 62 of 100 is 1.24x: under the line.
    assert not generic(rows_won_by([[0]] * 62 + [[1]] * 38), 2, lines).flags


def test_a_shared_win_is_split_and_counted_as_a_tie() -> None:
    out = generic(rows_won_by([[0, 1], [0]]), 2)
    seats = next(t for t in out.tables if t.key == "win-rate-by-seat")
    assert [r["win rate"].value for r in seats.rows] == [0.75, 0.25]  # type: ignore[union-attr]
    summary = next(t for t in out.tables if t.key == "summary")
    ties = next(r["value"] for r in summary.rows if str(r["measure"]).startswith("tie"))
    assert ties == Share(1, 2)


def turns(*seats_years: tuple[int, int]) -> dict[str, object]:
    return {"turns": [[s, y, "life story"] for s, y in seats_years], "life_out": None}


def free_turn_flags(free: int, lines: Lines) -> list[str]:
    game = turns(*([(0, 0)] * free + [(1, 2)] * (100 - free)))
    out = generic([], 2)
    out.flags.clear()
    time_economy([{"winners": [1], "scores": [10, 20], "game": game}], 2, lines, out)
    return [f.text for f in out.flags]


def test_my_story_flags_turns_that_cost_no_years_above_a_runs_line() -> None:
    # A line of 10%: 11 turns of 100 cost nothing, above it; 10 do not cross it.
    tenth = Lines(game={"free_turns_high": 0.10})
    assert [t[:40] for t in free_turn_flags(11, tenth)] == \
        ["11.0% of 100 turns cost no years (95% in"]
    assert not free_turn_flags(10, tenth)


def test_my_story_wants_some_cheap_turns_and_no_runaway() -> None:
    # By default between 5% and 20% of turns cost no years.
    assert not free_turn_flags(11, Lines())
    assert "the line is 20%: time is not scarce (its whole interval is past the line)" in \
        free_turn_flags(30, Lines())[0]
    assert "the line is 5%: no turn is cheap" in free_turn_flags(0, Lines())[0]
    assert "play more games to be sure" in free_turn_flags(3, Lines())[0]


def test_streak_is_the_longest_run_of_turns_by_one_player() -> None:
    assert streak([0, 1, 1, 1, 0, 0]) == 3
    assert streak([]) == 0


def test_my_story_turns_cost_what_the_markers_moved() -> None:
    """Per player, the years of their turns add up to how far their marker went from 22."""
    plan = Plan("my-story", 2, ("heuristic", "heuristic"), 1, seed=2)
    record = play_game(plan, 0)
    row = analyse(record)["game"]
    final = replay(record, get_game).state
    spent = Counter()
    for seat, years, _ in row["turns"]:
        spent[seat] += years
    assert [spent[s] for s in range(2)] == [p.age - 22 for p in final.seats]
    assert len(row["turns"]) == final.turns
    assert sum(sum(a) for a in zip(*row["areas"].values(), strict=True)) == sum(
        analyse(record)["scores"])


def test_love_me_not_jack_points_match_the_breakdown() -> None:
    plan = Plan("love-me-not", 2, ("greedy", "greedy"), 1, seed=9)
    row = analyse(play_game(plan, 0))
    for m in row["game"]["matches"]:
        for s in (0, 1):
            suits = sum(t * p for t, p in m["suits"][s])
            assert suits + m["jacks"][s] == m["points"][s]


def test_skills_are_drawn_per_seat_from_the_seed_and_reported() -> None:
    plan = Plan("whats-it-to-ya", 3, ("persona",) * 3, 6, seed=1, skills=(0.0, 1.0))
    assert plan.skill_of(2) == plan.skill_of(2)
    out = figures_for(run_local(plan, 1), plan)
    table = next(t for t in out.tables if t.key == "win-rate-by-skill")
    assert [r["guessing skill"] for r in table.rows] == [0.0, 1.0]
    assert sum(r["win rate"].n for r in table.rows) == 18  # type: ignore[union-attr]


def test_compare_lines_up_rows_by_their_labels() -> None:
    a = Table("t", "T", ["seat"], ["x"], [{"seat": 1, "x": 2.0}, {"seat": 2, "x": 3.0}])
    b = Table("t", "T", ["seat"], ["x"], [{"seat": 2, "x": 5.0}, {"seat": 1, "x": 2.5}])
    both = compare(a, b)
    assert [(r["seat"], r["x B−A"]) for r in both.rows] == [(1, 0.5), (2, 2.0)]


def test_figures_json_names_long_content_by_its_checksum() -> None:
    plan = {"game": "take-your-pick"}
    pairs = [[f"a{i}", f"b{i}"] for i in range(40)]
    data = json.loads(figures_json(plan, [Run("A", {"pairs": pairs}, generic([], 3))]))
    assert data["runs"][0]["options"]["pairs"]["entries"] == 40
    assert len(data["runs"][0]["options"]["pairs"]["sha256"]) == 16


def test_bots_are_compared_over_their_seats_and_head_to_head() -> None:
    # a beats b twice, they draw once, b beats a once (seats rotated).
    games = [(["a", "b"], [3.0, 1.0], [0]), (["b", "a"], [1.0, 3.0], [1]),
             (["a", "b"], [2.0, 2.0], [0, 1]), (["b", "a"], [5.0, 1.0], [0])]
    rows = [{"index": i, "bots": bots, "skills": None, "scores": scores, "winners": won,
             "moves": 10, "game": {}} for i, (bots, scores, won) in enumerate(games)]
    out = generic(rows, 2)
    by_bot = next(t for t in out.tables if t.key == "win-rate-by-bot")
    assert [(r["bot"], r["win rate"]) for r in by_bot.rows] == [("a", Share(2.5, 4)),
                                                                 ("b", Share(1.5, 4))]
    versus = next(t for t in out.tables if t.key == "bot-versus-bot")
    assert [(r["bot"], r["against"], r["finishes ahead"]) for r in versus.rows] == [
        ("a", "b", Share(2.5, 4)), ("b", "a", Share(1.5, 4))]


def test_seat_statistics_are_split_by_bot() -> None:
    # a wins from seat 1 twice and loses there once; b wins from seat 2 once.
    games = [(["a", "b"], [0]), (["b", "a"], [1]), (["a", "b"], [1]), (["a", "b"], [0])]
    rows = [{"index": i, "bots": bots, "skills": None, "scores": [1.0, 0.0], "winners": won,
             "moves": 10, "game": {}} for i, (bots, won) in enumerate(games)]
    table = next(t for t in generic(rows, 2).tables if t.key == "win-rate-by-seat-and-bot")
    shares = {(r["bot"], r["seat"]): r["win rate"] for r in table.rows}
    assert shares == {("a", 1): Share(2, 3), ("a", 2): Share(1, 1), ("b", 1): Share(0, 1),
                      ("b", 2): Share(1, 3)}
