"""Bot-only games, many at a time, reproducible from one seed: the lab's plan and games
(:mod:`parlour.lab.run`), handed out as records and results rather than analysed.

>>> plan = Plan("love-me-not", 2, ("greedy", "random"), games=3, seed=4, rotate=False)
>>> [record.seed for record, _ in simulate(plan, jobs=1)]
[4, 5, 6]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from parlour.engine import Record, Result

from .plan import Plan
from .run import chunks, played

Played = tuple[Record, Result]


def play_one(plan: Plan, index: int) -> Played:
    """Play game number ``index`` of the plan to the end."""
    return played(plan, index)


def _share(plan: Plan, start: int, stop: int) -> list[Played]:
    return [played(plan, i) for i in range(start, stop)]


def simulate(plan: Plan, jobs: int | None = None,
             progress: Callable[[int], None] | None = None) -> Iterator[Played]:
    """Play the plan's games (in ``jobs`` processes) and yield each record and result in
    game order."""
    jobs = jobs or min(os.cpu_count() or 1, 8)
    bounds = chunks(plan.games, jobs)
    if jobs == 1 or len(bounds) == 1:
        for start, stop in bounds:
            share = _share(plan, start, stop)
            if progress:
                progress(len(share))
            yield from share
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for share in pool.map(_share, [plan] * len(bounds), *zip(*bounds, strict=True)):
            if progress:
                progress(len(share))
            yield from share
