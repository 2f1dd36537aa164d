"""``parlour bench`` as a command (``parlour load`` is tested in tests/perf/)."""

from __future__ import annotations

from typer.testing import CliRunner

from parlour.cli.main import app

runner = CliRunner()


def test_bench_prints_games_per_second() -> None:
    out = runner.invoke(app, ["bench", "--seconds", "0.2", "--game", "love-me-not"])
    assert out.exit_code == 0, out.output
    assert "games/s" in out.output

