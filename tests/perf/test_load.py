"""``parlour load``: a short real run against spawned servers, and the checks it makes."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.engine import Match
from parlour.games import get_game
from parlour.perf.budget import BudgetError, cpu_root
from parlour.perf.load import LoadError, LoadSpec
from parlour.perf.load.checks import problems_at_end, problems_in_view
from parlour.perf.load.generator import COLLECT_EVERY, collecting_seldom
from parlour.perf.services import has_postgres

runner = CliRunner()


def budget_unavailable() -> bool:
    try:
        cpu_root()
    except BudgetError:
        return True
    return False

FIGURES = ("moves", "moves_per_s", "p50_ms", "p95_ms", "p99_ms", "mean_ms", "max_ms",
           "moves_over_1s", "games_finished", "games_checked", "rooms_opened", "errors",
           "server_cpu_pct", "server_loop_cpu_pct", "moves_per_server_cpu_s", "server_rss_mb",
           "server_rss_peak_mb",
           "server_rss_growth_mb", "server_rss_idle_mb", "server_rss_per_room_mb",
           "load_cpu_pct", "load_average", "setup_s", "server_error_lines",
           "server_store_failures", "relayed_share")


def run(*args: str) -> dict[str, Any]:
    # A process of its own, as a user runs it (and away from any event loop of the tests').
    out = subprocess.run([sys.executable, "-m", "parlour", "load", "--json", *args],
                         capture_output=True, text=True, timeout=240, check=False)
    assert out.returncode == 0, out.stderr
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def check_run(figures: dict[str, Any], rooms: int) -> None:
    missing = [name for name in FIGURES if figures.get(name) is None]
    assert missing == []
    assert figures["rooms"] == rooms
    assert figures["errors"] == 0, figures["error_examples"]
    assert figures["server_error_lines"] == 0
    assert figures["moves"] > 0 and figures["games_finished"] > 0
    # Every game finished in the window was checked, and each took a room (unless played
    # again in the same room).
    assert figures["games_checked"] >= figures["games_finished"]
    if figures["turnover"] != "again":
        assert figures["rooms_opened"] >= figures["games_finished"]
    assert figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["server_cpu_pct"] > 0 and figures["server_rss_mb"] > 0


def test_load_plays_rooms_on_a_spawned_server_and_reports_every_figure() -> None:
    figures = run("--rooms", "2", "--seconds", "2", "--spawn")
    check_run(figures, 2)
    assert figures["processes"] == 1 and figures["store"] == "sqlite"
    assert figures["turnover"] == "new-room"  # over the sockets the players have
    assert figures["sync"] == "full"


def test_load_can_start_servers_that_hand_commits_to_the_os() -> None:
    figures = run("--rooms", "2", "--seconds", "2", "--sync", "normal")
    check_run(figures, 2)
    assert figures["sync"] == "normal"


def test_load_can_connect_anew_for_each_room() -> None:
    figures = run("--rooms", "2", "--seconds", "2", "--turnover", "new-sockets")
    check_run(figures, 2)


def test_load_plays_again_in_the_same_rooms() -> None:
    figures = run("--rooms", "2", "--seconds", "3", "--turnover", "again")
    check_run(figures, 2)
    # Every game after the first two was played in one of the two rooms opened at first.
    assert figures["turnover"] == "again" and figures["rooms_opened"] == 2
    assert figures["games_finished"] >= 2


# In CI a missing PostgreSQL is a failure, not a skip: make test installs it.
@pytest.mark.skipif(not has_postgres() and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
def test_load_spreads_rooms_over_two_processes_on_postgresql() -> None:
    figures = run("--rooms", "4", "--seconds", "2", "--processes", "2")
    check_run(figures, 4)
    assert figures["store"] == "postgres" and figures["database_cpu_pct"] > 0
    # HAProxy sent each room's requests to the process that owns it: none was relayed.
    assert figures["spread"] == "proxy" and figures["processes_answering"] == 2
    assert figures["connections"] >= 8 and figures["relayed_share"] == 0


@pytest.mark.skipif(not has_postgres() and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
def test_load_can_still_let_the_kernel_spread_connections_over_processes() -> None:
    figures = run("--rooms", "4", "--seconds", "2", "--processes", "2", "--spread", "kernel")
    check_run(figures, 4)
    assert figures["spread"] == "kernel" and figures["processes_answering"] == 2
    assert figures["connections"] >= 8


@pytest.mark.skipif(budget_unavailable(), reason="needs root and a cgroup cpu controller")
def test_load_can_give_each_server_process_a_cpu_budget() -> None:
    figures = run("--rooms", "2", "--seconds", "2", "--cpu-per-process", "0.5")
    check_run(figures, 2)
    # The kernel holds the server to half a core (and /proc counts in ticks of 10 ms).
    assert figures["cpu_per_process"] == 0.5 and figures["server_cpu_pct"] <= 55


def test_load_refuses_what_it_cannot_do() -> None:
    out = runner.invoke(app, ["load", "--url", "http://192.168.1.5:8000"])
    assert out.exit_code == 2 and "loopback only" in out.output
    out = runner.invoke(app, ["load", "--processes", "2", "--store", "sqlite"])
    assert out.exit_code == 2 and "--store postgres" in out.output
    out = runner.invoke(app, ["load", "--url", "http://127.0.0.1:9", "--spawn"])
    assert out.exit_code == 2 and "give one of them" in out.output
    with pytest.raises(LoadError, match="--spread is one of proxy, kernel"):
        LoadSpec(spread="hash").check()
    with pytest.raises(LoadError, match="--processes and --spread start servers"):
        LoadSpec(url="http://127.0.0.1:9", spread="proxy").check()
    with pytest.raises(LoadError, match="--rooms is 1 to 1000"):
        LoadSpec(rooms=0).check()
    with pytest.raises(LoadError, match="--turnover is one of new-room, new-sockets, again"):
        LoadSpec(turnover="sometimes").check()
    with pytest.raises(LoadError, match=r"\.svg"):
        LoadSpec(profile=Path("out.png")).check()
    with pytest.raises(LoadError, match="--sync is one of full, normal"):
        LoadSpec(sync="off").check()
    out = runner.invoke(app, ["load", "--url", "http://127.0.0.1:9", "--sync", "normal"])
    assert out.exit_code == 2 and "goes with --spawn, not --url" in out.output
    out = runner.invoke(app, ["serve", "--sync", "off"])
    assert out.exit_code == 2 and "--sync is one of full, normal (got 'off')" in out.output


# A deck, top first, on which each seat keeping its first card scores 7 points to 3.
SEVEN_TO_THREE = ["JH", "JD", "3D", "2D", "JC", "4S", "5S", "3H", "4H", "2S",
                  "2C", "5H", "4C", "4D", "5C", "2H", "3S", "3C", "5D", "JS"]


def finished_game(deck: list[str]) -> list[dict[str, Any]]:
    """The two players' final snapshots of a real single-match game (as the server sends)."""
    match = Match.new(get_game("love-me-not"), 2, {"matches": 1, "deck": deck}, 5)
    while not match.over:
        for seat in sorted(match.to_act):
            match.act(seat, match.legal(seat).choices[0])  # type: ignore[index]
    result = match.result()
    assert result is not None
    return [{"play": {"view": match.view(s), "result": result.to_json()}} for s in (0, 1)]


def test_a_finished_game_passes_the_end_check_and_a_wrong_score_does_not() -> None:
    finals = finished_game(SEVEN_TO_THREE)
    assert problems_at_end(finals) == []
    wrong = json.loads(json.dumps(finals))
    for final in wrong:
        final["play"]["result"]["scores"][0] += 1
    assert problems_at_end(wrong) == ["scores [8.0, 3.0] are not the recomputed [7, 3]"]


def test_a_view_that_shows_the_opponents_pile_is_caught() -> None:
    match = Match.new(get_game("love-me-not"), 2, {"matches": 1}, 9)
    for seat in (0, 1):
        match.act(seat, match.legal(seat).choices[0])  # type: ignore[index]
    assert problems_in_view(match.view(0), 0) == []
    # Seat 1's own view read as if it were seat 0's: seat 1's pile and its card kept
    # this turn are the "opponent's" secrets.
    assert problems_in_view(match.view(1), 0) == [
        "the opponent's pile is shown", "an unrevealed card of the opponent is shown"]


def test_the_generator_collects_seldom_in_its_window_and_as_before_after() -> None:
    before = gc.get_threshold()
    with collecting_seldom():
        assert gc.get_threshold() == COLLECT_EVERY
        assert gc.get_freeze_count() > 0  # what was made before the window is not scanned
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
