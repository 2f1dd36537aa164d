"""``--cards FILE``: a game's own content from a file, given to the option the game marks
as its content (as the lobby's upload is), in ``play``, ``simulate`` and ``lab``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.common import content_option
from parlour.cli.main import app
from parlour.engine import InvalidOptions, Option, Record
from parlour.games import game_ids, get_game

runner = CliRunner()
PAIRS = [[f"Tea {i}", f"Coffee {i}"] for i in range(30)]


def said(output: str) -> str:
    return " ".join(output.split())


def test_each_game_with_content_marks_exactly_one_option_for_the_file() -> None:
    found = {gid: content_option(get_game(gid).options) for gid in game_ids()}
    assert found == {"love-me-not": None, "my-favourite-things": "categories",
                     "whats-it-to-ya": "cards", "take-your-pick": "pairs", "my-story": "cards"}


def test_a_game_with_two_content_options_asks_for_them_in_options() -> None:
    options = (Option("cards", dict, None, content=True), Option("words", list, None,
                                                                 content=True))
    with pytest.raises(InvalidOptions, match=r"several options carry content \(cards, words\)"):
        content_option(options)


def test_simulate_plays_a_party_games_own_pairs_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(PAIRS))
    records = tmp_path / "games.jsonl"
    out = runner.invoke(app, ["simulate", "take-your-pick", "--players", "3", "-n", "2",
                              "--jobs", "1", "--json", "--cards", str(path),
                              "--out", str(records)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout.strip().splitlines()[-1])["games"] == 2
    for line in records.read_text().splitlines():
        assert Record.loads(line).options["pairs"] == PAIRS


def test_a_bad_content_file_is_named_before_any_game_is_played(tmp_path: Path) -> None:
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps([["Tea", "Coffee"], ["tea", "Milk"], *PAIRS]))
    for command in (["play", "take-your-pick"], ["simulate", "take-your-pick", "-n", "1"],
                    ["lab", "take-your-pick", "-n", "1"]):
        out = runner.invoke(app, [*command, "--players", "3", "--cards", str(path)])
        assert out.exit_code == 2
        assert "option 'pairs' entry 1: the phrase 'tea' is already on entry 0" \
            in said(out.output)


def test_a_content_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pairs.json"
    path.write_text("[['Tea', 'Coffee']]")
    out = runner.invoke(app, ["simulate", "take-your-pick", "--cards", str(path)])
    assert out.exit_code == 2 and "--cards is not valid JSON" in said(out.output)
    out = runner.invoke(app, ["simulate", "take-your-pick", "--cards", str(tmp_path / "no")])
    assert out.exit_code == 2 and "--cards: cannot read" in said(out.output)


def test_the_lab_report_names_the_file_in_the_command_that_makes_it_again(
        tmp_path: Path) -> None:
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(PAIRS))
    out = runner.invoke(app, ["lab", "take-your-pick", "--players", "3", "-n", "2",
                              "--workers", "1", "--cards", str(path), "--options",
                              '{"subject_turns": 2}', "--out", str(tmp_path / "report")])
    assert out.exit_code == 0, out.output
    page = (tmp_path / "report" / "index.html").read_text()
    made_by = page.split("Made by <code>", 1)[1].split("</code>", 1)[0]
    assert made_by == ("parlour lab take-your-pick --players 3 --bots persona -n 2 --seed 0 "
                       "--options &#x27;{&quot;subject_turns&quot;: 2}&#x27; "
                       f"--cards {path}")


def test_a_lab_comparison_of_two_content_files_names_both(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(PAIRS))
    second.write_text(json.dumps(PAIRS[::-1]))
    out = runner.invoke(app, ["lab", "take-your-pick", "--players", "3", "-n", "2",
                              "--workers", "1", "--cards", str(first), "--vs-cards",
                              str(second), "--out", str(tmp_path / "report")])
    assert out.exit_code == 0, out.output
    page = (tmp_path / "report" / "index.html").read_text()
    made_by = page.split("Made by <code>", 1)[1].split("</code>", 1)[0]
    assert made_by == ("parlour lab take-your-pick --players 3 --bots persona -n 2 --seed 0 "
                       f"--cards {first} --vs-cards {second}")
