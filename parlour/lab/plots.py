"""The report's plots, drawn with matplotlib as inline SVG: every run of a comparison on
the same rows and the same bins, bars for counts, and a title that says what is drawn.

The data of a plot is worked out apart from the drawing (``bar_data``, ``hist_data``,
``line_data``), so that what a plot shows can be checked without reading SVG.

>>> from parlour.lab.figures import Table
>>> a = Table("t", "T", ["seat"], ["x"], [{"seat": 1, "x": 2.0}], plot="bar")
>>> b = Table("t", "T", ["seat"], ["x"], [{"seat": 2, "x": 5.0}], plot="bar")
>>> bar_data([a, b])
(['1', '2'], [[2.0, 0.0], [0.0, 5.0]])
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from .figures import Cell, Row, Stat, Table, bins, distributed, key_of, rebin, union
from .stats import Share

NAMES = ("A", "B")


def lined_up(tables: Sequence[Table]) -> list[list[Row]]:
    """Each table's rows on the union of their labels (``{}`` where one has none)."""
    if len(tables) == 1:
        return [list(tables[0].rows)]
    pairs = union(tables[0], tables[1])
    return [[a for a, _ in pairs], [b for _, b in pairs]]


def labels_of(tables: Sequence[Table]) -> list[str]:
    table = tables[0]
    return [" · ".join(key_of(table, a or b)) for a, b in
            (union(table, tables[1]) if len(tables) > 1 else [(r, {}) for r in table.rows])]


def bar_data(tables: Sequence[Table]) -> tuple[list[str], list[list[float]]]:
    """The bars: one label per row of any run, and each run's value of the plotted column
    (0 where a run has no such row)."""
    column = tables[0].plotted_column()
    return labels_of(tables), [[number(r.get(column)) for r in rows]
                               for rows in lined_up(tables)]


def hist_data(tables: Sequence[Table]) -> tuple[list[float], float, list[dict[str, list[float]]]]:
    """The bins (their lower edges, on bins shared by every run), their width (0: one bar
    per value), and per run and column the share of its count in each bin."""
    shared = rebin(tables)
    label = shared[0].labels[0]
    xs = [number(r.get(label)) for r in shared[0].rows]
    width = bins(distributed(tables))[0]
    shares = []
    for t in shared:
        per: dict[str, list[float]] = {}
        for c in t.columns:
            counts = [number(r.get(c)) for r in t.rows]
            total = sum(counts) or 1.0
            per[c] = [n / total for n in counts]
        shares.append(per)
    return xs, width, shares


def line_data(tables: Sequence[Table]) -> list[tuple[list[float], list[float],
                                                     list[float], list[float]]]:
    """Per run: x, y and the interval's low and high ends, over the rows it has."""
    label = tables[0].labels[0]
    column = tables[0].plotted_column()
    out = []
    for t in tables:
        rows = [r for r in t.rows if r.get(column) is not None]
        cells = [r.get(column) for r in rows]
        out.append(([number(r.get(label)) for r in rows], [number(c) for c in cells],
                    [c.interval()[0] if isinstance(c, Stat) else number(c) for c in cells],
                    [c.interval()[1] if isinstance(c, Stat) else number(c) for c in cells]))
    return out


def number(cell: Cell) -> float:
    if isinstance(cell, Stat):
        return float(cell.value)
    return float(cell) if isinstance(cell, int | float) else 0.0


def plot(table: Table, other: Table | None = None, names: Sequence[str] = NAMES) -> str:
    """The table's plot as inline SVG (empty when neither run has a row to draw)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "parlour", "svg.fonttype": "none",
                         "font.size": 9})
    tables = [table] + ([other] if other else [])
    if not any(t.rows for t in tables):
        return ""
    count = len(labels_of(tables))
    horizontal = table.plot == "bar" and count > 8
    height = max(2.6, 0.22 * count + 1) if horizontal else 3.0
    fig, ax = plt.subplots(figsize=(6.2, min(height, 11)))
    try:
        if table.plot == "hist":
            _hist(ax, tables, names)
        elif table.plot == "line":
            _line(ax, tables, names)
        else:
            _bars(ax, tables, names, horizontal)
        if table.reference is not None:
            (ax.axvline if horizontal else ax.axhline)(table.reference, color="#888",
                                                       linestyle=":", linewidth=1)
        ax.set_title(title(table), fontsize=9)
        if len(tables) > 1 or (table.plot == "hist" and len(table.columns) > 1):
            ax.legend(fontsize=8)
        fig.tight_layout()
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]


def title(table: Table) -> str:
    """What the plot draws: the table's title, and the plotted column when the table
    has others."""
    if table.plot == "hist":
        return f"{table.title}: share of {_counted(table)}"
    column = table.plotted_column()
    return table.title if len(table.columns) == 1 else f"{table.title}: {column}"


def _counted(table: Table) -> str:
    """What a distribution counts: its one column's name (games, turns), or games when
    each column is a seat's."""
    return table.columns[0] if len(table.columns) == 1 else "games"


def _bars(ax: Any, tables: Sequence[Table], names: Sequence[str], horizontal: bool) -> None:
    column = tables[0].plotted_column()
    labels, values = bar_data(tables)
    width = 0.8 / len(tables)
    for k, rows in enumerate(lined_up(tables)):
        errors = _errors([r.get(column) for r in rows])
        spots = [i + (k - (len(tables) - 1) / 2) * width for i in range(len(labels))]
        name = names[k] if len(tables) > 1 else None
        if horizontal:
            ax.barh(spots, values[k], height=width, xerr=errors, label=name, capsize=2)
        else:
            ax.bar(spots, values[k], width=width, yerr=errors, label=name, capsize=2)
    if horizontal:
        ax.set_yticks(range(len(labels)), labels)
        ax.invert_yaxis()
        ax.set_xlabel(column)
    else:
        ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0,
                      ha="right" if len(labels) > 4 else "center")
        ax.set_ylabel(column)


def _errors(cells: Sequence[Cell]) -> list[list[float]]:
    low, high = [], []
    for cell in cells:
        v = number(cell)
        lo, hi = cell.interval() if isinstance(cell, Stat) else (v, v)
        low.append(max(0.0, v - lo))
        high.append(max(0.0, hi - v))
    return [low, high]


def _hist(ax: Any, tables: Sequence[Table], names: Sequence[str]) -> None:
    """Bars: each bin (or value) a bar per run and series, side by side."""
    from matplotlib.ticker import MaxNLocator

    xs, width, shares = hist_data(tables)
    series = [(k, c) for k in range(len(tables)) for c in tables[k].columns]
    step = width or _spacing(xs)
    bar = 0.85 * step / len(series)
    for i, (k, column) in enumerate(series):
        offset = (i - (len(series) - 1) / 2) * bar + (step / 2 if width else 0)
        name = f"{column} ({names[k]})" if len(tables) > 1 else column
        ax.bar([x + offset for x in xs], shares[k][column], width=bar, label=name)
    label = rebin(tables)[0].labels[0]
    ax.set_xlabel(label)
    ax.set_ylabel("share")
    if all(float(x).is_integer() for x in xs):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _spacing(xs: Sequence[float]) -> float:
    gaps = [b - a for a, b in pairwise(xs) if b > a]
    return min(gaps) if gaps else 1.0


def _line(ax: Any, tables: Sequence[Table], names: Sequence[str]) -> None:
    from matplotlib.ticker import MaxNLocator

    column = tables[0].plotted_column()
    data = line_data(tables)
    for k, (xs, ys, lows, highs) in enumerate(data):
        name = names[k] if len(tables) > 1 else None
        ax.plot(xs, ys, marker="o", label=name)
        ax.fill_between(xs, lows, highs, alpha=0.2)
    ax.set_xlabel(tables[0].labels[0])
    ax.set_ylabel(column)
    every = [x for xs, *_ in data for x in xs]
    if every and all(float(x).is_integer() for x in every):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if any(isinstance(r.get(column), Share) for t in tables for r in t.rows):
        top = max([h for *_, highs in data for h in highs] + [table_ref(tables[0])])
        ax.set_ylim(0, min(1.0, top * 1.15) or 1.0)


def table_ref(table: Table) -> float:
    return table.reference or 0.0


def series_plot(table: Table) -> str:
    """The key figures of a series, one small plot each against the series' values (a
    line where the values are numbers, else bars)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    rows = [r for r in table.rows if any(isinstance(r.get(c), Stat | int | float)
                                         for c in table.columns)]
    if not rows:
        return ""
    numeric = all(_is_number(c) for c in table.columns)
    xs = [float(c) if numeric else i for i, c in enumerate(table.columns)]
    cols = 3
    grid = (len(rows) + cols - 1) // cols
    fig, axes = plt.subplots(grid, cols, figsize=(9.5, 2.3 * grid), squeeze=False)
    try:
        for k, ax in enumerate(axes.flat):
            if k >= len(rows):
                ax.axis("off")
                continue
            cells = [rows[k].get(c) for c in table.columns]
            ys = [number(c) for c in cells]
            errors = _errors(cells)
            if numeric:
                ax.errorbar(xs, ys, yerr=errors, marker="o", capsize=2)
            else:
                ax.bar(xs, ys, yerr=errors, capsize=2)
                ax.set_xticks(xs, table.columns, fontsize=7)
            ax.set_title(textwrap.fill(str(rows[k]["figure"]), 38), fontsize=8)
            ax.tick_params(labelsize=7)
            if numeric and all(float(x).is_integer() for x in xs):
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        fig.tight_layout()
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
