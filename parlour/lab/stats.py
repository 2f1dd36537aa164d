"""Statistics of simulated games: shares with Wilson intervals, means with normal
intervals, medians with order-statistic intervals, and the difference of two of each.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> share = Share(30, 100)
>>> [round(x, 3) for x in share.minus(Share(50, 100))]
[-0.2, -0.326, -0.064]
>>> Mean.of([1, 2, 3, 4]).value
2.5
>>> median_interval([5, 1, 4, 2, 3])
(3.0, 1.0, 5.0)
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


def newcombe(a: tuple[float, int], b: tuple[float, int]) -> tuple[float, float]:
    """The 95% interval of the difference p_a - p_b of two independent proportions
    (Newcombe's hybrid score interval, from the two Wilson intervals)."""
    pa, pb = a[0] / a[1] if a[1] else 0.0, b[0] / b[1] if b[1] else 0.0
    la, ua = wilson(*a)
    lb, ub = wilson(*b)
    d = pa - pb
    return (d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2),
            d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2))


@dataclass(frozen=True)
class Share:
    """A proportion: ``hits`` out of ``n`` (a shared win counts as a fraction of one)."""

    hits: float
    n: int

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.n)

    def minus(self, other: Share) -> tuple[float, float, float]:
        """This share less ``other``, with the 95% interval of the difference."""
        lo, hi = newcombe((self.hits, self.n), (other.hits, other.n))
        return self.value - other.value, lo, hi


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` numbers, kept as their sum and sum of squares."""

    n: int
    total: float
    squares: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Mean:
        n, total, squares = 0, 0.0, 0.0
        for v in values:
            n, total, squares = n + 1, total + v, squares + v * v
        return cls(n, total, squares)

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else 0.0

    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    def error(self) -> float:
        """The standard error of the mean."""
        return math.sqrt(self.variance() / self.n) if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% interval (normal approximation, fine for the hundreds of games the lab
        plays)."""
        half = Z95 * self.error()
        return self.value - half, self.value + half

    def minus(self, other: Mean) -> tuple[float, float, float]:
        """This mean less ``other``, with the 95% interval of the difference (Welch)."""
        d = self.value - other.value
        half = Z95 * math.sqrt(self.error() ** 2 + other.error() ** 2)
        return d, d - half, d + half


@dataclass(frozen=True)
class Median:
    """The median of ``n`` numbers, with a 95% interval from order statistics."""

    n: int
    value: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Median:
        return cls(len(values), *median_interval(values))

    def interval(self) -> tuple[float, float]:
        return self.low, self.high


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The median and a 95% interval for it from order statistics (no assumption on the
    distribution)."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mid = n // 2
    median = float(ordered[mid]) if n % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    half = Z95 * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)
    hi = min(n - 1, math.ceil(n / 2 + half))
    return median, float(ordered[lo]), float(ordered[hi])


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
