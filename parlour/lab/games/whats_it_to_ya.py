"""What's It to Ya? in the lab: how often the first dealer wins, how rounds end (one
winner, a tie that discards cards, nobody right), and how many rankings guessers get right.

The observer reads the finished rounds off the result's details.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.engine import Legal, Match, Result, View
from parlour.lab.fairness import position_table
from parlour.lab.figures import Figures, Table
from parlour.lab.plan import Plan
from parlour.lab.stats import Mean, Share

from . import GameLab, Observer

SECTION = "What's It to Ya?: dealers and guesses"


class RoundsObserver(Observer):
    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        rounds = [{"dealer": r["dealer"], "correct": r["correct"], "winners": r["winners"]}
                  for r in result.details["rounds"]]
        return {"first_dealer": match.view(None)["first_dealer"], "rounds": rounds,
                "discarded": result.details["discarded"]}


class WhatsItToYaLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return RoundsObserver()

    def standing(self, match: Match[Any]) -> list[float] | None:
        return [float(n) for n in match.view(None)["cards_won"]]

    def guessing(self, view: View, seat: int, legal: Legal) -> bool:
        return legal.spec is not None and view["dealer"] != seat

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        position_table(rows, plan.players, "first_dealer", "dealer", SECTION, out, plan.lines)
        rounds = [r for row in rows for r in row["game"]["rounds"]]
        ends = Counter("nobody right" if not r["winners"] else
                       "one winner" if len(r["winners"]) == 1 else "a tie" for r in rounds)
        out.add(Table("round-ends", "How a round ends", ["end"], ["share of rounds"],
                      [{"end": k, "share of rounds": Share(ends[k], len(rounds))}
                       for k in ("one winner", "a tie", "nobody right")],
                      "A tie splits the five cards and discards the rest; when nobody ranks "
                      "a card right the dealer discards one of their own.", plot="bar",
                      section=SECTION))
        right = [float(c) for r in rounds for c in r["correct"] if c is not None]
        counts = Counter(int(c) for c in right)
        out.add(Table("guesses-right", "Cards a guesser ranks right", ["right"], ["guesses"],
                      [{"right": k, "guesses": counts[k]} for k in sorted(counts)],
                      "Per guesser and round: the cards placed where the dealer placed them.",
                      plot="hist", section=SECTION))
        out.add(Table("guessing", "Guessing", ["measure"], ["value"],
                      [{"measure": "cards ranked right per guess", "value": Mean.of(right)},
                       {"measure": "cards discarded per game", "value": Mean.of(
                           [float(row["game"]["discarded"]) for row in rows])}],
                      "Five cards per round.", section=SECTION))


LAB = WhatsItToYaLab()
