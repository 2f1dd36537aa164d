"""My Story's time economy in the lab: turns that cost no years, runs of turns by one
player, turns taken against winning, and the median winning margin."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.lab.figures import Figures, Row, Table
from parlour.lab.flags import Lines, sureness
from parlour.lab.stats import Mean, Share

from .common import SECTION_TIME, win_share


def streak(seats: Sequence[int]) -> int:
    """The longest run of consecutive turns by one player.

    >>> streak([0, 1, 1, 1, 0, 0])
    3
    """
    best = run = 0
    last = None
    for s in seats:
        run = run + 1 if s == last else 1
        last = s
        best = max(best, run)
    return best


FREE_TURNS = (0.05, 0.20)
"""Between these shares of turns should cost no years: some cheap turns, not a runaway
("each action will cost you precious time!"). Lines ``free_turns_low``/``_high``."""
MARGIN = 12.0
"""The median winning margin (VP) above which the end is rarely close (line ``margin``)."""
MOST_TURNS = 0.75
"""The share of games whose winner took more turns than anyone else above which taking
turns decides the game (line ``most_turns``). A game in which the winner only tied for the
most turns is not counted: level turns are no runaway."""


def time_economy(rows: Sequence[dict[str, Any]], players: int, lines: Lines,
                 out: Figures) -> None:
    turns = [t for r in rows for t in r["game"]["turns"]]
    free = [t for t in turns if t[1] <= 0]
    won_most, seated_most, won_fewer, seated_fewer = 0.0, 0, 0.0, 0
    most_won = alone = 0
    for r in rows:
        taken = Counter(t[0] for t in r["game"]["turns"])
        top = max(taken[s] for s in range(players))
        most_won += any(taken[w] == top for w in r["winners"])
        leaders = [s for s in range(players) if taken[s] == top]
        alone += len(leaders) == 1 and leaders[0] in r["winners"]
        for s in range(players):
            if taken[s] == top:
                won_most, seated_most = won_most + win_share(r, s), seated_most + 1
            else:
                won_fewer, seated_fewer = won_fewer + win_share(r, s), seated_fewer + 1
    most_turns = Share(most_won, len(rows))
    more_turns = Share(alone, len(rows))
    free_share = Share(len(free), len(turns))
    summary: list[Row] = [
        {"measure": "turns that cost no years", "value": free_share},
        {"measure": "years a turn costs", "value": Mean.of([float(t[1]) for t in turns])},
        {"measure": "turns per game", "value": Mean.of([float(len(r["game"]["turns"]))
                                                         for r in rows])},
        {"measure": "longest run of turns by one player",
         "value": Mean.of([float(streak([t[0] for t in r["game"]["turns"]])) for r in rows])},
        {"measure": "a winner took the most turns (or tied for them)", "value": most_turns},
        {"measure": "a winner took more turns than anyone else", "value": more_turns},
        {"measure": "forced rests (share of turns)",
         "value": Share(sum(1 for t in turns if t[2] == "rest"), len(turns))},
        {"measure": "the Life Story track ran short before the end",
         "value": Share(sum(1 for r in rows if r["game"]["life_out"] is not None), len(rows))},
    ]
    out.add(Table("time-economy", "The time economy", ["measure"], ["value"], summary,
                  "A turn's cost is the years its player's marker moved during it.",
                  section=SECTION_TIME))
    free_flags(free_share, lines, out)
    most_flag(more_turns, lines, out)
    kinds = Counter(t[2] for t in free)
    out.add(Table("free-turns", "What the turns that cost no years did", ["turn"],
                  ["share of all turns"],
                  [{"turn": k, "share of all turns": Share(n, len(turns))}
                   for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))],
                  "Each turn that cost its player no years, by what was done in it.",
                  plot="bar", section=SECTION_TIME, plotted="share of all turns"))
    out.add(Table("turns-and-winning", "Turns taken and winning", ["turns taken"],
                  ["win rate"],
                  [{"turns taken": "the most (or tied)", "win rate": Share(won_most, seated_most)},
                   {"turns taken": "fewer", "win rate": Share(won_fewer, seated_fewer)}],
                  "Per player and game: the win rate of those who took the most turns, and of "
                  "the others.", plot="bar", reference=1 / players, section=SECTION_TIME))
    years = Counter(t[1] for t in turns)
    out.add(Table("years-per-turn", "Years a turn costs", ["years"], ["turns"],
                  [{"years": y, "turns": years[y]} for y in sorted(years)],
                  "How many turns cost each number of years.", plot="hist",
                  section=SECTION_TIME))
    runs = Counter(streak([t[0] for t in r["game"]["turns"]]) for r in rows)
    out.add(Table("longest-run", "Longest run of turns by one player", ["turns in a row"],
                  ["games"], [{"turns in a row": k, "games": runs[k]} for k in sorted(runs)],
                  "Per game, the most turns one player took in a row.", plot="hist",
                  section=SECTION_TIME))


def free_flags(free: Share, lines: Lines, out: Figures) -> None:
    """Flag a share of free turns outside the band, where its interval is too."""
    low, high = lines.of("free_turns_low", FREE_TURNS[0]), lines.of("free_turns_high",
                                                                     FREE_TURNS[1])
    lo, hi = free.interval()
    said = f"{free.value:.1%} of {free.n} turns cost no years (95% interval {lo:.1%}–{hi:.1%})"
    if free.value > high and lo > low:
        out.flag("time-economy", f"{said}; the line is {high:.0%}: time is not scarce "
                                 f"({sureness(lo > high)}).")
    elif free.value < low and hi < high:
        out.flag("time-economy", f"{said}; the line is {low:.0%}: no turn is cheap, so the "
                                 f"choice between a cheap turn and a dear one is gone "
                                 f"({sureness(hi < low)}).")


def most_flag(most: Share, lines: Lines, out: Figures) -> None:
    line = lines.of("most_turns", MOST_TURNS)
    lo, hi = most.interval()
    if most.n >= lines.sample and most.value > line:
        out.flag("turns-and-winning", f"A winner took more turns than anyone else in "
                                      f"{most.value:.1%} of {most.n} games (95% interval "
                                      f"{lo:.1%}–{hi:.1%}); the line is {line:.0%}: taking "
                                      f"turns decides the game ({sureness(lo > line)}).")


def median_margin(rows: Sequence[dict[str, Any]]) -> float:
    margins = [sorted(r["scores"], reverse=True) for r in rows]
    return float(statistics.median(m[0] - m[1] for m in margins)) if margins else 0.0


def margin_flag(rows: Sequence[dict[str, Any]], lines: Lines, out: Figures) -> None:
    median, line = median_margin(rows), lines.of("margin", MARGIN)
    if median > line:
        out.flag("summary", f"The median winning margin is {median:g} VP over {len(rows)} "
                            f"games; above {line:g} VP the end is rarely close.")
