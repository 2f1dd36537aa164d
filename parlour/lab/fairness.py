"""The designer's line for fairness: no seat, bot or starting position may win more than
1.25 times its fair share; a row above it is flagged in plain words.

>>> row = share_row({"seat": 1}, 63, 100, 2)
>>> round(row["× fair share"], 2)
1.26
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .figures import Figures, Row, Table
from .stats import Share

FAIR_LIMIT = 1.25
"""A seat, bot or starting position may win at most this many times its fair share."""


def share_row(label: dict[str, Any], hits: float, n: int, players: int) -> Row:
    share = Share(hits, n)
    return {**label, "win rate": share, "× fair share": share.value * players}


def fair_flags(table: Table, out: Figures, players: int, what: Callable[[Row], str]) -> None:
    """Flag each row whose win rate is above the limit, in plain words."""
    fair = 1 / players
    for row in table.rows:
        share = row["win rate"]
        assert isinstance(share, Share)
        if share.n and share.value > FAIR_LIMIT * fair:
            lo, hi = share.interval()
            sure = ("its whole interval is above the line" if lo > FAIR_LIMIT * fair else
                    "its interval still reaches below the line: play more games to be sure")
            out.flag(table.key, f"{what(row)} wins {share.value:.1%} of games (95% interval "
                                f"{lo:.1%}–{hi:.1%}), {share.value / fair:.2f}× its fair share of "
                                f"{fair:.1%}; the line is {FAIR_LIMIT}× ({sure}).")


def position_table(rows: Sequence[dict[str, Any]], players: int, start: str, role: str,
                   section: str, out: Figures) -> None:
    """Win rate by seat counted clockwise from the seat that began as ``role`` (its seat
    is in each row's ``game[start]``), flagged above the line like seats."""
    wins = [0.0] * players
    for r in rows:
        first = r["game"][start]
        for w in r["winners"]:
            wins[(w - first) % players] += 1 / len(r["winners"])
    names = [f"the first {role}"] + [f"{k} after" for k in range(1, players)]
    table = out.add(Table(
        f"win-rate-from-first-{role.lower()}", f"Win rate by place after the first {role}",
        ["place"], ["win rate", "× fair share"],
        [share_row({"place": names[k]}, wins[k], len(rows), players) for k in range(players)],
        f"Seats counted clockwise from the one that began as the {role}.", plot="bar",
        reference=1 / players, section=section))
    fair_flags(table, out, players, lambda r: str(r["place"]).capitalize())
