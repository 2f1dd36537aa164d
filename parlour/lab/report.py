"""The lab's report: one self-contained HTML page (plots drawn with matplotlib and embedded
as SVG), every table also as a CSV file, and ``figures.json`` with every number.

With a second run (``--vs-options``) every table is shown side by side, A, B and B − A
with the 95% interval of the difference, and each plot draws both runs.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .figures import Cell, Figures, Stat, Table, compare, difference, dumps, rebin, text, union
from .plots import plot
from .stats import Share


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
    for run in runs:
        folder = csv_dir / run.name if len(runs) > 1 else csv_dir
        folder.mkdir(exist_ok=True)
        for table in run.figures.tables:
            (folder / f"{table.key}.csv").write_text(table.csv(), encoding="utf-8")
    if len(runs) > 1:
        for table, other in paired(runs):
            if other is not None:
                both = compare(table, other, [r.name for r in runs])
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
    for table, other in paired(runs):
        sections.setdefault(table.section, []).append(_table_block(table, other, runs))
    for name, blocks in sections.items():
        parts.append(f"<h2>{esc(name)}</h2>")
        parts += blocks
    return "\n".join(parts) + "\n</html>\n"


def paired(runs: Sequence[Run]) -> list[tuple[Table, Table | None]]:
    """Every table of the first run with the second run's version of it (if any), then
    the tables only the second run has."""
    first = {t.key: t for t in runs[0].figures.tables}
    if len(runs) == 1:
        return [(t, None) for t in first.values()]
    second = {t.key: t for t in runs[1].figures.tables}
    out: list[tuple[Table, Table | None]] = [(t, second.get(k)) for k, t in first.items()]
    return out + [(t, t) for k, t in second.items() if k not in first]


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
    names = [r.name for r in runs]
    if other is table:  # only the second run has it
        table, other = _empty(table), table
    shown = [table] + ([other] if other else [])
    if table.plot == "hist":
        shown = rebin(shown)  # the page shows bins, shared by both runs
    if not any(t.rows for t in shown):
        body = "<p class=note>None in this run.</p>"
    elif len(shown) > 1:
        body = _html_pair(shown[0], shown[1], names)
    else:
        body = _html_table(shown[0])
    image = plot(table, other, names) if table.plot else ""
    return (f"<section id={esc(table.key)}><h3>{esc(table.title)}</h3>"
            f"<p class=note>{esc(table.note)}</p><div class=fig>{image}"
            f"<div class=scroll>{body}</div></div><p class=note><a href={esc(link)}>"
            f"{esc(link)}</a></p></section>")


def _empty(table: Table) -> Table:
    return Table(table.key, table.title, table.labels, table.columns, [], table.note,
                 table.plot, table.reference, table.section, table.plotted)


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
    rows = []
    for mine, other in union(a, b):
        row = mine or other
        cells = "".join(f"<td class=l>{esc(text(row.get(c)))}</td>" for c in a.labels)
        for c in a.columns:
            cells += (f"<td>{esc(fmt(mine.get(c)))}</td><td>{esc(fmt(other.get(c)))}</td>"
                      f"<td>{esc(_diff(mine.get(c), other.get(c)))}</td>")
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
