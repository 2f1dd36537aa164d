"""Take Your Pick in the lab: how often the first Subject wins, what share of the points
the Subjects score, and how often a prediction is right by its place in the hand.

The observer reads the rounds and every read card off the spectator's view at the end.
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

SECTION = "Take Your Pick: Subjects and predictions"


class ReadsObserver(Observer):
    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        view = match.view(None)
        places: Counter[tuple[int, int]] = Counter()
        reads = []
        for read in view["reads"]:
            key = (read["round"], read["reader"])
            reads.append([places[key], bool(read["correct"])])
            places[key] += 1
        rounds = [{"subject": r["subject"], "scores": r["scores"]} for r in view["rounds"]]
        return {"first_subject": view["first_subject"], "rounds": rounds, "reads": reads}


class TakeYourPickLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return ReadsObserver()

    def standing(self, match: Match[Any]) -> list[float] | None:
        return [float(s["score"]) for s in match.view(None)["seats"]]

    def guessing(self, view: View, seat: int, legal: Legal) -> bool:
        return legal.spec is not None and legal.spec.kind == "arrangement"

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        position_table(rows, plan.players, "first_subject", "Subject", SECTION, out, plan.lines)
        rounds = [r for row in rows for r in row["game"]["rounds"]]
        as_subject = sum(r["scores"][r["subject"]] for r in rounds)
        total = sum(sum(r["scores"]) for r in rounds)
        out.add(Table("subjects", "What being the Subject brings", ["measure"], ["value"],
                      [{"measure": "share of all points scored as the Subject",
                        "value": as_subject / (total or 1)},
                       {"measure": "points a Subject scores in their round",
                        "value": Mean.of([float(r["scores"][r["subject"]]) for r in rounds])},
                       {"measure": "rounds where every reader missed their first card",
                        "value": Share(sum(1 for r in rounds if not any(
                            p for s, p in enumerate(r["scores"]) if s != r["subject"])),
                            len(rounds))}],
                      "The Subject scores what the best reader scored (standard game).",
                      section=SECTION))
        by_place: dict[int, list[bool]] = {}
        for row in rows:
            for place, correct in row["game"]["reads"]:
                by_place.setdefault(place + 1, []).append(correct)
        out.add(Table("predictions", "Predictions right, by place in the hand",
                      ["card read"], ["right"],
                      [{"card read": k, "right": Share(sum(v), len(v))}
                       for k, v in sorted(by_place.items())],
                      "A reader reads their surest prediction first; the first miss ends "
                      "their turn, so later cards are read only after hits.", plot="bar",
                      section=SECTION))


LAB = TakeYourPickLab()
