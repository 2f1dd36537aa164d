"""Win rates with their share of a fair game, and win rates by starting position, flagged
beyond the run's lines (:mod:`parlour.lab.flags`).

>>> row = share_row({"seat": 1}, 63, 100, 2)
>>> round(row["× fair share"], 2)
1.26
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .figures import Figures, Row, Table
from .flags import Lines, fair_flags
from .stats import Share


def share_row(label: dict[str, Any], hits: float, n: int, players: int) -> Row:
    share = Share(hits, n)
    return {**label, "win rate": share, "× fair share": share.value * players}


def position_table(rows: Sequence[dict[str, Any]], players: int, start: str, role: str,
                   section: str, out: Figures, lines: Lines) -> None:
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
    fair_flags(table, out, players, lines, lambda r: str(r["place"]).capitalize())
