"""``parlour games``, ``play`` and ``replay``, driven as a user would (stdin piped)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.main import app

runner = CliRunner()


def test_games_lists_love_me_not() -> None:
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0
    assert "love-me-not" in out.output and "2–2" in out.output


def test_play_love_me_not_from_piped_input_to_the_end() -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--bot", "greedy", "--seed", "3"],
                        input="2\n" * 40)
    assert out.exit_code == 0, out.output
    assert "You drew" in out.output
    assert "Game over" in out.output and "Scores" in out.output


def test_play_rejects_bad_input_and_asks_again() -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--seed", "3", "--options",
                              '{"matches": 1}'], input="9\nx\n" + "1\n" * 20)
    assert out.exit_code == 0, out.output
    assert "Type a number from 1 to 2." in out.output


def test_play_hot_seat_hides_each_players_hand_from_the_other() -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--humans", "2", "--seed", "1", "--options",
                              '{"matches": 1}'], input="\n1\n" * 40)
    assert out.exit_code == 0, out.output
    assert out.output.count("Pass the keyboard to player 2") >= 5


def test_play_stops_cleanly_when_input_ends() -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--seed", "3"], input="1\n")
    assert out.exit_code == 2
    assert "input ended" in out.output


def test_replay_json_is_exactly_over_result_view(tmp_path: Path) -> None:
    records = tmp_path / "g.jsonl"
    runner.invoke(app, ["simulate", "love-me-not", "-n", "1", "--json", "--jobs", "1",
                        "--out", str(records)])
    path = tmp_path / "r.json"
    path.write_text(records.read_text().splitlines()[0])
    out = runner.invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert sorted(data) == ["over", "result", "view"]
    assert data["over"] is True and data["view"]["seat"] is None
    assert data["result"]["winners"]


def test_replay_reports_an_illegal_action_with_its_index(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "love-me-not", "players": 2, "seed": 1,
                                "options": {}, "actions": [{"seat": 0, "action": {"keep": "ZZ"}}]}))
    out = runner.invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 2
    assert "action 0" in out.output


def test_play_my_story_to_the_end_shows_the_score_sheet() -> None:
    out = runner.invoke(app, ["play", "my-story", "--players", "2", "--seed", "1"],
                        input="1\n" * 3000)
    assert out.exit_code == 0, out.output[-2000:]
    sheet = out.output[out.output.index("Score sheet"):]
    for area in ("achievements", "life stories", "projects", "majorities", "retirement", "total"):
        assert area in sheet


def test_play_tells_what_each_move_made_public() -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--seed", "3", "--options",
                              '{"matches": 1}'], input="1\n" * 20)
    assert out.exit_code == 0, out.output
    lines = [line.strip() for line in out.output.splitlines()]
    for turn in (1, 2, 3):
        assert sum(line.startswith(f"• Player {s}'s card from turn {turn}: ")
                   for line in lines for s in (1, 2)) == 2
    assert sum(line.startswith("• Match 1: Player 1 ") for line in lines) == 1


PARTY_CONTENT = {
    "take-your-pick": ({"pairs": [[f"Tea {i}", f"Coffee {i}"] for i in range(30)]},
                       ["1", "1 2 3"], "Tea 1 / Coffee 1"),
    "whats-it-to-ya": ({"cards": {"name": "Kitchen", "categories": ["food", "tools"], "cards": [
        {"front": {"word": f"Spoon {i}", "category": "tools"},
         "back": {"word": f"Soup {i}", "category": "food"}} for i in range(40)]}},
        ["1", "1 2 3 4 5"], "Spoon "),
    "my-favourite-things": ({"categories": [
        {"name": "Teas", "loved": ["Green", "Black", "Mint", "Chai", "Earl Grey", "Rooibos",
                                   "Jasmine", "Oolong", "Camomile"],
         "disliked": ["Lukewarm", "Stewed", "Bitter"]},
        {"name": "Board games", "loved": ["Chess", "Go", "Catan", "Scrabble", "Risk", "Cluedo",
                                          "Carcassonne", "Azul", "Dixit"],
         "disliked": ["Monopoly", "Snakes and Ladders", "Ludo"]}]},
        ["a", "b", "c", "d", "e", "1", "1 2 3 4 5 6"], "Ideas: Teas, Board games"),
}


@pytest.mark.parametrize("game_id", sorted(PARTY_CONTENT))
def test_a_party_game_plays_the_designers_own_content_in_the_terminal(
        tmp_path: Path, game_id: str) -> None:
    options, answers, shown = PARTY_CONTENT[game_id]
    path = tmp_path / "own.json"
    path.write_text(json.dumps(options))
    # Answers that every prompt eventually takes (a refused one is asked again); the
    # entries a player writes are kept different from one another.
    lines = [f"{a}{i}" if a.isalpha() else a for i in range(400) for a in answers]
    out = runner.invoke(app, ["play", game_id, "--players", "3", "--seed", "1",
                              "--options", f"@{path}"], input="\n".join(lines) + "\n")
    assert out.exit_code == 0, out.output[-1500:]
    assert shown in out.output and "Scores — " in out.output
