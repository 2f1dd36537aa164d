"""The lab's report: one self-contained HTML page (plots drawn with matplotlib and embedded
as SVG), every table also as a CSV file, and ``figures.json`` with every number.

With a second run (``--vs-options``) every table is shown side by side, A, B and B − A
with the 95% interval of the difference, and each plot draws both runs.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .figures import Cell, Figures, Stat, Table, compare, difference, dumps, key_of, text
from .stats import Share

NAMES = ("A", "B")


@dataclass(frozen=True)
class Run:
    """One run's figures, and what it was: its options and a name for them."""

    name: str
    options: Mapping[str, Any]
    figures: Figures
    notes: tuple[str, ...] = ()


def describe_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as a report shows them: content too long to read (a card set, a deck) is
    named by its ``name`` (if it has one), its size and a checksum of its JSON.

    >>> describe_options({"matches": 1, "deck": ["x"] * 300})["deck"]["entries"]
    300
    """
    out: dict[str, Any] = {}
    for key, value in options.items():
        raw = json.dumps(value, sort_keys=True, separators=(",", ":"))
        if len(raw) <= 120:
            out[key] = value
            continue
        entry: dict[str, Any] = {"sha256": hashlib.sha256(raw.encode()).hexdigest()[:16]}
        if isinstance(value, dict) and isinstance(value.get("name"), str):
            entry["name"] = value["name"]
        if isinstance(value, list | dict):
            entry["entries"] = len(value)
        out[key] = entry
    return out


def figures_json(plan: Mapping[str, Any], runs: Sequence[Run]) -> str:
    """Every number of the report, byte for byte the same for the same plan."""
    return dumps({"plan": plan, "runs": [
        {"name": r.name, "options": describe_options(r.options), **r.figures.to_json()}
        for r in runs]})


def write(out: Path, title: str, command: str, plan: Mapping[str, Any], runs: Sequence[Run],
          notes: Sequence[str] = ()) -> Path:
    """Write the report into ``out`` (created if needed); the HTML page's path."""
    csv_dir = out / "csv"
    csv_dir.mkdir(parents=True, exist_ok=True)
    (out / "figures.json").write_text(figures_json(plan, runs), encoding="utf-8")
    first = runs[0].figures.tables
    others = {t.key: t for t in runs[1].figures.tables} if len(runs) > 1 else {}
    for run in runs:
        folder = csv_dir / run.name if len(runs) > 1 else csv_dir
        folder.mkdir(exist_ok=True)
        for table in run.figures.tables:
            (folder / f"{table.key}.csv").write_text(table.csv(), encoding="utf-8")
    if len(runs) > 1:
        for table in first:
            if table.key in others:
                both = compare(table, others[table.key], [r.name for r in runs])
                (csv_dir / f"{table.key}.csv").write_text(both.csv(), encoding="utf-8")
    page = out / "index.html"
    page.write_text(render(title, command, plan, runs, notes), encoding="utf-8")
    return page


# -- the page ---------------------------------------------------------------------------------
STYLE = """
body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;
color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{margin-bottom:.2em}
table{border-collapse:collapse;margin:.5em 0;font-size:.9em}
td,th{border:1px solid #ddd;padding:.2em .5em;text-align:right}
th{background:#f4f4f4}td.l,th.l{text-align:left}
.note{color:#555;margin:.2em 0}.flags li{margin:.3em 0}.flags{background:#fff4e0;
padding:.5em 2em;border-left:4px solid #e39b00}.ok{background:#eef8ee;padding:.5em 1em;
border-left:4px solid #4a4}code{background:#f4f4f4;padding:0 .2em}
.fig{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}.fig svg{max-width:560px;
height:auto}.scroll{max-height:420px;overflow:auto}
"""


def esc(value: Any) -> str:
    return html.escape(str(value))


def render(title: str, command: str, plan: Mapping[str, Any], runs: Sequence[Run],
           notes: Sequence[str]) -> str:
    parts = [f"<!doctype html><html lang=en><meta charset=utf-8><title>{esc(title)}</title>",
             f"<style>{STYLE}</style><h1>{esc(title)}</h1>",
             f"<p>Made by <code>{esc(command)}</code>. Every figure below is also a CSV file "
             "(linked under it); <a href=figures.json>figures.json</a> has every number.</p>",
             _plan(plan, runs), *(f"<p class=note>{esc(n)}</p>" for n in notes),
             *(f"<p class=note>{esc(run.name + ': ' if len(runs) > 1 else '')}{esc(n)}</p>"
               for run in runs for n in run.notes),
             _flags(runs)]
    sections: dict[str, list[str]] = {}
    others = {t.key: t for t in runs[1].figures.tables} if len(runs) > 1 else {}
    for table in runs[0].figures.tables:
        other = others.get(table.key)
        sections.setdefault(table.section, []).append(_table_block(table, other, runs))
    for name, blocks in sections.items():
        parts.append(f"<h2>{esc(name)}</h2>")
        parts += blocks
    return "\n".join(parts) + "\n</html>\n"


def _plan(plan: Mapping[str, Any], runs: Sequence[Run]) -> str:
    rows = "".join(f"<tr><th class=l>{esc(k)}</th><td class=l>{esc(_show(v))}</td></tr>"
                   for k, v in plan.items())
    for run in runs:
        label = f"options {run.name}" if len(runs) > 1 else "options"
        rows += (f"<tr><th class=l>{esc(label)}</th><td class=l>"
                 f"{esc(_show(describe_options(run.options)) or '(defaults)')}</td></tr>")
    return f"<table>{rows}</table>"


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_show(v) for v in value)
    return str(value)


def _flags(runs: Sequence[Run]) -> str:
    out = []
    for run in runs:
        who = f" (run {run.name})" if len(runs) > 1 else ""
        if not run.figures.flags:
            out.append(f"<p class=ok>Nothing crosses a designer's line{who}.</p>")
            continue
        items = "".join(f"<li>{esc(f.text)} <a href=#{esc(f.key)}>→</a></li>"
                        for f in run.figures.flags)
        out.append(f"<h2>What crosses a designer's line{who}</h2><ul class=flags>{items}</ul>")
    return "\n".join(out)


def _table_block(table: Table, other: Table | None, runs: Sequence[Run]) -> str:
    link = f"csv/{table.key}.csv"
    body = _html_pair(table, other, [r.name for r in runs]) if other else _html_table(table)
    image = plot(table, other, [r.name for r in runs]) if table.plot else ""
    return (f"<section id={esc(table.key)}><h3>{esc(table.title)}</h3>"
            f"<p class=note>{esc(table.note)}</p><div class=fig>{image}"
            f"<div class=scroll>{body}</div></div><p class=note><a href={esc(link)}>"
            f"{esc(link)}</a></p></section>")


def fmt(cell: Cell) -> str:
    if isinstance(cell, Stat):
        lo, hi = cell.interval()
        if isinstance(cell, Share):
            return f"{cell.value:.3f} ({lo:.3f}–{hi:.3f})"
        return f"{_num(cell.value)} ({_num(lo)}–{_num(hi)})"
    if isinstance(cell, float):
        return _num(cell)
    return text(cell)


def _num(x: float) -> str:
    return f"{x:.3f}" if abs(x) < 10 else f"{x:.1f}"


def _html_table(table: Table) -> str:
    head = "".join(f"<th class=l>{esc(c)}</th>" for c in table.labels)
    head += "".join(f"<th>{esc(c)}</th>" for c in table.columns)
    rows = []
    for row in table.rows:
        cells = "".join(f"<td class=l>{esc(text(row.get(c)))}</td>" for c in table.labels)
        cells += "".join(f"<td>{esc(fmt(row.get(c)))}</td>" for c in table.columns)
        rows.append(f"<tr>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _html_pair(a: Table, b: Table, names: Sequence[str]) -> str:
    x, y = names
    head = "".join(f"<th class=l>{esc(c)}</th>" for c in a.labels)
    head += "".join(f"<th>{esc(c)} {x}</th><th>{esc(c)} {y}</th><th>{y} − {x}</th>"
                    for c in a.columns)
    rows_b = {key_of(b, r): r for r in b.rows}
    rows = []
    for row in a.rows:
        other = rows_b.get(key_of(a, row), {})
        cells = "".join(f"<td class=l>{esc(text(row.get(c)))}</td>" for c in a.labels)
        for c in a.columns:
            cells += (f"<td>{esc(fmt(row.get(c)))}</td><td>{esc(fmt(other.get(c)))}</td>"
                      f"<td>{esc(_diff(row.get(c), other.get(c)))}</td>")
        rows.append(f"<tr>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _diff(a: Cell, b: Cell) -> str:
    d = difference(a, b)
    if not d:
        return ""
    if len(d) == 1:
        return f"{_signed(d[0])}"
    return f"{_signed(d[0])} ({_signed(d[1])} to {_signed(d[2])})"


def _signed(x: float) -> str:
    return ("+" if x > 0 else "") + (f"{x:.3f}" if abs(x) < 10 else f"{x:.1f}")


# -- plots --------------------------------------------------------------------------------------
def plot(table: Table, other: Table | None = None, names: Sequence[str] = NAMES) -> str:
    """The table's plot as inline SVG (empty when the table has nothing to draw)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "parlour", "svg.fonttype": "none",
                         "font.size": 9})
    tables = [table] + ([other] if other else [])
    if not table.rows:
        return ""
    horizontal = table.plot == "bar" and len(table.rows) > 8
    height = max(2.6, 0.22 * len(table.rows) + 1) if horizontal else 3.0
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
        ax.set_title(table.title)
        if len(tables) > 1 or (table.plot == "hist" and len(table.columns) > 1):
            ax.legend(fontsize=8)
        fig.tight_layout()
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]


def _first_value(table: Table) -> str:
    stats = table.stat_columns()
    return stats[0] if stats else table.columns[0]


def _label(table: Table, row: Mapping[str, Cell]) -> str:
    return " · ".join(text(row.get(c)) for c in table.labels)


def _bars(ax: Any, tables: Sequence[Table], names: Sequence[str], horizontal: bool) -> None:
    column = _first_value(tables[0])
    labels = [_label(tables[0], r) for r in tables[0].rows]
    width = 0.8 / len(tables)
    for k, table in enumerate(tables):
        by_label = {_label(table, r): r.get(column) for r in table.rows}
        values: list[float] = []
        errors: list[list[float]] = [[], []]
        for label in labels:
            cell = by_label.get(label)
            v = _value(cell)
            values.append(v)
            lo, hi = cell.interval() if isinstance(cell, Stat) else (v, v)
            errors[0].append(max(0.0, v - lo))
            errors[1].append(max(0.0, hi - v))
        spots = [i + (k - (len(tables) - 1) / 2) * width for i in range(len(labels))]
        name = names[k] if len(tables) > 1 else None
        if horizontal:
            ax.barh(spots, values, height=width, xerr=errors, label=name, capsize=2)
        else:
            ax.bar(spots, values, width=width, yerr=errors, label=name, capsize=2)
    if horizontal:
        ax.set_yticks(range(len(labels)), labels)
        ax.invert_yaxis()
        ax.set_xlabel(column)
    else:
        ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0,
                      ha="right" if len(labels) > 4 else "center")
        ax.set_ylabel(column)


def _value(cell: Cell) -> float:
    if isinstance(cell, Stat):
        return float(cell.value)
    return float(cell) if isinstance(cell, int | float) else 0.0


def _hist(ax: Any, tables: Sequence[Table], names: Sequence[str]) -> None:
    label = tables[0].labels[0]
    for k, table in enumerate(tables):
        for column in table.columns:
            xs = [_value(r.get(label)) for r in table.rows]
            total = sum(_value(r.get(column)) for r in table.rows) or 1.0
            ys = [_value(r.get(column)) / total for r in table.rows]
            name = f"{column} ({names[k]})" if len(tables) > 1 else column
            ax.step(xs, ys, where="mid", label=name, linestyle="-" if k == 0 else "--")
    ax.set_xlabel(label)
    ax.set_ylabel("share of games")


def _line(ax: Any, tables: Sequence[Table], names: Sequence[str]) -> None:
    label = tables[0].labels[0]
    column = _first_value(tables[0])
    for k, table in enumerate(tables):
        xs = [_value(r.get(label)) for r in table.rows]
        cells = [r.get(column) for r in table.rows]
        ys = [_value(c) for c in cells]
        lows = [c.interval()[0] if isinstance(c, Stat) else _value(c) for c in cells]
        highs = [c.interval()[1] if isinstance(c, Stat) else _value(c) for c in cells]
        name = names[k] if len(tables) > 1 else None
        ax.plot(xs, ys, marker="o", label=name)
        ax.fill_between(xs, lows, highs, alpha=0.2)
    ax.set_xlabel(label)
    ax.set_ylabel(column)

