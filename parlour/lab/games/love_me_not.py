"""Love Me Not in the lab: what the jacks and the tableau/pile split contribute, how often
a match is tied (by match number), how many matches a game takes, and whether the first
match decides the game.

The observer reads the finished matches off the spectator's view at the end: every card
face up with each player's score term by term (``history``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.engine import Match, Result
from parlour.lab.figures import Figures, Row, Table
from parlour.lab.plan import Plan
from parlour.lab.stats import Mean, Share

from . import GameLab, Observer

SECTION = "Love Me Not: the scoring"


class MatchesObserver(Observer):
    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        matches = []
        for played in match.view(None)["history"]:
            suits = [[[s["tableau"], s["pile"]] for s in b["suits"]] for b in played["breakdown"]]
            jacks = [sum(j["points"] for j in b["jacks"]) for b in played["breakdown"]]
            matches.append({"points": played["points"], "winners": played["winners"],
                            "jacks": jacks, "suits": suits})
        return {"matches": matches}


def winners(points: Sequence[int]) -> list[int]:
    return [s for s, p in enumerate(points) if p == max(points)]


class LoveMeNotLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return MatchesObserver()

    def standing(self, match: Match[Any]) -> list[float] | None:
        return [float(w) for w in match.view(None)["matches_won"]]

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        matches = [m for r in rows for m in r["game"]["matches"]]
        jack_points = [float(m["jacks"][s]) for m in matches for s in (0, 1)]
        totals = [float(m["points"][s]) for m in matches for s in (0, 1)]
        suit_points = [t - j for t, j in zip(totals, jack_points, strict=True)]
        decided = sum(1 for m in matches if winners(
            [p - j for p, j in zip(m["points"], m["jacks"], strict=True)]) != m["winners"])
        out.add(Table("points", "Where a match's points come from", ["source"],
                      ["points per player and match"],
                      [{"source": "suits (tableau × pile)",
                        "points per player and match": Mean.of(suit_points)},
                       {"source": "jacks (opponent's pile)",
                        "points per player and match": Mean.of(jack_points)},
                       {"source": "total", "points per player and match": Mean.of(totals)}],
                      "Each player's match score split into the rulebook's two terms.",
                      plot="bar", section=SECTION))
        out.add(Table("jacks", "What the jacks change", ["measure"], ["value"],
                      [{"measure": "matches whose result the jacks changed",
                        "value": Share(decided, len(matches))},
                       {"measure": "share of all points from jacks",
                        "value": sum(jack_points) / (sum(totals) or 1)}],
                      "A match's result is changed when, without the jack points, another "
                      "player would have won it (or it would have been tied, or not).",
                      section=SECTION))
        self.splits(matches, out)
        by_number: dict[int, list[bool]] = {}
        for r in rows:
            for i, m in enumerate(r["game"]["matches"]):
                by_number.setdefault(i + 1, []).append(len(m["winners"]) > 1)
        out.add(Table("ties-by-match", "Tied matches, by match number", ["match"],
                      ["tied"], [{"match": k, "tied": Share(sum(v), len(v))}
                                 for k, v in sorted(by_number.items())],
                      "A tied match wins nobody a cube, and another match is dealt.",
                      plot="bar", section=SECTION))
        counts = Counter(len(r["game"]["matches"]) for r in rows)
        out.add(Table("matches-per-game", "Matches per game", ["matches"], ["games"],
                      [{"matches": k, "games": counts[k]} for k in sorted(counts)],
                      "Ties make a game longer than three matches.", plot="hist",
                      section=SECTION))
        first = [r for r in rows if r["game"]["matches"] and len(r["winners"]) == 1]
        kept = sum(1 for r in first if r["game"]["matches"][0]["winners"] == r["winners"])
        out.add(Table("first-match", "The first match's winner wins the game", ["measure"],
                      ["value"], [{"measure": "games won by the first match's winner",
                                   "value": Share(kept, len(first))}],
                      "Over games with one winner.", section=SECTION))

    @staticmethod
    def splits(matches: Sequence[dict[str, Any]], out: Figures) -> None:
        """How players split each suit between tableau and pile, and how the number of
        suits split both ways goes with winning the match."""
        pairs: Counter[tuple[int, int]] = Counter()
        won: Counter[int] = Counter()
        seen: Counter[int] = Counter()
        for m in matches:
            for s in (0, 1):
                both = 0
                for t, p in m["suits"][s]:
                    pairs[(t, p)] += 1
                    both += t > 0 and p > 0
                seen[both] += 1
                won[both] += s in m["winners"] and len(m["winners"]) == 1
        total = sum(pairs.values())
        rows: list[Row] = [{"tableau / pile": f"{t} / {p}", "share of suits": Share(n, total),
                            "points": t * p} for (t, p), n in sorted(pairs.items())]
        out.add(Table("suit-splits", "How a suit is split between tableau and pile",
                      ["tableau / pile"], ["share of suits", "points"], rows,
                      "Per player, match and suit: cards of the suit in the tableau and in the "
                      "pile (jacks counted as their suit).", plot="bar", section=SECTION))
        out.add(Table("split-suits", "Suits split both ways, and winning the match",
                      ["suits in both tableau and pile"], ["match won outright"],
                      [{"suits in both tableau and pile": k, "match won outright":
                        Share(won[k], seen[k])} for k in sorted(seen)],
                      "Per player and match.", plot="line", reference=0.5, section=SECTION))


LAB = LoveMeNotLab()
