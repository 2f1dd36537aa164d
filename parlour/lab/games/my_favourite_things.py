"""My Favourite Things in the lab: how often the first player wins, which place in a
trick wins it, and which ranks win tricks (the Broken Heart beating a 1 included).

The observer reads every trick off the result's details.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.engine import Legal, Match, Result, View
from parlour.lab.fairness import position_table
from parlour.lab.figures import Figures, Table
from parlour.lab.plan import Plan
from parlour.lab.stats import Share

from . import GameLab, Observer

SECTION = "My Favourite Things: tricks"
RANK_NAMES = {0: "Broken Heart", 1: "1", 2: "2", 3: "3", 4: "4", 5: "5"}


class TricksObserver(Observer):
    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        tricks = []
        for trick in result.details["tricks"]:
            seats = [p["seat"] for p in trick["plays"]]
            ranks = [p["rank"] for p in trick["plays"]]
            tricks.append([seats.index(trick["winner"]), ranks[seats.index(trick["winner"])],
                           ranks])
        return {"first_player": match.view(None)["first_player"], "tricks": tricks}


class MyFavouriteThingsLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return TricksObserver()

    def standing(self, match: Match[Any]) -> list[float] | None:
        return [float(h) for h in match.view(None)["hearts"]]

    def guessing(self, view: View, seat: int, legal: Legal) -> bool:
        return bool(legal.choices)  # which sleeve to play: a guess at its hidden rank

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        position_table(rows, plan.players, "first_player", "player", SECTION, out, plan.lines)
        tricks = [t for r in rows for t in r["game"]["tricks"]]
        places = Counter(t[0] for t in tricks)
        out.add(Table("trick-place", "Which place in a trick wins it", ["played"],
                      ["tricks won"],
                      [{"played": k + 1, "tricks won": Share(places[k], len(tricks))}
                       for k in range(plan.players)],
                      "The place a trick's winning sleeve was played in (1 = led).",
                      plot="bar", reference=1 / plan.players, section=SECTION))
        won = Counter(t[1] for t in tricks)
        played = Counter(rank for t in tricks for rank in t[2])
        out.add(Table("winning-ranks", "Which ranks win tricks", ["rank"],
                      ["won when played"],
                      [{"rank": RANK_NAMES[k], "won when played": Share(won[k], played[k])}
                       for k in sorted(played, key=lambda k: (k == 0, k))],
                      "Per sleeve played: how often it won its trick.", plot="bar",
                      section=SECTION))


LAB = MyFavouriteThingsLab()
