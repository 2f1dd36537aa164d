"""The goals My Story's standard card set was revised to meet, read off a run's other
figures: a time economy with some cheap turns but no runaway, deck-building that pays,
every occupation in play, fair seats, close ends, no card far above its peers.

Each goal is a row with its figure, its line and whether the figure meets it; a run's
``--lines`` move the lines (``free_turns_low``, ``free_turns_high``, ``no_vp_taken``,
``most_turns``, ``best_seat``, ``margin``; ``rare`` and ``peers`` are the lab's own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.games.my_story.cards import CardSet
from parlour.lab.figures import Cell, Figures, Row, Table
from parlour.lab.flags import Lines
from parlour.lab.stats import Mean, Median, Share

from .common import SECTION_GOALS
from .time import FREE_TURNS, MARGIN, MOST_TURNS

NO_VP_TAKEN = 0.40
"""Each Life Story without VP should be taken in this share of games, on average: the
cards that build a deck are worth a turn (line ``no_vp_taken``)."""
BEST_SEAT = 1.15
"""No seat should win more than this × its fair share (line ``best_seat``)."""


def table_of(out: Figures, key: str) -> Table:
    return next(t for t in out.tables if t.key == key)


def measured(out: Figures, key: str, measure: str) -> Cell:
    return next(r["value"] for r in table_of(out, key).rows if r["measure"] == measure)


def no_vp_taken(out: Figures, cards: CardSet, games: int) -> Share:
    """The mean share of games in which a Life Story without VP was taken, as a share of
    card-games."""
    plain = {f"{c.id} {c.name}" for c in cards.of_kind("life_story") if not c.vp}
    hits = sum(s.hits for r in table_of(out, "life-stories").rows if r["card"] in plain
               if isinstance(s := r["taken (share of games)"], Share))
    return Share(hits, len(plain) * games)


def least_chosen(out: Figures) -> tuple[str, Share]:
    column = "chosen or switched to (share of games)"
    rows = [(str(r["card"]), s) for r in table_of(out, "occupations").rows
            if isinstance(s := r[column], Share)]
    return min(rows, key=lambda kv: kv[1].value)


def best_seat(out: Figures) -> float:
    return max(float(r["× fair share"]) for r in table_of(out, "win-rate-by-seat").rows
               if isinstance(r["× fair share"], float | int))


def top_of_peers(out: Figures) -> tuple[str, float]:
    """The card furthest above the median of its kind (Projects, Occupations,
    Achievements, each by the figure its table is flagged on)."""
    best = ("", 0.0)
    for key, column in (("projects", "VP per resource or year"),
                        ("occupations", "resources per turn"), ("achievements", "VP at the end")):
        values = [(str(r["card"]), v) for r in table_of(out, key).rows
                  if (v := _number(r[column])) is not None]
        ordered = sorted(v for _, v in values)
        median = ordered[len(ordered) // 2] if ordered else 0.0
        for name, v in values:
            if median > 0 and v / median > best[1]:
                best = (name, v / median)
    return best


def _number(cell: Cell) -> float | None:
    if isinstance(cell, Mean):
        return cell.value if cell.n else None
    return float(cell) if isinstance(cell, int | float) else None


def goals(rows: Sequence[dict[str, Any]], cards: CardSet, lines: Lines, out: Figures) -> None:
    """The goals' table, and a flag for the no-VP Life Stories (the other goals are
    flagged by their own figures)."""
    free = measured(out, "time-economy", "turns that cost no years")
    most = measured(out, "time-economy", "a winner took more turns than anyone else")
    margin = measured(out, "summary", "winning margin, median")
    assert isinstance(free, Share) and isinstance(most, Share) and isinstance(margin, Median)
    plain = no_vp_taken(out, cards, len(rows))
    name, least = least_chosen(out)
    card, above = top_of_peers(out)
    low, high = lines.of("free_turns_low", FREE_TURNS[0]), lines.of("free_turns_high",
                                                                     FREE_TURNS[1])
    table: list[Row] = [
        _goal("turns that cost no years", free, f"{low:.0%}–{high:.0%}",
              low <= free.value <= high),
        _goal("a Life Story without VP taken (per card, share of games)", plain,
              f"≥ {lines.of('no_vp_taken', NO_VP_TAKEN):.0%}",
              plain.value >= lines.of("no_vp_taken", NO_VP_TAKEN)),
        _goal("the least chosen occupation (chosen or switched to)", least,
              f"≥ {lines.rare:.0%}", least.value >= lines.rare, name),
        _goal("a winner took more turns than anyone else", most,
              f"≤ {lines.of('most_turns', MOST_TURNS):.0%}",
              most.value <= lines.of("most_turns", MOST_TURNS)),
        _goal("best seat (× fair share)", best_seat(out),
              f"≤ {lines.of('best_seat', BEST_SEAT):g}×",
              best_seat(out) <= lines.of("best_seat", BEST_SEAT)),
        _goal("median winning margin (VP)", margin, f"≤ {lines.of('margin', MARGIN):g}",
              margin.value <= lines.of("margin", MARGIN)),
        _goal("the card furthest above its peers (× the median of its kind)", above,
              f"≤ {lines.peers:g}×", above <= lines.peers, card),
    ]
    out.add(Table("goals", "The card set's goals", ["goal"], ["value", "line", "met", "which"],
                  table,
                  "What the standard set was revised to meet, at 2, 3 and 4 players, with the "
                  "heuristic and with search bots in the seats.", section=SECTION_GOALS))
    line = lines.of("no_vp_taken", NO_VP_TAKEN)
    lo, hi = plain.interval()
    if plain.value < line and hi < line:
        out.flag("goals", f"A Life Story without VP is taken in {plain.value:.1%} of games on "
                          f"average (95% interval {lo:.1%}–{hi:.1%}, {len(rows)} games); the "
                          f"line is {line:.0%}: building a deck does not pay.")


def _goal(goal: str, value: Cell, line: str, met: bool, which: str = "") -> Row:
    return {"goal": goal, "value": value, "line": line, "met": "yes" if met else "no",
            "which": which}
