"""The designer's questions: lead changes, the leader at each point and how often they
win, comebacks, kingmaking, decision density and forced decisions, downtime per player."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.lab.figures import Figures, Table
from parlour.lab.kingmaking import _others, _played_out, _replayed, kingmade
from parlour.lab.plan import Plan
from parlour.lab.questions import FREE, POINTS, Notes, figures
from parlour.lab.run import played, run_local
from parlour.lab.stats import Share


def test_the_lead_changes_only_between_sole_leaders() -> None:
    notes = Notes(3)
    for standing in ([1, 0, 0], [1, 1, 0], [1, 2, 0], [3, 2, 0], [3, 3, 3], [3, 3, 4]):
        notes.moved(0, 2, [float(x) for x in standing])
    # Leaders: 0, tie, 1, 0, tie, 2: three changes (0->1, 1->0, 0->2); ties lead nobody.
    assert notes.finish()["lead_changes"] == 3


def test_decisions_forced_and_free_are_counted_per_seat_and_so_are_the_waits() -> None:
    notes = Notes(2)
    for seat, options in [(0, 3), (1, 1), (1, 1), (0, FREE), (1, 4), (0, 2)]:
        notes.moved(seat, options, None)
    done = notes.finish()
    assert done["leaders"] is None  # no standing: no lead questions
    assert done["decisions"] == [[3, 5, 0, 1], [3, 6, 2, 0]]
    # Seat 0 waited 2 moves, then 1; seat 1 waited 0, then 1.
    assert done["waits"] == [[3, 2, 2], [1, 2, 1]]


def row(leaders: list[int], winner: int, changes: int = 1) -> dict[str, Any]:
    return {"winners": [winner], "scores": [0.0, 0.0],
            "questions": {"leaders": leaders, "lead_changes": changes,
                          "decisions": [[10, 20, 1, 0], [10, 30, 3, 0]],
                          "waits": [[10, 9, 1], [9, 9, 2]]}, "kingmaking": None}


def table(out: Figures, key: str) -> Table:
    return next(t for t in out.tables if t.key == key)


def test_a_runaway_leader_and_the_comebacks() -> None:
    # In 3 of 4 games the early leader (seat 0) wins; the fourth is a comeback by seat 1,
    # who led nowhere before the last tenth.
    runaway = [0] * 9
    late = [0] * 8 + [1]
    out = Figures()
    figures([row(runaway, 0), row(runaway, 0, 0), row(runaway, 0), row(late, 1)], 2, out)
    wins = table(out, "leader-wins")
    assert [r["game played (%)"] for r in wins.rows] == list(POINTS)
    assert wins.rows[0]["the leader wins"] == Share(3, 4)
    assert wins.rows[-1]["the leader wins"] == Share(4, 4)
    lead = {r["measure"]: r["value"] for r in table(out, "lead").rows}
    assert lead["comebacks: the winner was not alone in the lead half way"] == Share(1, 4)
    assert lead["games whose lead never changed hands"] == Share(1, 4)
    assert "kingmaking: a player who could not win decided who did" not in lead
    density = {r["measure"]: r["value"] for r in table(out, "decisions").rows}
    assert density["options per decision (enumerated ones)"] == 2.5
    assert density["forced decisions (one option)"] == Share(16, 80)
    seats = table(out, "downtime").rows
    assert seats[0]["others' moves between two of yours"] == pytest.approx(40 / 36)


@pytest.mark.parametrize("game, players, bot", [
    ("love-me-not", 2, "greedy"), ("my-favourite-things", 3, "persona"),
    ("whats-it-to-ya", 3, "persona"), ("take-your-pick", 3, "persona"),
    ("my-story", 3, "heuristic")])
def test_every_game_answers_the_questions_that_apply(game: str, players: int,
                                                     bot: str) -> None:
    from parlour.lab.balance import figures_for

    plan = Plan(game, players, (bot,) * players, 3, seed=2)
    out = figures_for(run_local(plan, 1), plan)
    keys = {t.key for t in out.tables}
    assert {"lead", "leader-wins", "decisions", "downtime"} <= keys
    lead = {r["measure"] for r in table(out, "lead").rows}
    asked = "kingmaking: a player who could not win decided who did" in lead
    assert asked == (players >= 3)


def test_a_kingmade_game_has_a_loser_whose_other_choice_changes_the_winner() -> None:
    plan = Plan("take-your-pick", 3, ("persona",) * 3, 12, seed=40)
    games = [played(plan, i) for i in range(12)]
    assert kingmade(*games[0]) in (True, False)
    assert kingmade(*played(Plan("love-me-not", 2, ("greedy",) * 2, 1), 0)) is None
    record, result = next(g for g in games if kingmade(*g))
    winners = set(result.winners)
    found = False
    for seat in set(range(3)) - winners:
        last = max(i for i, e in enumerate(record.actions) if e["seat"] == seat)
        legal = _replayed(record, last).legal(seat)
        outcomes = [_played_out(record, last, a)
                    for a in _others(legal, record.actions[last]["action"], record.seed)]
        tried = [o for o in outcomes if o is not None]
        if tried and all(seat not in o for o in tried) and any(o != winners for o in tried):
            found = True
    assert found
