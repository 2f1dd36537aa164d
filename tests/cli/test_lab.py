"""``parlour simulate`` and ``parlour lab``, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.engine import Record, replay
from parlour.games import get_game

runner = CliRunner()


def test_simulate_json_reports_rates(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    out = runner.invoke(app, ["simulate", "love-me-not", "-n", "40", "--bots", "greedy,random",
                              "--json", "--jobs", "1", "--out", str(records)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["games"] == 40
    assert abs(sum(data["win_rate"]) - 1) < 1e-9
    assert data["win_rate"][0] > data["win_rate"][1]
    assert set(data) >= {"games", "win_rate", "tie_rate", "mean_score", "sd_score"}
    lines = records.read_text().splitlines()
    assert len(lines) == 40
    match = replay(Record.loads(lines[0]), get_game)
    assert match.over


def test_simulate_refuses_a_wrong_bot_count() -> None:
    out = runner.invoke(app, ["simulate", "love-me-not", "-n", "5", "--bots", "random"])
    assert out.exit_code == 2
    assert "1 bots for 1 seats" not in out.output


def test_an_error_shows_the_text_it_quotes_as_typed() -> None:
    out = runner.invoke(app, ["simulate", "love-me-not", "--options", '{"deck": "[red]x"}'])
    assert out.exit_code == 2
    assert "option 'deck' must be of type list (got '[red]x')" in out.output
