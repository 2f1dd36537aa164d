"""The questions a designer asks of any game, answered from a replay: does the lead
change hands, does the leader at each point of the game go on to win (a runaway leader),
how often does a player come back from behind, does a player who cannot win decide who
does (kingmaking, :mod:`parlour.lab.kingmaking`), how many real decisions a player makes
and how many are forced, and how long each waits between their own moves.

A game's lab says what its players' standing is (``GameLab.standing``: the score so far);
a game without one gets the decisions and the waiting only.

>>> notes = Notes(2)
>>> for seat, options, standing in [(0, 3, [1, 0]), (1, 1, [1, 2]), (0, 2, [3, 2])]:
...     notes.moved(seat, options, standing)
>>> notes.finish()["lead_changes"], notes.finish()["leaders"][:3]
(2, [0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .figures import Figures, Row, Table
from .stats import Mean, Share

SECTION = "The designer's questions"
POINTS = tuple(range(10, 100, 10))
"""The points of a game (percent of its moves played) at which the leader is noted."""
FREE = -1
"""The options of a free-input decision (typed text, a ranking): not counted."""


def leader(standing: Sequence[float] | None) -> int:
    """The seat that alone has the most, or -1 (a tie, or no standing)."""
    if not standing:
        return -1
    top = max(standing)
    leaders = [s for s, v in enumerate(standing) if v == top]
    return leaders[0] if len(leaders) == 1 else -1


class Notes:
    """What one replayed game shows of its lead and its decisions."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.moves: list[tuple[int, int, int]] = []  # seat, options, leader after
        self.standing: list[float] | None = None

    def moved(self, seat: int, options: int, standing: list[float] | None) -> None:
        if standing is not None:
            self.standing = standing
        self.moves.append((seat, options, leader(self.standing)))

    def finish(self) -> dict[str, Any]:
        leaders = [m[2] for m in self.moves]
        n = len(leaders)
        sampled = [leaders[min(n - 1, n * p // 100)] for p in POINTS] if n else []
        changes, last = 0, -1
        for now in leaders:
            if now != -1 and last != -1 and now != last:
                changes += 1
            last = now if now != -1 else last
        return {"leaders": sampled if self.standing is not None else None,
                "lead_changes": changes, "decisions": self._decisions(),
                "waits": self._waits()}

    def _decisions(self) -> list[list[int]]:
        """Per seat: decisions, options over the enumerated ones, forced, free input."""
        out = [[0, 0, 0, 0] for _ in range(self.players)]
        for seat, options, _ in self.moves:
            row = out[seat]
            row[0] += 1
            if options == FREE:
                row[3] += 1
            else:
                row[1] += options
                row[2] += options == 1
        return out

    def _waits(self) -> list[list[int]]:
        """Per seat: the others' moves between two of its own, summed, counted, longest."""
        out = [[0, 0, 0] for _ in range(self.players)]
        since: list[int | None] = [None] * self.players
        for i, (seat, _, _) in enumerate(self.moves):
            last = since[seat]
            if last is not None:
                gap = i - last - 1
                out[seat][0] += gap
                out[seat][1] += 1
                out[seat][2] = max(out[seat][2], gap)
            since[seat] = i
        return out


def figures(rows: Sequence[dict[str, Any]], players: int, out: Figures) -> None:
    """The questions' tables, for the rows that carry the notes."""
    noted = [r for r in rows if r.get("questions")]
    if not noted:
        return
    if noted[0]["questions"]["leaders"] is not None:
        lead(noted, players, out)
    decisions(noted, out)
    downtime(noted, players, out)


def lead(rows: Sequence[dict[str, Any]], players: int, out: Figures) -> None:
    single = [r for r in rows if len(r["winners"]) == 1]
    half = POINTS.index(50)
    behind = sum(1 for r in single if r["questions"]["leaders"][half] != r["winners"][0])
    measures: list[Row] = [
        {"measure": "lead changes per game",
         "value": Mean.of([float(r["questions"]["lead_changes"]) for r in rows])},
        {"measure": "games whose lead never changed hands",
         "value": Share(sum(1 for r in rows if r["questions"]["lead_changes"] == 0), len(rows))},
        {"measure": "comebacks: the winner was not alone in the lead half way",
         "value": Share(behind, len(single))},
    ]
    kings = [r["kingmaking"] for r in rows if r.get("kingmaking") is not None]
    if kings:
        measures.append({"measure": "kingmaking: a player who could not win decided who did",
                         "value": Share(sum(1 for k in kings if k), len(kings))})
    out.add(Table("lead", "The lead: changes, comebacks, kingmaking", ["measure"], ["value"],
                  measures, "The leader is the player alone with the highest score so far "
                  "(a tie leads nobody). Kingmaking: at the last decision of each player who "
                  "lost, every other choice was played out by the bots: the player won under "
                  "none of them, yet the winner changed.", section=SECTION))
    points: list[Row] = []
    for k, p in enumerate(POINTS):
        led = [r for r in single if r["questions"]["leaders"][k] != -1]
        won = sum(1 for r in led if r["questions"]["leaders"][k] == r["winners"][0])
        if led:  # a point at which nobody ever leads alone says nothing
            points.append({"game played (%)": p, "the leader wins": Share(won, len(led))})
    out.add(Table("leader-wins", "How often the leader at each point of the game wins",
                  ["game played (%)"], ["the leader wins"], points,
                  "Over games with one winner and a sole leader at that point (by moves "
                  "played). A line that is high early means a runaway leader; near the fair "
                  "share, the lead says little.", plot="line", reference=1 / players,
                  section=SECTION))


def decisions(rows: Sequence[dict[str, Any]], out: Figures) -> None:
    per_player: list[float] = []
    options = forced = free = counted = total = 0
    for r in rows:
        for made, offered, one, typed in r["questions"]["decisions"]:
            per_player.append(float(made))
            options, forced, free = options + offered, forced + one, free + typed
            counted, total = counted + made - typed, total + made
    table: list[Row] = [
        {"measure": "decisions per player and game", "value": Mean.of(per_player)},
        {"measure": "options per decision (enumerated ones)",
         "value": options / counted if counted else 0.0},
        {"measure": "forced decisions (one option)", "value": Share(forced, total)},
        {"measure": "free-input decisions (typed, ranked)", "value": Share(free, total)},
    ]
    out.add(Table("decisions", "Decision density", ["measure"], ["value"], table,
                  "Every decision a player was asked for, with the number of legal options "
                  "it offered.", section=SECTION))


def downtime(rows: Sequence[dict[str, Any]], players: int, out: Figures) -> None:
    table: list[Row] = []
    for s in range(players):
        waits = [r["questions"]["waits"][s] for r in rows]
        gaps = sum(w[0] for w in waits)
        count = sum(w[1] for w in waits)
        table.append({"seat": s + 1, "others' moves between two of yours":
                      gaps / count if count else 0.0,
                      "longest wait (moves), mean per game": Mean.of([float(w[2]) for w in waits])})
    out.add(Table("downtime", "Downtime per player", ["seat"],
                  ["longest wait (moves), mean per game", "others' moves between two of yours"],
                  table, "How many moves the others make between two of a player's own "
                         "(simultaneous moves count one each).", plot="bar", section=SECTION))
