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

from .diff import Difference
from .figures import Cell, Figures, Stat, Table, compare, difference, dumps, rebin, text, union
from .plots import plot, series_plot
from .series import series_table
from .stats import Share


@dataclass(frozen=True)
class Run:
    """One run's figures, and what it was: its options and a name for them."""

    name: str
    options: Mapping[str, Any]
    figures: Figures
    notes: tuple[str, ...] = ()
    series: str | None = None
    """Its value in a series (a sweep's value, a ladder's bot), or None for a main run."""


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
        {"name": r.name, "options": describe_options(r.options), **r.figures.to_json(),
         **({"series": r.series} if r.series is not None else {})} for r in runs]})


def write(out: Path, title: str, command: str, plan: Mapping[str, Any], runs: Sequence[Run],
          notes: Sequence[str] = (), changes: Sequence[Difference] = ()) -> Path:
    """Write the report into ``out`` (created if needed); the HTML page's path.
    ``changes``: what differs between the content of the two runs compared."""
    csv_dir = out / "csv"
    csv_dir.mkdir(parents=True, exist_ok=True)
    (out / "figures.json").write_text(figures_json(plan, runs), encoding="utf-8")
    runs, series = main_runs(runs), series_runs(runs)
    for k, run in enumerate(series):
        folder = csv_dir / "series" / f"{k + 1}-{_safe(run.series or '')}"
        folder.mkdir(parents=True, exist_ok=True)
        for table in run.figures.tables:
            (folder / f"{table.key}.csv").write_text(table.csv(), encoding="utf-8")
    if series:
        (csv_dir / "series.csv").write_text(_series_table(plan, series).csv(), encoding="utf-8")
    if changes:
        (csv_dir / "content-diff.csv").write_text(changes_table(changes).csv(),
                                                  encoding="utf-8")
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
    page.write_text(render(title, command, plan, [*runs, *series], notes, changes),
                    encoding="utf-8")
    return page


def main_runs(runs: Sequence[Run]) -> list[Run]:
    return [r for r in runs if r.series is None]


def series_runs(runs: Sequence[Run]) -> list[Run]:
    return [r for r in runs if r.series is not None]


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:40]


def _series_table(plan: Mapping[str, Any], series: Sequence[Run]) -> Table:
    """The series' key figures, named by what the series varies (the plan's ``by``)."""
    return series_table(str(plan.get("by", "")), [r.series or "" for r in series],
                        [r.figures for r in series])


def changes_table(changes: Sequence[Difference]) -> Table:
    return Table("content-diff", "Every field that differs", ["field"], ["A", "B"],
                 [{"field": path, "A": _shown(a), "B": _shown(b)} for path, a, b in changes],
                 "Every field of the content (or option) whose value differs between the "
                 "two runs; a card is found by its id.", section="What B changes")


def _shown(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False)


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
height:auto}.scroll{max-height:420px;overflow:auto}.wide svg{max-width:100%;height:auto}
"""


def esc(value: Any) -> str:
    return html.escape(str(value))


def render(title: str, command: str, plan: Mapping[str, Any], runs: Sequence[Run],
           notes: Sequence[str], changes: Sequence[Difference] = ()) -> str:
    runs, series = main_runs(runs), series_runs(runs)
    parts = [f"<!doctype html><html lang=en><meta charset=utf-8><title>{esc(title)}</title>",
             f"<style>{STYLE}</style><h1>{esc(title)}</h1>",
             f"<p>Made by <code>{esc(command)}</code>. Every figure below is also a CSV file "
             "(linked under it); <a href=figures.json>figures.json</a> has every number.</p>",
             _plan(plan, runs), *(f"<p class=note>{esc(n)}</p>" for n in notes),
             *(f"<p class=note>{esc(run.name + ': ' if len(runs) > 1 else '')}{esc(n)}</p>"
               for run in runs for n in run.notes),
             _flags(runs)]
    if changes:
        parts.append(f"<h2>What B changes</h2>{_table_block(changes_table(changes), None, runs)}")
    if series:
        parts.append(_series(plan, series))
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


def _series(plan: Mapping[str, Any], series: Sequence[Run]) -> str:
    """The series' section: its key figures side by side, their plots, each run's flags."""
    table = _series_table(plan, series)
    flags = "".join(
        f"<h3>{esc(table.columns[k])}</h3>" + (
            "<ul class=flags>" + "".join(f"<li>{esc(f.text)}</li>" for f in run.figures.flags)
            + "</ul>" if run.figures.flags else "<p class=ok>Nothing crosses a line.</p>")
        for k, run in enumerate(series))
    return (f"<h2>{esc(table.section)}</h2><p class=note>{esc(table.note)} Each run's tables "
            f"are in <code>csv/series/</code>; <a href=csv/series.csv>csv/series.csv</a> has "
            f"these.</p><div class=wide>{series_plot(table)}</div>"
            f"<div class=scroll>{_html_table(table)}</div><h3>What crosses a line, by "
            f"{esc(table.section[3:])}</h3>{flags}")


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
