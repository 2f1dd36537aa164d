"""The lab's figures: tables of numbers with their intervals, written as CSV and JSON, and
two runs' tables side by side with the difference.

A :class:`Table` has label columns (what a row is about: a seat, a card) and value
columns; a value is a plain number or a statistic (:class:`~parlour.lab.stats.Share`,
:class:`~parlour.lab.stats.Mean`) that carries its own 95% interval. Numbers are written
rounded to six significant digits, so the same games give the same bytes.

>>> t = Table("seats", "Win rate by seat", ["seat"], ["win rate"],
...           [{"seat": 0, "win rate": Share(6, 10)}, {"seat": 1, "win rate": Share(4, 10)}])
>>> print(t.csv(), end="")
seat,win rate,win rate low,win rate high,win rate n
0,0.6,0.312674,0.83182,10
1,0.4,0.16818,0.687326,10
>>> print(compare(t, t).csv().splitlines()[1])
0,0.6,0.6,0,-0.369184,0.369184
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .stats import Mean, Median, Share

Cell = str | int | float | Share | Mean | Median | None
Stat = Share | Mean | Median
Row = dict[str, Cell]
Plot = Literal["bar", "hist", "line"]


@dataclass
class Table:
    """One figure: rows of labels and values, what it shows in words, and how to plot it.

    ``plot``: ``bar`` (one value column per row, with its interval), ``hist`` (a
    distribution: the first label is the value, the columns are counts; a report puts
    the runs it compares on shared bins) or ``line`` (the first label is the x axis).
    ``plotted`` names the column a bar or line plot draws (by default the first column
    with intervals). ``reference`` draws a line across the plot (a fair share).
    """

    key: str
    title: str
    labels: list[str]
    columns: list[str]
    rows: list[Row]
    note: str = ""
    plot: Plot | None = None
    reference: float | None = None
    section: str = "Balance"
    plotted: str | None = None

    def csv(self) -> str:
        """The table as CSV: a statistic becomes four columns (value, low, high, n)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        header = list(self.labels)
        stats = {c for c in self.columns if any(isinstance(r.get(c), Stat)
                                                for r in self.rows)}
        for col in self.columns:
            header += [col, f"{col} low", f"{col} high", f"{col} n"] if col in stats else [col]
        writer.writerow(header)
        for row in self.rows:
            line = [text(row.get(label)) for label in self.labels]
            for col in self.columns:
                cell = row.get(col)
                if col not in stats:
                    line.append(text(cell))
                elif isinstance(cell, Stat):
                    lo, hi = cell.interval()
                    line += [text(cell.value), text(lo), text(hi), str(cell.n)]
                else:
                    line += [text(cell), "", "", ""]
            writer.writerow(line)
        return out.getvalue()

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "section": self.section,
                "note": self.note, "labels": self.labels, "columns": self.columns,
                "rows": [{k: cell_json(v) for k, v in r.items()} for r in self.rows]}

    def stat_columns(self) -> list[str]:
        return [c for c in self.columns
                if any(isinstance(r.get(c), Stat) for r in self.rows)]

    def plotted_column(self) -> str:
        """The column its plot draws."""
        if self.plotted is not None:
            return self.plotted
        stats = self.stat_columns()
        return stats[0] if stats else self.columns[0]


@dataclass(frozen=True)
class Flag:
    """A figure that crosses a line a designer cares about, said in plain words."""

    key: str
    text: str


@dataclass
class Figures:
    """What one run's games come to: its tables and its flags."""

    tables: list[Table] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)

    def add(self, table: Table) -> Table:
        self.tables.append(table)
        return table

    def flag(self, key: str, text_: str) -> None:
        self.flags.append(Flag(key, text_))

    def to_json(self) -> dict[str, Any]:
        return {"tables": [t.to_json() for t in self.tables],
                "flags": [{"key": f.key, "text": f.text} for f in self.flags]}


def number(x: float) -> float | int:
    """A number rounded to six significant digits (ints stay ints)."""
    if isinstance(x, int):
        return x
    rounded = float(f"{round(x, 12):.6g}")
    return int(rounded) if rounded.is_integer() and abs(rounded) < 1e15 else rounded


def text(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, Stat):
        return text(cell.value)
    if isinstance(cell, bool):
        return str(cell).lower()
    if isinstance(cell, int | float):
        return str(number(cell))
    return str(cell)


def cell_json(cell: Cell) -> Any:
    if isinstance(cell, Stat):
        lo, hi = cell.interval()
        return {"value": number(cell.value), "low": number(lo), "high": number(hi),
                "n": cell.n}
    if isinstance(cell, float):
        return number(cell)
    return cell


def key_of(table: Table, row: Row) -> tuple[str, ...]:
    return tuple(text(row.get(label)) for label in table.labels)


def union(a: Table, b: Table) -> list[tuple[Row, Row]]:
    """The rows of two runs' versions of a table, lined up by their labels: every row of
    A (in A's order), then those only B has; ``{}`` where a run has no such row."""
    rows_a = {key_of(a, r): r for r in a.rows}
    rows_b = {key_of(b, r): r for r in b.rows}
    keys = list(rows_a) + [k for k in rows_b if k not in rows_a]
    return [(rows_a.get(k, {}), rows_b.get(k, {})) for k in keys]


def compare(a: Table, b: Table, names: Sequence[str] = ("A", "B")) -> Table:
    """Two runs' versions of one table side by side, on the union of their rows: for each
    value column, A, B and B − A; a statistic's difference gets its 95% interval (the runs
    taken as independent samples, which is cautious: the same seeds make them alike).
    Distributions are first put on shared bins (:func:`rebin`)."""
    first, second = names
    if a.plot == "hist":
        a, b = rebin([a, b])
    stats = set(a.stat_columns()) | set(b.stat_columns())
    columns: list[str] = []
    for col in a.columns:
        columns += [f"{col} {first}", f"{col} {second}", f"{col} {second}−{first}"]
        if col in stats:
            columns += [f"{col} {second}−{first} low", f"{col} {second}−{first} high"]
    out: list[Row] = []
    for ra, rb in union(a, b):
        row: Row = {label: (ra or rb).get(label) for label in a.labels}
        for col in a.columns:
            va, vb = ra.get(col), rb.get(col)
            row[f"{col} {first}"], row[f"{col} {second}"] = value(va), value(vb)
            diff = difference(va, vb)
            row[f"{col} {second}−{first}"] = diff[0] if diff else None
            if col in stats:
                row[f"{col} {second}−{first} low"] = diff[1] if diff and len(diff) > 1 else None
                row[f"{col} {second}−{first} high"] = diff[2] if diff and len(diff) > 1 else None
        out.append(row)
    return Table(a.key, a.title, list(a.labels), columns, out, a.note, None, a.reference,
                 a.section)


MAX_BINS = 30
"""A distribution with more distinct values than this is shown in bins."""


def bins(values: Sequence[float]) -> tuple[float, Callable[[float], float]]:
    """A bin width (0 for none, else 1, 2, 5, 10, 20, ...) that keeps at most
    ``MAX_BINS`` bins, and the function from a value to its bin's lower edge.

    >>> bins([1, 2, 3])[0], bins(list(range(0, 100)))[0]
    (0.0, 5.0)
    """
    if len(set(values)) <= MAX_BINS:
        return 0.0, lambda v: v
    lo, hi = min(values), max(values)
    width = 1.0
    steps = iter(m * 10 ** e for e in range(0, 9) for m in (1, 2, 5))
    while (hi - lo) / width >= MAX_BINS:
        width = float(next(steps))
    return width, lambda v: math.floor(v / width) * width


def rebin(tables: Sequence[Table]) -> list[Table]:
    """Distributions (one row per value, count columns) on bins shared by all of them,
    each with every bin any of them has (0 where it has none): so that two runs' counts
    line up bin for bin whatever their ranges."""
    label = tables[0].labels[0]
    values = distributed(tables)
    width, edge = bins(values)
    keys = sorted({edge(v) for v in values})
    head = f"{label} (bins of {width:g})" if width else label
    out = []
    for t in tables:
        counts: dict[str, Counter[float]] = {c: Counter() for c in t.columns}
        for r in t.rows:
            x = r.get(label)
            if isinstance(x, int | float):
                for c in t.columns:
                    counts[c][edge(float(x))] += int(value(r.get(c)) or 0)  # type: ignore[arg-type]
        rows: list[Row] = [{head: _whole(k), **{c: counts[c][k] for c in t.columns}}
                           for k in keys]
        out.append(Table(t.key, t.title, [head], list(t.columns), rows, t.note, t.plot,
                         t.reference, t.section, t.plotted))
    return out


def distributed(tables: Sequence[Table]) -> list[float]:
    """Every value the distributions count (their first label)."""
    label = tables[0].labels[0]
    return [float(v) for t in tables for r in t.rows
            if isinstance(v := r.get(label), int | float)]


def _whole(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def value(cell: Cell) -> Cell:
    return cell.value if isinstance(cell, Stat) else cell


def difference(a: Cell, b: Cell) -> tuple[float, ...] | None:
    """B − A, with an interval when both are statistics of the same kind."""
    if isinstance(a, Share) and isinstance(b, Share):
        return b.minus(a)
    if isinstance(a, Mean) and isinstance(b, Mean):
        return b.minus(a)
    va, vb = value(a), value(b)
    if isinstance(va, int | float) and isinstance(vb, int | float) \
            and not isinstance(va, bool) and not isinstance(vb, bool):
        return (vb - va,)
    return None


def dumps(data: Mapping[str, Any]) -> str:
    """JSON with sorted keys and no spaces to vary: the same figures, the same bytes."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
