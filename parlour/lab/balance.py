"""The figures every game gets: who wins (by seat, by bot, bot against bot, by guessing
skill), ties, scores, winning margins and game length; and the flags a designer cares
about (a seat or a bot beyond the run's lines, :mod:`parlour.lab.flags`).

>>> rows = [{"index": i, "bots": ["a", "b"], "skills": None, "scores": [3.0, 1.0],
...          "winners": [0], "moves": 10, "game": {}} for i in range(20)]
>>> out = generic(rows, 2)
>>> [t.key for t in out.tables][:3]
['summary', 'win-rate-by-seat', 'win-rate-by-bot']
>>> out.flags[0].text[:40]
'Seat 1 wins 100.0% of 20 games (95% inte'
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from . import questions
from .fairness import share_row
from .figures import Figures, Row, Table
from .flags import Lines, fair_flags
from .games import lab_for
from .plan import Plan
from .stats import Mean, Median, Share


def generic(rows: Sequence[dict[str, Any]], players: int, lines: Lines | None = None) -> Figures:
    """The generic figures of a run's rows (in game order), flagged beyond ``lines``."""
    lines = lines or Lines()
    out = Figures()
    out.add(summary(rows))
    seat_table(rows, players, out, lines)
    bot_tables(rows, players, out, lines)
    skill_table(rows, players, out)
    out.add(distribution("score-distribution", "Final scores",
                         {f"seat {s + 1}": [r["scores"][s] for r in rows] for s in range(players)},
                         "score", "How often each final score happened, per seat."))
    out.add(distribution("winning-margin", "Winning margin", {"games": [margin(r) for r in rows]},
                         "margin", "The winner's score less the runner-up's (0: a tie)."))
    out.add(distribution("game-length", "Game length (moves)",
                         {"games": [r["moves"] for r in rows]}, "moves",
                         "Moves in a game, every seat's decisions counted."))
    return out


def margin(row: dict[str, Any]) -> float:
    top = sorted(row["scores"], reverse=True)
    return float(top[0] - top[1]) if len(top) > 1 else 0.0


def summary(rows: Sequence[dict[str, Any]]) -> Table:
    n = len(rows)
    ties = sum(1 for r in rows if len(r["winners"]) > 1)
    margins = [margin(r) for r in rows]
    measures: list[Row] = [
        {"measure": "games", "value": n},
        {"measure": "tie rate (a shared win)", "value": Share(ties, n)},
        {"measure": "winning margin, mean", "value": Mean.of(margins)},
        {"measure": "winning margin, median", "value": Median.of(margins)},
        {"measure": "moves per game", "value": Mean.of([float(r["moves"]) for r in rows])},
    ]
    return Table("summary", "Summary", ["measure"], ["value"], measures,
                 "Each figure with its 95% interval.")


def win_shares(rows: Iterable[dict[str, Any]], players: int) -> list[float]:
    """Wins per seat; a shared win is split among its winners."""
    wins = [0.0] * players
    for r in rows:
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    return wins


def seat_table(rows: Sequence[dict[str, Any]], players: int, out: Figures, lines: Lines) -> None:
    wins = win_shares(rows, players)
    n = len(rows)
    table = out.add(Table(
        "win-rate-by-seat", "Win rate by seat", ["seat"],
        ["win rate", "× fair share", "mean score"],
        [{**share_row({"seat": s + 1}, wins[s], n, players),
          "mean score": Mean.of([float(r["scores"][s]) for r in rows])} for s in range(players)],
        f"A shared win counts as a fraction. Fair share: 1/{players}; a seat is flagged "
        f"above {lines.strong(players):.1%} or below {lines.weak(players):.1%} (odds "
        f"{lines.ratio:g}× the fair odds, or 1/{lines.ratio:g}) where its interval leaves "
        "out the fair share.", plot="bar", reference=1 / players))
    fair_flags(table, out, players, lines, lambda r: f"Seat {r['seat']}")


def bot_tables(rows: Sequence[dict[str, Any]], players: int, out: Figures, lines: Lines) -> None:
    names = sorted({b for r in rows for b in r["bots"]})
    if len(names) < 2:
        return
    hits: dict[str, float] = defaultdict(float)
    seated: Counter[str] = Counter()
    for r in rows:
        for s, name in enumerate(r["bots"]):
            seated[name] += 1
            if s in r["winners"]:
                hits[name] += 1 / len(r["winners"])
    table = out.add(Table(
        "win-rate-by-bot", "Win rate by bot", ["bot"], ["win rate", "× fair share"],
        [share_row({"bot": b}, hits[b], seated[b], players) for b in names],
        "Over every seat the bot played (the bots are rotated round the seats game by game).",
        plot="bar", reference=1 / players))
    fair_flags(table, out, players, lines, lambda r: f"The bot {r['bot']}")
    by_seat: list[Row] = []
    for b in names:
        for s in range(players):
            sat = [r for r in rows if r["bots"][s] == b]
            won = sum(1 / len(r["winners"]) for r in sat if s in r["winners"])
            by_seat.append(share_row({"bot": b, "seat": s + 1}, won, len(sat), players))
    out.add(Table("win-rate-by-seat-and-bot", "Win rate by seat, per bot", ["bot", "seat"],
                  ["win rate", "× fair share"], by_seat,
                  "Each bot's win rate in each seat it played: a seat's edge under one bot "
                  "may vanish under another.", reference=1 / players))
    versus: list[Row] = []
    for a in names:
        for b in names:
            if a != b:
                versus.append({"bot": a, "against": b, "finishes ahead": head_to_head(rows, a, b)})
    out.add(Table("bot-versus-bot", "Bot against bot", ["bot", "against"], ["finishes ahead"],
                  versus, "In games where both sat: how often the first bot scored more than "
                          "the second (a level score counts half; several seats averaged).",
                  plot="bar", reference=0.5))


def head_to_head(rows: Sequence[dict[str, Any]], a: str, b: str) -> Share:
    hits, n = 0.0, 0
    for r in rows:
        pairs = [(i, j) for i, x in enumerate(r["bots"]) for j, y in enumerate(r["bots"])
                 if x == a and y == b]
        if not pairs:
            continue
        scores = r["scores"]
        n += 1
        hits += sum(1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                    for i, j in pairs) / len(pairs)
    return Share(hits, n)


def skill_table(rows: Sequence[dict[str, Any]], players: int, out: Figures) -> None:
    if not rows or rows[0]["skills"] is None:
        return
    hits: dict[float, float] = defaultdict(float)
    seated: Counter[float] = Counter()
    for r in rows:
        for s, skill in enumerate(r["skills"]):
            seated[skill] += 1
            if s in r["winners"]:
                hits[skill] += 1 / len(r["winners"])
    out.add(Table(
        "win-rate-by-skill", "Win rate by guessing skill", ["guessing skill"],
        ["win rate", "× fair share"],
        [share_row({"guessing skill": k}, hits[k], seated[k], players) for k in sorted(seated)],
        "Each seat of each game got a skill at random: with skill s a bot makes each guess "
        "its own way with probability s, otherwise at random. A flat line means the game's "
        "outcome does not follow skill at guessing.", plot="line", reference=1 / players))


def distribution(key: str, title: str, series: dict[str, list[float]], label: str,
                 note: str) -> Table:
    """A histogram table: one row per value, one count column per series (the report
    bins it, on bins shared with the run it is compared with)."""
    counts = {name: Counter(vs) for name, vs in series.items()}
    keys = sorted({v for vs in series.values() for v in vs})
    rows: list[Row] = [{label: k, **{name: counts[name][k] for name in series}}
                       for k in keys]
    return Table(key, title, [label], list(series), rows, note, plot="hist")


def figures_for(rows: Sequence[dict[str, Any]], plan: Plan) -> Figures:
    """Every figure of a run: the generic ones, then the game's own."""
    out = generic(rows, plan.players, plan.lines)
    questions.figures(rows, plan.players, out)
    lab_for(plan.game).figures(rows, plan, out)
    return out
