"""My Story with another card set: the bundled first draft, or a designer's own, given as
an option so that a record replays exactly; the terminal names that set's cards."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.bots import make_agent
from parlour.cli.main import app
from parlour.engine import ContentError, InvalidOptions, Match, Record, play, replay
from parlour.games import get_game
from parlour.games.my_story import GAME, bundled_card_set, with_cards
from parlour.games.my_story.cards import DEFAULT_PATH
from parlour.tui import my_story as tui
from parlour.tui.play import load_renderer

runner = CliRunner()


@pytest.fixture(autouse=True)
def standard_words() -> Iterator[None]:
    """The terminal renderer names the cards of the set last played (one game a process);
    put the standard set's words back for the tests that follow in this process."""
    yield
    tui.use_words(GAME.words())


def document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEFAULT_PATH.read_text())
    return data


def renamed() -> dict[str, Any]:
    """The standard set with every Life Story renamed "Chapter N"."""
    data = document()
    data["name"] = "Chapters"
    for card in data["cards"]:
        if card["kind"] == "life_story":
            card["name"] = f"Chapter {card['id'][1:]}"
    return data


def test_every_achievement_says_its_own_tiers() -> None:
    for ach in GAME.card_set.achievements.values():
        rule, arg = next(iter(ach.score.items()))
        if rule == "tiers":
            steps = "/".join(str(t) for t, _ in arg)
            points = "/".join(str(vp) for _, vp in arg)
            assert re.search(rf"{steps}\+? give {points} VP", ach.text), ach.name


def test_the_first_draft_is_bundled_and_differs_where_the_lab_rebalanced() -> None:
    draft, standard = bundled_card_set("first-draft"), GAME.card_set
    # Sabbatical gave 5 VP for 1 Money and 1 Smile; now 2 VP, and a year.
    assert (draft.cards["P22"].vp, dict(draft.cards["P22"].requirement)) == \
        (5, {"money": 1, "smile": 1})
    assert (standard.cards["P22"].vp, dict(standard.cards["P22"].requirement)) == \
        (2, {"years": 1, "money": 1, "smile": 1})
    # Every Life Story slot costs a year; the first draft's last two were free.
    assert [s.get("years", 0) for s in draft.life_slots] == [1, 1, 1, 0, 0]
    assert [s.get("years", 0) for s in standard.life_slots] == [1, 1, 1, 1, 1]
    assert all(r.requirement.get("years") == 1 for r in standard.reunions.values())
    assert dict(draft.achievements["A03"].score) == {"per": 3}


def test_a_card_set_option_plays_that_set_with_its_words_and_replays() -> None:
    match = Match.new(GAME, 2, {"cards": renamed()}, seed=4)
    assert match.game is not GAME and match.game.card_set.name == "Chapters"
    assert match.game.words()["cards"]["L01"]["name"] == "Chapter 01"
    assert match.state.card_set is match.game.card_set
    agents = [make_agent(match.game, "heuristic", s, s) for s in range(2)]
    result = play(match, agents)
    again = replay(Record.loads(match.record.dumps()), get_game)
    assert again.over and again.result() == result
    assert again.game.words()["cards"]["L01"]["name"] == "Chapter 01"


def test_the_same_document_is_parsed_once_and_wired_once() -> None:
    a = GAME.for_options({"cards": renamed()})
    b = GAME.for_options({"cards": renamed()})
    assert a is b and a.for_options({"cards": renamed()}) is a
    assert GAME.for_options({"card_set": "first-draft"}).card_set is \
        bundled_card_set("first-draft")
    assert GAME.for_options({}) is GAME


def test_a_game_built_with_cards_plays_its_own_set_by_default() -> None:
    own = with_cards(bundled_card_set("first-draft"))
    assert own.setup(2, {}, 1).card_set is own.card_set
    assert own.setup(2, {"card_set": "standard"}, 1).card_set is own.card_set


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"][3].update(vp="two"),
     "card set: cards[3] (L04): field 'vp' must be a whole number (got 'two')"),
    (lambda d: d["cards"][40].update(bonus={"gold": 1}),
     "card set: cards[40] (O04) bonus: unknown icon 'gold'"),
    (lambda d: d["achievements"].pop(), "the box holds 14 Achievement cards"),
])
def test_a_bad_card_set_option_is_refused_naming_the_card_and_field(change: Any,
                                                                    message: str) -> None:
    data = document()
    change(data)
    with pytest.raises(ContentError, match=re.escape(message)):
        Match.new(GAME, 2, {"cards": data}, seed=1)
    with pytest.raises(InvalidOptions, match="must be one of standard, first-draft"):
        GAME.setup(2, {"card_set": "deluxe"})


def test_the_terminal_names_the_cards_of_the_set_being_played() -> None:
    match = Match.new(GAME, 2, {"cards": renamed()}, seed=2)
    renderer = load_renderer("my-story", match.game.words())
    console = Console(width=200, record=True)
    console.print(renderer.render(match.view(0)) if renderer else "")
    text = console.export_text()
    assert "Chapter " in text
    assert not any(c.name in text for c in GAME.card_set.of_kind("life_story")
                   if c.name not in ("Chapters",))


def test_cli_plays_simulates_and_studies_a_card_set_file(tmp_path: Path) -> None:
    path = tmp_path / "chapters.json"
    path.write_text(json.dumps(renamed()))
    out = runner.invoke(app, ["play", "my-story", "--seed", "3", "--cards", str(path)],
                        input="1\n" * 3000)
    assert out.exit_code == 0, out.output[-1500:]
    assert "Chapter " in out.output and "Score sheet" in out.output
    out = runner.invoke(app, ["simulate", "my-story", "-n", "2", "--jobs", "1", "--json",
                              "--cards", str(path)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout.strip().splitlines()[-1])["games"] == 2


def test_cli_names_the_bad_card_before_playing(tmp_path: Path) -> None:
    data = copy.deepcopy(document())
    data["cards"][12]["requirement"] = {"money": -1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    for command in (["lab", "my-story", "-n", "1"], ["simulate", "my-story", "-n", "1"],
                    ["play", "my-story"]):
        out = runner.invoke(app, [*command, "--cards", str(path)])
        assert out.exit_code == 2
        assert "cards[12] (L13) requirement: icon 'money' needs a whole number ≥ 0 (got -1)" \
            in " ".join(out.output.split())
    out = runner.invoke(app, ["lab", "love-me-not", "-n", "1", "--cards", str(path)])
    said = " ".join(out.output.split())
    assert out.exit_code == 2 and "--cards is for a game's own content, and Love Me Not takes " \
        "none (the games that do: My Favourite Things, What's It to Ya?, Take Your Pick, " \
        "My Story)" in said
