"""A study: one plan, or the same plan under two sets of options, played and made into
figures (see ``parlour lab --help`` and ``docs/lab.md``).

>>> study = Study(Plan("love-me-not", 2, ("greedy",) * 2, games=6, seed=1), {"matches": 1})
>>> [name for name, _ in study.plans()]
['A', 'B']
>>> runs = conduct(study, workers=1)
>>> [t.key for t in runs[1].figures.tables][:2]
['summary', 'win-rate-by-seat']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .balance import figures_for
from .plan import Plan
from .report import Run
from .run import Progress, Row, run_local, thinking

ProgressFor = Callable[[str, int], Progress]
"""Given a run's name and its number of games, what to call as games finish."""


@dataclass(frozen=True)
class Study:
    """A plan, and optionally the options of a second run on the same seeds (``vs``)."""

    plan: Plan
    vs: Mapping[str, Any] | None = None

    def plans(self) -> list[tuple[str, Plan]]:
        if self.vs is None:
            return [("A", self.plan)]
        return [("A", self.plan), ("B", replace(self.plan, options=dict(self.vs)))]

    def describe(self) -> dict[str, Any]:
        """The plan as the report and ``figures.json`` show it (options go with each run)."""
        plan = self.plan
        out: dict[str, Any] = {"game": plan.game, "players": plan.players,
                               "bots": list(plan.bots), "games": plan.games,
                               "seeds": f"{plan.seed}–{plan.seed + plan.games - 1}"}
        if plan.skills:
            out["guessing skills"] = list(plan.skills)
        return out


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
    runs = []
    for name, plan in study.plans():
        tick = progress(name, plan.games) if progress else None
        rows = rows_of(plan, workers, ray, tick)
        runs.append(Run(name, dict(plan.options), figures_for(rows, plan), (thinking(rows),)))
    return runs
