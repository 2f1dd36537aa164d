"""Iteration tools: a sweep over an option or a card field, a skill ladder, scripted
strategies written as data, and a diff of two card sets in the report; the designer's
lines set on the command line; the report says which bot its headline figures come from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.engine import Match
from parlour.games import get_game
from parlour.lab.plan import Plan
from parlour.lab.run import play_game, run_local
from parlour.lab.series import Sweep, SweepError, key_figures
from parlour.lab.strategy import Script, ScriptError, scripts_of
from parlour.lab.study import Study, conduct

runner = CliRunner()


def test_a_sweep_sets_an_option_or_a_card_field_and_names_a_wrong_path() -> None:
    plan = Plan("my-story", 2, ("heuristic",) * 2, 2)
    study = Study(plan, sweep=Sweep.parse("cards.cards.O21.switching_year=2,3"))
    runs = study.series()
    assert [label for label, _ in runs] == ["2", "3"]
    banker = [next(c for c in p.options["cards"]["cards"] if c["id"] == "O21") for _, p in runs]
    assert [b["switching_year"] for b in banker] == [2, 3]
    assert get_game("my-story").card_set_for(runs[0][1].options).cards["O21"].switching_year == 2
    with pytest.raises(SweepError, match=r"cards\.cards\.O99 is not there"):
        Study(plan, sweep=Sweep.parse("cards.cards.O99.vp=1")).series()
    with pytest.raises(SweepError, match="PATH=V1,V2"):
        Sweep.parse("matches")


def test_a_sweep_shows_each_values_key_figures(tmp_path: Path) -> None:
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "12", "--bots", "greedy",
                              "--sweep", "matches=1,3", "--workers", "1", "--out",
                              str(tmp_path)])
    assert out.exit_code == 0, out.output
    series = (tmp_path / "csv" / "series.csv").read_text().splitlines()
    assert series[0].startswith("figure,1,1 low,1 high,1 n,3,")
    moves = next(line for line in series if line.startswith("moves per game,"))
    assert moves.split(",")[1] == "10"  # one match of ten moves
    page = (tmp_path / "index.html").read_text()
    assert "By matches" in page and "--sweep matches=1,3" in page


def test_a_skill_ladder_plays_the_same_games_with_each_bot_everywhere(tmp_path: Path) -> None:
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "8", "--bots", "greedy",
                              "--ladder", "random,greedy", "--workers", "1", "--out",
                              str(tmp_path)])
    assert out.exit_code == 0, out.output
    figures = json.loads((tmp_path / "figures.json").read_text())
    assert [r.get("series") for r in figures["runs"]] == [None, "random", "greedy"]
    assert figures["plan"]["headline figures from"] == "greedy in every seat"
    assert (tmp_path / "csv" / "series" / "1-random" / "summary.csv").exists()
    bad = runner.invoke(app, ["lab", "love-me-not", "-n", "2", "--ladder", "greedy,nobody"])
    assert bad.exit_code == 2 and "no bot 'nobody'" in bad.output


def test_card_choices_are_split_by_bot_when_bots_differ() -> None:
    from parlour.lab.balance import figures_for

    plan = Plan("my-story", 2, ("heuristic", "random"), 4, seed=3)
    out = figures_for(run_local(plan, 1), plan)
    table = next(t for t in out.tables if t.key == "occupations-by-bot")
    assert {r["bot"] for r in table.rows} == {"heuristic", "random"}
    assert all(r["chosen or switched to (share of games)"].n == 4  # type: ignore[union-attr]
               for r in table.rows)


BANKER = {"name": "Banker first", "fallback": "heuristic",
          "prefer": [{"grow": "O21"}, {"take": "work", "card": "O21"}]}


def test_a_script_prefers_the_actions_its_rules_match_and_falls_back_to_a_bot(
        tmp_path: Path) -> None:
    path = tmp_path / "banker.json"
    path.write_text(json.dumps(BANKER))
    name = f"script:{path}"
    plan = Plan("my-story", 2, (name, "heuristic"), 6, seed=5, scripts=scripts_of([name]),
                rotate=False)
    forced = free = 0
    for index in range(plan.games):
        record = play_game(plan, index)
        match = Match.new(get_game("my-story"), 2, record.options, record.seed)
        for entry in record.actions:
            seat, action = entry["seat"], entry["action"]
            if seat == 0:
                legal = match.legal(0).choices or []
                track = match.view(0).get("work_track") or []
                grow = {"grow": "O21"}.items()
                takes = [a for a in legal if a.get("take") == "work" and
                         track[a["slot"]] == "O21"]
                if any(grow <= a.items() for a in legal):
                    assert grow <= action.items()
                    forced += 1
                elif takes:
                    assert action in takes
                    forced += 1
                else:
                    free += 1
            match.act(seat, action)
    assert forced > 0 and free > 0  # the rules decided some moves, the fallback the rest


def test_a_bad_script_is_refused_naming_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="'prefer' must be a list of rules"):
        Script.parse({"prefer": {"grow": "O21"}})
    with pytest.raises(ScriptError, match="'fallback' must name a bot"):
        Script.parse({"prefer": [{"grow": "O21"}], "fallback": "script:x.json"})
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"prefer": [{"keep": "5H"}], "fallback": "nobody"}))
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "1", "--bots", f"script:{path}"])
    assert out.exit_code == 2 and "no bot 'nobody'" in out.output
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "1", "--bots",
                              f"script:{tmp_path / 'missing.json'}"])
    assert out.exit_code == 2 and "cannot read it" in out.output


def test_the_report_shows_what_the_second_card_set_changes(tmp_path: Path) -> None:
    out = runner.invoke(app, ["lab", "my-story", "--players", "2", "-n", "2", "--options",
                              '{"card_set": "first-draft"}', "--vs-options", "{}",
                              "--workers", "1", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    diff = (tmp_path / "csv" / "content-diff.csv").read_text().splitlines()
    assert diff[0] == "field,A,B"
    assert "cards.P22.vp,5,2" in diff
    assert "What B changes" in (tmp_path / "index.html").read_text()


def test_the_lines_are_set_on_the_command_line_and_shown(tmp_path: Path) -> None:
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "4", "--bots", "greedy",
                              "--flag-ratio", "1.1", "--lines", '{"rare": 0.1}',
                              "--workers", "1", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    plan = json.loads((tmp_path / "figures.json").read_text())["plan"]
    assert json.loads(plan["lines"])["ratio"] == 1.1
    assert "above 52.4% or below 47.6%" in (tmp_path / "index.html").read_text()
    bad = runner.invoke(app, ["lab", "love-me-not", "-n", "1", "--lines", '{"ratoi": 2}'])
    assert bad.exit_code == 2 and "unknown line 'ratoi'" in bad.output


def test_key_figures_come_from_the_summary_seats_and_the_games_goals() -> None:
    study = Study(Plan("my-story", 2, ("heuristic",) * 2, 2, seed=4))
    (run,) = conduct(study, 1)
    keys = key_figures(run.figures)
    assert {"tie rate (a shared win)", "best seat's win rate", "turns that cost no years",
            "median winning margin (VP)"} <= set(keys)
