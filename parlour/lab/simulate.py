"""Bot-only games, many at a time, reproducible from one seed."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from parlour.bots import make_agent
from parlour.engine import Match, Record, Result, play
from parlour.games import get_game


@dataclass(frozen=True)
class SimulationSpec:
    """Which game, how many seats, which bot in each seat, what options, from which seed."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


def play_one(spec: SimulationSpec, index: int) -> tuple[Record, Result]:
    """Play game number ``index`` of a simulation to the end."""
    game = get_game(spec.game)
    seed = spec.seed + index
    match = Match.new(game, spec.players, spec.options, seed)
    agents = [make_agent(match.game, name, seat, seed * 1009 + seat)
              for seat, name in enumerate(spec.bots)]
    return match.record, play(match, agents)


def _chunk(spec: SimulationSpec, start: int, stop: int) -> list[tuple[Record, Result]]:
    return [play_one(spec, i) for i in range(start, stop)]


def simulate(spec: SimulationSpec, n: int, jobs: int | None = None,
             progress: Callable[[int], None] | None = None) -> Iterator[tuple[Record, Result]]:
    """Play ``n`` games (in ``jobs`` processes) and yield each record and result in order."""
    jobs = jobs or min(os.cpu_count() or 1, 8)
    size = max(1, min(500, n // (jobs * 8) or 1))
    bounds = [(i, min(i + size, n)) for i in range(0, n, size)]
    if jobs == 1 or len(bounds) == 1:
        for start, stop in bounds:
            chunk = _chunk(spec, start, stop)
            if progress:
                progress(len(chunk))
            yield from chunk
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk in pool.map(_chunk, [spec] * len(bounds), *zip(*bounds, strict=True)):
            if progress:
                progress(len(chunk))
            yield from chunk
