"""Statistics of simulated games: win shares with Wilson intervals, ties, score moments.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import Result

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    """What N games came to. A tied win is shared: each tied winner gets 1/k of it."""

    games: int
    players: int
    bots: list[str]
    wins: list[float]
    ties: int
    score_sum: list[float]
    score_sq: list[float]
    extra: dict[str, Any] = field(default_factory=dict)

    def win_rate(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    def sd_score(self) -> list[float]:
        out = []
        for s, sq in zip(self.score_sum, self.score_sq, strict=True):
            mean = s / self.games if self.games else 0.0
            var = sq / self.games - mean * mean if self.games else 0.0
            out.append(math.sqrt(max(var, 0.0) * self.games / max(self.games - 1, 1)))
        return out

    def by_bot(self) -> dict[str, dict[str, Any]]:
        """Win share per bot name, over all the seats it played."""
        out: dict[str, dict[str, Any]] = {}
        for seat, name in enumerate(self.bots):
            entry = out.setdefault(name, {"seats": [], "wins": 0.0, "games": 0})
            entry["seats"].append(seat)
            entry["wins"] += self.wins[seat]
            entry["games"] += self.games
        for entry in out.values():
            entry["win_rate"] = entry["wins"] / entry["games"] if entry["games"] else 0.0
            entry["ci95"] = list(wilson(entry["wins"], entry["games"]))
        return out

    def to_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "players": self.players,
            "bots": self.bots,
            "win_rate": self.win_rate(),
            "win_ci95": [list(wilson(w, n)) for w in self.wins],
            "tie_rate": self.ties / n if n else 0.0,
            "mean_score": [s / n if n else 0.0 for s in self.score_sum],
            "sd_score": self.sd_score(),
            "by_bot": self.by_bot(),
            **self.extra,
        }


def summarize(results: Iterable[Result], players: int, bots: Sequence[str]) -> Summary:
    """Fold results into a summary."""
    summary = Summary(0, players, list(bots), [0.0] * players, 0, [0.0] * players,
                      [0.0] * players)
    for result in results:
        add(summary, result)
    return summary


def add(summary: Summary, result: Result) -> None:
    """Count one more game."""
    summary.games += 1
    if len(result.winners) > 1:
        summary.ties += 1
    for seat in result.winners:
        summary.wins[seat] += 1.0 / len(result.winners)
    for seat, score in enumerate(result.scores):
        summary.score_sum[seat] += score
        summary.score_sq[seat] += score * score
