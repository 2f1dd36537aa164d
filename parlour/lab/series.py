"""Runs in a series: a sweep over one option or one field of the content (a card's cost,
a slot's years), or a skill ladder (the same games with a stronger bot in every seat);
their key figures side by side, and the options each value of a sweep plays.

>>> sweep = Sweep.parse("cards.work_slots.4.years=0,1,2")
>>> sweep.path, sweep.values
(('cards', 'work_slots', '4', 'years'), (0, 1, 2))
>>> Sweep.parse("matches=1,3").apply({"matches": 3}, 1, None)
{'matches': 1}
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine import ParlourError

from .figures import Cell, Figures, Row, Table
from .stats import Share

Content = Callable[[Mapping[str, Any]], dict[str, Any] | None]
"""The content document the options play (``GameLab.content``)."""
KEY_TABLES = ("summary", "win-rate-by-seat", "lead", "time-economy", "goals")
"""The tables whose figures a series shows side by side (those a run has)."""


class SweepError(ParlourError):
    """A sweep that names no option or field of the content, or gives no values."""


@dataclass(frozen=True)
class Sweep:
    """``PATH=V1,V2,...``: the option (or, through it, the field of the content) at PATH
    takes each value in turn. A step of a path is a key, a list index, or the ``id`` of an
    entry of a list (``cards.cards.O21.switching_year``)."""

    path: tuple[str, ...]
    values: tuple[Any, ...]

    @classmethod
    def parse(cls, text: str) -> Sweep:
        path, sep, values = text.partition("=")
        steps = tuple(s for s in path.strip().split(".") if s)
        if not sep or not steps or not values.strip():
            raise SweepError("--sweep takes PATH=V1,V2,... (e.g. matches=1,3 or "
                             "cards.work_slots.4.years=0,1,2)")
        return cls(steps, tuple(_value(v.strip()) for v in values.split(",")))

    @property
    def name(self) -> str:
        return ".".join(self.path)

    def apply(self, options: Mapping[str, Any], value: Any,
              content: Content | None) -> dict[str, Any]:
        """The options with the value at the path (the content copied, never changed)."""
        out = copy.deepcopy(dict(options))
        head, *rest = self.path
        if not rest:
            out[head] = value
            return out
        if head not in out:
            base = content(options) if content is not None else None
            if base is None:
                raise SweepError(f"--sweep: no option {head!r} to change")
            out = {k: v for k, v in out.items() if k != "card_set"}
            out[head] = copy.deepcopy(base)
        _set(out[head], rest, value, head)
        return out


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _set(node: Any, steps: Sequence[str], value: Any, where: str) -> None:
    step, rest = steps[0], steps[1:]
    here = f"{where}.{step}"
    if isinstance(node, dict):
        if step not in node and rest:
            raise SweepError(f"--sweep: {here} is not there")
        if rest:
            _set(node[step], rest, value, here)
        else:
            node[step] = value
        return
    if isinstance(node, list):
        index = _index(node, step, here)
        if rest:
            _set(node[index], rest, value, here)
        else:
            node[index] = value
        return
    raise SweepError(f"--sweep: {where} has no fields")


def _index(items: list[Any], step: str, where: str) -> int:
    if step.isdigit() and int(step) < len(items):
        return int(step)
    for i, item in enumerate(items):
        if isinstance(item, dict) and item.get("id") == step:
            return i
    raise SweepError(f"--sweep: {where} is not there (a list takes an index or an id)")


def key_figures(figures: Figures) -> dict[str, Cell]:
    """A run's key figures by name: its summary, best seat, lead and the game's own."""
    out: dict[str, Cell] = {}
    tables = {t.key: t for t in figures.tables}
    for key in KEY_TABLES:
        table = tables.get(key)
        if table is None:
            continue
        if key == "win-rate-by-seat":
            best = max((r["win rate"] for r in table.rows if isinstance(r["win rate"], Share)),
                       key=lambda s: s.value, default=None)
            out["best seat's win rate"] = best
            continue
        label = table.labels[0]
        for row in table.rows:
            if row[label] != "games":
                out[str(row[label])] = row.get("value")
    return out


def series_table(name: str, labels: Sequence[str], runs: Sequence[Figures]) -> Table:
    """One row per key figure, one column per value of the series."""
    figures = [key_figures(f) for f in runs]
    names = list(dict.fromkeys(k for f in figures for k in f))
    rows: list[Row] = [{"figure": n, **{label: f.get(n) for label, f in
                                        zip(labels, figures, strict=True)}} for n in names]
    return Table("series", f"Key figures by {name}", ["figure"], list(labels), rows,
                 f"The same games at each value of {name}, with 95% intervals.",
                 section=f"By {name}")
