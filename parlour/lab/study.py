"""A study: one plan, or the same plan under two sets of options, played and made into
figures (see ``parlour lab --help`` and ``docs/lab.md``); and optionally a series of runs
of the same games beside it: a sweep over an option or a field of the content, or a skill
ladder (another bot in every seat).

>>> study = Study(Plan("love-me-not", 2, ("greedy",) * 2, games=6, seed=1), {"matches": 1})
>>> [name for name, _ in study.plans()]
['A', 'B']
>>> runs = conduct(study, workers=1)
>>> [t.key for t in runs[1].figures.tables][:2]
['summary', 'win-rate-by-seat']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .balance import figures_for
from .diff import Difference, differences
from .flags import Lines
from .games import lab_for
from .plan import Plan
from .report import Run
from .run import Progress, Row, run_local, thinking
from .series import Sweep

ProgressFor = Callable[[str, int], Progress]
"""Given a run's name and its number of games, what to call as games finish."""


@dataclass(frozen=True)
class Study:
    """A plan, and optionally the options of a second run on the same seeds (``vs``), a
    skill ladder (``ladder``: bots, each in every seat in turn) or a ``sweep``."""

    plan: Plan
    vs: Mapping[str, Any] | None = None
    ladder: tuple[str, ...] = ()
    sweep: Sweep | None = None

    def plans(self) -> list[tuple[str, Plan]]:
        if self.vs is None:
            return [("A", self.plan)]
        return [("A", self.plan), ("B", replace(self.plan, options=dict(self.vs)))]

    def series(self) -> list[tuple[str, Plan]]:
        """The runs of the ladder or the sweep, each with its label."""
        plan = self.plan
        if self.ladder:
            return [(bot, replace(plan, bots=(bot,) * plan.players)) for bot in self.ladder]
        if self.sweep is None:
            return []
        content = lab_for(plan.game).content
        return [(json.dumps(v), replace(plan, options=self.sweep.apply(plan.options, v, content)))
                for v in self.sweep.values]

    def changes(self) -> list[Difference]:
        """What B changes: the fields of the content (or the options) that differ."""
        if self.vs is None:
            return []
        content = lab_for(self.plan.game).content
        a, b = content(self.plan.options), content(self.vs)
        if a is not None and b is not None:
            return differences(a, b)
        return differences(dict(self.plan.options), dict(self.vs))

    def series_name(self) -> str:
        if self.ladder:
            return "bot"
        return self.sweep.name if self.sweep else ""

    def describe(self) -> dict[str, Any]:
        """The plan as the report and ``figures.json`` show it (options go with each run)."""
        plan = self.plan
        out: dict[str, Any] = {"game": plan.game, "players": plan.players,
                               "bots": list(plan.bots), "games": plan.games,
                               "seeds": f"{plan.seed}–{plan.seed + plan.games - 1}"}
        if plan.skills:
            out["guessing skills"] = list(plan.skills)
        out["headline figures from"] = headline(plan)
        if self.ladder:
            out["skill ladder"] = list(self.ladder)
        if self.sweep:
            out["sweep"] = f"{self.sweep.name} = {', '.join(map(json.dumps, self.sweep.values))}"
        if self.ladder or self.sweep:
            out["by"] = self.series_name()
        if plan.lines != Lines():
            out["lines"] = plan.lines.to_json()
        return out


def headline(plan: Plan) -> str:
    """Which bots the report's main figures come from, in words."""
    names = list(dict.fromkeys(plan.bots))
    if len(names) == 1:
        return f"{names[0]} in every seat"
    return f"{', '.join(names)}, rotated round the seats"


def rows_of(plan: Plan, workers: int, ray: str | None = None,
            progress: Progress | None = None) -> list[Row]:
    """Play every game of the plan: on local processes, or on Ray at ``ray``."""
    if ray is not None:
        from .cluster import run_ray

        return run_ray(plan, ray, workers if ray == "local" else None, progress)
    return run_local(plan, workers, progress)


def conduct(study: Study, workers: int, ray: str | None = None,
            progress: ProgressFor | None = None) -> list[Run]:
    """Play the study's runs one after the other and make each one's figures."""
    runs: list[Run] = []
    series = [(name, plan, None) for name, plan in study.plans()] + \
        [(label, plan, label) for label, plan in study.series()]
    played: list[tuple[Plan, Run]] = []
    for name, plan, label in series:
        same = next((run for done, run in played if done == plan), None)
        if same is not None:  # a ladder's rung that is the main run: the same games
            runs.append(replace(same, name=name, series=label))
            continue
        tick = progress(name, plan.games) if progress else None
        rows = rows_of(plan, workers, ray, tick)
        runs.append(Run(name, dict(plan.options), figures_for(rows, plan), (thinking(rows),),
                        label))
        played.append((plan, runs[-1]))
    return runs
