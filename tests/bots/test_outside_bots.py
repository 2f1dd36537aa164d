"""Bring your own bot: ``module:Class`` specs and installed entry points, named in one
place (``parlour.bots.make_agent``) for ``simulate``, ``lab``, ``play`` and server seats,
where only the bots the operator allows may sit."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.bots import allow_bots, bot_names, make_agent, specs
from parlour.cli.main import app
from parlour.engine import UnknownBot
from parlour.games import get_game
from parlour.server.config import Settings
from parlour.server.errors import RoomError
from parlour.server.rooms.lobby import Lobby, Seat

runner = CliRunner()

# Keeps the higher card (by rank, the jack highest) and counts its moves in a file, so
# a test can tell that it was the one playing.
BOT = '''
from pathlib import Path

ORDER = "2345J"


class HighCard:
    games = ("love-me-not",)

    def __init__(self, game, seat, seed):
        self.log = Path(__file__).with_name("moves.txt")

    def act(self, view, legal):
        with self.log.open("a") as f:
            f.write("x")
        return max(legal.choices, key=lambda a: ORDER.index(a["keep"][0]))


class Mute:
    def __init__(self, game, seat, seed):
        pass


NOT_A_BOT = 3
'''


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``mybots.py`` in a fresh directory, which is the current one (and not on the path)."""
    (tmp_path / "mybots.py").write_text(BOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    yield tmp_path
    sys.modules.pop("mybots", None)
    allow_bots([])


def test_simulate_plays_a_bot_from_a_module_in_the_current_directory(module: Path) -> None:
    out = runner.invoke(app, ["simulate", "love-me-not", "-n", "30", "--bots",
                              "mybots:HighCard,random", "--json", "--jobs", "1",
                              "--options", '{"matches": 1}'])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["games"] == 30
    assert len((module / "moves.txt").read_text()) == 30 * 5  # five keeps a match


def test_lab_and_play_take_the_same_spec(module: Path) -> None:
    out = runner.invoke(app, ["play", "love-me-not", "--humans", "0", "--bots",
                              "mybots:HighCard,greedy", "--seed", "2", "--options",
                              '{"matches": 1}'])
    assert out.exit_code == 0, out.output
    assert len((module / "moves.txt").read_text()) == 5
    out = runner.invoke(app, ["lab", "love-me-not", "--bots", "mybots:HighCard,greedy",
                              "-n", "2", "--workers", "1", "--options", '{"matches": 1}'])
    assert out.exit_code == 0, out.output
    assert len((module / "moves.txt").read_text()) == 5 + 2 * 5
    agent = make_agent(get_game("love-me-not"), "mybots:HighCard", 0, 1)
    assert type(agent).__name__ == "HighCard"


def test_bad_specs_are_refused_with_the_reason(module: Path) -> None:
    game = get_game("love-me-not")
    cases = {"nosuchmodule:Bot": "no module named 'nosuchmodule'",
             "mybots:Nobody": "has no 'Nobody'",
             "mybots:NOT_A_BOT": "is not a class or function",
             "mybots:Mute": "has no act",
             "nobot": "no bot 'nobot' for love-me-not"}
    for name, reason in cases.items():
        with pytest.raises(UnknownBot, match=reason):
            make_agent(game, name, 0, 0)
    with pytest.raises(UnknownBot, match="does not play whats-it-to-ya"):
        make_agent(get_game("whats-it-to-ya"), "mybots:HighCard", 0, 0)
    out = runner.invoke(app, ["simulate", "love-me-not", "-n", "2", "--bots",
                              "mybots:Nobody,greedy"])
    assert out.exit_code == 2 and "has no 'Nobody'" in out.output


def test_an_installed_entry_point_is_named_by_its_name(module: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.append(str(module))
    found = [EntryPoint(name="highcard", value="mybots:HighCard", group="parlour.bots")]

    def entry_points(group: str) -> list[EntryPoint]:
        return found if group == specs.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(specs, "entry_points", entry_points)
    agent = make_agent(get_game("love-me-not"), "highcard", 1, 0)
    assert type(agent).__name__ == "HighCard"
    assert specs.installed() == {"highcard": "mybots:HighCard"}


def test_server_seats_only_the_bots_the_operator_allows(module: Path) -> None:
    lobby = Lobby("love-me-not", {}, [Seat(), Seat()], 0, "host", Settings())
    with pytest.raises(RoomError, match="no bot 'mybots:HighCard'"):
        lobby.add_bot(1, "mybots:HighCard")
    assert "mybots" not in sys.modules  # a host cannot make the server import a module
    allow_bots(["mybots:HighCard"])
    assert "mybots:HighCard" in bot_names(get_game("love-me-not"))
    assert "mybots:HighCard" not in bot_names(get_game("whats-it-to-ya"))
    lobby.add_bot(1, "mybots:HighCard")
    assert lobby.seats[1].bot == "mybots:HighCard"
    with pytest.raises(UnknownBot, match="no module named 'elsewhere'"):
        allow_bots(["elsewhere:Bot"])  # an operator's mistake fails at start


def test_the_operators_list_reaches_every_server_process(module: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import parlour.server
    from parlour.server.http.app import create_app

    sys.path.append(str(module))
    told: list[Settings] = []
    monkeypatch.setattr(parlour.server, "serve", told.append)
    # Each process behind the proxy is a `parlour serve` of its own, told on its command line.
    out = runner.invoke(app, ["serve", "--port", "8001", "--allow-bot", "mybots:HighCard"])
    assert out.exit_code == 0, out.output
    assert told[0].allowed_bots == ("mybots:HighCard",)
    create_app(told[0])
    assert "mybots:HighCard" in bot_names(get_game("love-me-not"))
    create_app(Settings())
    assert "mybots:HighCard" not in bot_names(get_game("love-me-not"))
