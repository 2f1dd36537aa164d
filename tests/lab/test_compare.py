"""Two runs side by side never mislead: every table, plot and CSV holds the union of both
runs' rows, and distributions are put on bins the two runs share. One test per kind of
figure, each with a value that only run B has."""

from __future__ import annotations

from pathlib import Path

from parlour.lab.balance import distribution, generic
from parlour.lab.figures import Figures, Table, compare, rebin
from parlour.lab.plots import bar_data, hist_data, line_data, plot
from parlour.lab.report import Run, render, write
from parlour.lab.stats import Share


def runs(a: Table, b: Table) -> list[Run]:
    return [Run("A", {}, Figures([a])), Run("B", {"x": 1}, Figures([b]))]


def test_bars_show_a_row_only_b_has() -> None:
    a = Table("t", "Margins", ["margin"], ["games"], [{"margin": 1, "games": Share(3, 10)}],
              plot="bar")
    b = Table("t", "Margins", ["margin"], ["games"], [{"margin": 1, "games": Share(2, 10)},
                                                      {"margin": 6, "games": Share(5, 10)}],
              plot="bar")
    labels, values = bar_data([a, b])
    assert labels == ["1", "6"]
    assert values == [[0.3, 0.0], [0.2, 0.5]]
    assert "6" in plot(a, b)


def test_distributions_share_their_bins_and_b_only_bins_are_drawn() -> None:
    # A's scores span 0-60 (binned by 5), B's 0-3: both must be counted on A's bins, not
    # A's 0-4 bin beside B's 0-1 value.
    a = distribution("s", "Final scores", {"games": [float(v) for v in range(61)]}, "score", "")
    b = distribution("s", "Final scores", {"games": [0.0, 1.0, 3.0, 3.0, 90.0]}, "score", "")
    xs, width, shares = hist_data([a, b])
    assert width == 5.0
    assert xs[0] == 0 and xs[-1] == 90  # B's 90 has a bin, which A has none in
    assert shares[1]["games"][0] == 0.8  # 0, 1, 3, 3 all in B's first bin of 0-4
    assert shares[0]["games"][0] == 5 / 61 and shares[0]["games"][-1] == 0.0
    both = compare(a, b)
    assert both.labels == ["score (bins of 5)"]
    first = both.rows[0]
    assert (first["games A"], first["games B"]) == (5, 4)
    assert both.rows[-1]["score (bins of 5)"] == 90 and both.rows[-1]["games A"] == 0


def test_small_counts_are_drawn_as_bars_one_per_value() -> None:
    a = Table("t", "Matches per game", ["matches"], ["games"],
              [{"matches": 2, "games": 6}, {"matches": 3, "games": 4}], plot="hist")
    b = Table("t", "Matches per game", ["matches"], ["games"],
              [{"matches": 2, "games": 5}, {"matches": 4, "games": 5}], plot="hist")
    xs, width, shares = hist_data([a, b])
    assert (xs, width) == ([2, 3, 4], 0.0)
    assert shares[1]["games"] == [0.5, 0.0, 0.5]
    svg = plot(a, b)
    assert svg.count("<g id=\"patch_") >= 6  # a bar per run and value, and the axes


def test_a_fixed_length_game_still_gets_a_bar() -> None:
    one = distribution("game-length", "Game length", {"games": [40.0] * 9}, "moves", "")
    xs, _, shares = hist_data([one])
    assert xs == [40] and shares[0]["games"] == [1.0]
    assert "<svg" in plot(one)


def test_lines_draw_the_points_only_b_has() -> None:
    a = Table("t", "Win rate by skill", ["skill"], ["win rate"],
              [{"skill": 0, "win rate": Share(1, 4)}], plot="line")
    b = Table("t", "Win rate by skill", ["skill"], ["win rate"],
              [{"skill": 0, "win rate": Share(1, 4)}, {"skill": 1, "win rate": Share(3, 4)}],
              plot="line")
    (ax, _, *_), (bx, by, *_) = line_data([a, b])
    assert (ax, bx, by) == ([0.0], [0.0, 1.0], [0.25, 0.75])


def test_a_table_without_a_plot_shows_b_only_rows_and_the_page_b_only_tables() -> None:
    a = Table("free", "What the free turns did", ["turn"], ["share"], [])
    b = Table("free", "What the free turns did", ["turn"], ["share"],
              [{"turn": "life story", "share": Share(20, 100)}])
    page = render("t", "cmd", {}, runs(a, b), [])
    assert "life story" in page and "0.200 (" in page
    only_b = Table("extra", "Only in B", ["k"], ["v"], [{"k": "kept", "v": 3}])
    two = [Run("A", {}, Figures([a])), Run("B", {}, Figures([b, only_b]))]
    assert "Only in B" in render("t", "cmd", {}, two, [])


def test_the_compared_csv_has_every_row_of_either_run(tmp_path: Path) -> None:
    a = generic([{"index": 0, "bots": ["x", "x"], "skills": None, "scores": [5.0, 1.0],
                  "winners": [0], "moves": 10, "game": {}}], 2)
    b = generic([{"index": 0, "bots": ["x", "x"], "skills": None, "scores": [5.0, 5.0],
                  "winners": [0, 1], "moves": 12, "game": {}}], 2)
    write(tmp_path, "t", "cmd", {}, [Run("A", {}, a), Run("B", {}, b)])
    margins = (tmp_path / "csv" / "winning-margin.csv").read_text().splitlines()
    assert margins[0].startswith("margin,games A,games B")
    assert margins[1:] == ["0,0,1,1", "4,1,0,-1"]


def test_rebin_keeps_every_count() -> None:
    a = distribution("s", "S", {"seat 1": [float(v) for v in range(100)],
                                "seat 2": [float(v) for v in range(0, 100, 2)]}, "score", "")
    (binned,) = rebin([a])
    assert sum(int(r["seat 1"]) for r in binned.rows) == 100  # type: ignore[arg-type]
    assert sum(int(r["seat 2"]) for r in binned.rows) == 50  # type: ignore[arg-type]
