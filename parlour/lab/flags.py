"""The lines a designer cares about, set per run, and the flags raised where a figure
crosses one: strong and weak outliers among seats, bots, starting positions and cards,
and options rarely or never chosen. A flag says its sample size and its interval, and
none is raised where the sample cannot tell (the interval still holds the fair share).

A seat's line is set on the odds of winning, so that one ratio means as much at two
players as at six: with the default ratio of 1.25 a seat is strong above 55.6% at two
players (not 62.5%, which 1.25 × 50% would give), 38.5% at three, 29.4% at four.

>>> lines = Lines()
>>> round(lines.strong(2), 3), round(lines.weak(2), 3), round(lines.strong(4), 3)
(0.556, 0.444, 0.294)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from parlour.engine import ParlourError

from .figures import Figures, Row, Table
from .stats import Mean, Share


class LinesError(ParlourError):
    """A line given for a run is not one the lab knows, or not a number it can use."""


@dataclass(frozen=True)
class Lines:
    """Where the flags are drawn.

    ``ratio``: a seat, bot or starting position is strong when its odds of winning are
    more than ``ratio`` × the fair odds, weak when less than fair ÷ ``ratio``.
    ``rare``: an option chosen in fewer than this share of games is rarely chosen.
    ``peers``: a card worth more than ``peers`` × the median of its kind (or less than
    the median ÷ ``peers``) stands out from its peers. ``sample``: fewer observations
    than this tell nothing. ``game``: a game's own lines by name (its lab says which).
    """

    ratio: float = 1.25
    rare: float = 0.05
    peers: float = 2.0
    sample: int = 10
    game: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.ratio > 1 or not self.peers > 1:
            raise LinesError("the flag ratio and the peers' ratio must be above 1")
        if not 0 < self.rare < 1 or self.sample < 1:
            raise LinesError("rare must be a share between 0 and 1, sample at least 1")

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Lines:
        """Lines from a small JSON object (``--lines``); unknown names are refused."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise LinesError(f"--lines: unknown line {unknown[0]!r} (lines: "
                             f"{', '.join(sorted(known))})")
        base = cls()
        try:
            game = {str(k): float(v) for k, v in dict(data.get("game", {})).items()}
            ratio, rare = float(data.get("ratio", base.ratio)), float(data.get("rare", base.rare))
            peers, sample = float(data.get("peers", base.peers)), int(data.get("sample",
                                                                               base.sample))
        except (TypeError, ValueError):
            raise LinesError("--lines: every line is a number (game: an object of "
                             "numbers)") from None
        return cls(ratio=ratio, rare=rare, peers=peers, sample=sample, game=game)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    def of(self, name: str, default: float) -> float:
        """A game's own line: the run's value if given, else the game's default."""
        return float(self.game.get(name, default))

    def strong(self, players: int) -> float:
        """The win rate above which a seat of a ``players``-player game is strong."""
        return _from_odds(_odds(1 / players) * self.ratio)

    def weak(self, players: int) -> float:
        """The win rate below which a seat is weak."""
        return _from_odds(_odds(1 / players) / self.ratio)


def _odds(p: float) -> float:
    return p / (1 - p)


def _from_odds(o: float) -> float:
    return o / (1 + o)


def fair_flags(table: Table, out: Figures, players: int, lines: Lines,
               what: Callable[[Row], str]) -> None:
    """Flag each row whose win rate is beyond the strong or the weak line, where its
    interval leaves out the fair share (else the sample cannot tell)."""
    fair, high, low = 1 / players, lines.strong(players), lines.weak(players)
    for row in table.rows:
        share = row["win rate"]
        if not isinstance(share, Share) or share.n < lines.sample:
            continue
        lo, hi = share.interval()
        if share.value > high and lo > fair:
            side, line, sure = "strong", high, lo > high
        elif share.value < low and hi < fair:
            side, line, sure = "weak", low, hi < low
        else:
            continue
        out.flag(table.key, f"{what(row)} wins {share.value:.1%} of {share.n} games (95% "
                            f"interval {lo:.1%}–{hi:.1%}), {share.value / fair:.2f}× its fair "
                            f"share of {fair:.1%}: {side}; the line at {players} players is "
                            f"{line:.1%} ({sureness(sure)}).")


def rare_flags(table: Table, column: str, lines: Lines, what: Callable[[Row], str],
               out: Figures) -> None:
    """Flag the options chosen in fewer than ``lines.rare`` of the games, where the whole
    interval is below that line."""
    for row in table.rows:
        share = row.get(column)
        if not isinstance(share, Share) or share.n < lines.sample:
            continue
        lo, hi = share.interval()
        if hi < lines.rare:
            never = "never" if share.hits == 0 else f"in {share.value:.1%} of {share.n} games"
            out.flag(table.key, f"{what(row)}: {column.split(' (')[0]} {never} "
                                f"(95% interval {lo:.1%}–{hi:.1%}); the line is "
                                f"{lines.rare:.0%} of games: rarely chosen.")


def peer_flags(table: Table, column: str, kind: str, unit: str, lines: Lines,
               out: Figures, sizes: Mapping[str, int] | None = None) -> None:
    """Flag the cards worth more than ``lines.peers`` × the median of their kind, or less
    than the median ÷ ``lines.peers``, each on at least ``lines.sample`` observations
    (``sizes``, by card, for a value that is not a statistic) and, for a statistic, with
    its interval clear of the median."""
    values = {str(r["card"]): r.get(column) for r in table.rows}
    measured = {k: v for k, v in values.items() if _size(v, sizes, k) >= lines.sample}
    numbers = sorted(_value(v) for v in measured.values())
    if len(numbers) < 3:
        return
    median = numbers[len(numbers) // 2] if len(numbers) % 2 else \
        (numbers[len(numbers) // 2 - 1] + numbers[len(numbers) // 2]) / 2
    if median <= 0:
        return
    for name, v in measured.items():
        x = _value(v)
        lo, hi = v.interval() if isinstance(v, Share | Mean) else (x, x)
        if x > lines.peers * median and lo > median:
            side = "outclasses its peers"
        elif x < median / lines.peers and hi < median:
            side = "falls behind its peers"
        else:
            continue
        n = _size(v, sizes, name)
        interval = f" (95% interval {lo:.2f}–{hi:.2f})" if isinstance(v, Share | Mean) else ""
        out.flag(table.key, f"{kind} {name} is worth {x:.2f} {unit}{interval} on {n} "
                            f"observations, {x / median:.2f}× the median {kind.lower()}'s "
                            f"{median:.2f}: it {side} (the line is {lines.peers:g}×).")


def _value(cell: object) -> float:
    if isinstance(cell, Share | Mean):
        return cell.value
    return float(cell) if isinstance(cell, int | float) else 0.0


def _size(cell: object, sizes: Mapping[str, int] | None, name: str) -> int:
    if isinstance(cell, Share | Mean):
        return cell.n
    return sizes.get(name, 0) if sizes is not None else 0


def sureness(sure: bool) -> str:
    """Whether a flagged figure's whole interval is past its line, in words."""
    return ("its whole interval is past the line" if sure else
            "its interval reaches back over the line: play more games to be sure")
