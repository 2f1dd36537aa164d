"""The terminal's renderer registry: every game's screens declared in one place, the
generic screens for a game with none, and a broken renderer an error, never a fallback."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from parlour.bots import make_agent
from parlour.engine import Match
from parlour.games import game_ids, get_game
from parlour.tui import (
    RENDERERS,
    GenericRenderer,
    RendererError,
    TerminalPlayer,
    load_renderer,
    renderers,
)
from tests.engine.sixth_game import GAME as SIXTH


def shown(thing: Any) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(thing)
    return console.export_text()


def test_every_game_that_ships_has_its_own_screens_registered() -> None:
    assert sorted(RENDERERS) == sorted(game_ids())
    for game_id in game_ids():
        renderer = load_renderer(game_id, get_game(game_id).words())
        assert not isinstance(renderer, GenericRenderer), game_id
    lmn = load_renderer("love-me-not", get_game("love-me-not").words())
    assert lmn.action_label({"keep": "JH"}) == "keep J♥ (the other goes to your pile)"
    view = Match.new(get_game("love-me-not"), 2, {}, 1).view(0)
    assert "You drew            [J♦] [2♥]" in shown(lmn.render(view))


def test_a_game_without_an_entry_gets_the_generic_screens() -> None:
    assert SIXTH.id not in RENDERERS
    renderer = load_renderer(SIXTH.id, SIXTH.words())
    assert isinstance(renderer, GenericRenderer)
    assert renderer.action_label({"guess": "high"}) == "guess: high"
    view = Match.new(SIXTH, 2, {}, 3).view(0)
    assert "'seat': 0" in shown(renderer.render(view))
    assert renderer.result(Match.new(SIXTH, 2, {}, 3).result(), ["A", "B"]) is None  # type: ignore[arg-type]


BROKEN = """
from parlour.tui.love_me_not import no_such_function


def render(view):
    return "never reached"
"""


@pytest.mark.parametrize("path, fault", [
    ("parlour.tui.no_such_module", "No module named 'parlour.tui.no_such_module'"),
    ("broken_renderer", "cannot import name 'no_such_function'"),
    ("parlour.tui.renderers", "it has no function render()"),
])
def test_a_registered_renderer_that_cannot_load_is_an_error(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, path: str, fault: str) -> None:
    (tmp_path / "broken_renderer.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(tmp_path)
    monkeypatch.setitem(renderers.RENDERERS, "love-me-not", path)
    with pytest.raises(RendererError, match=f"the terminal renderer of love-me-not "
                                            f"\\({path}\\) cannot be loaded: .*{re.escape(fault)}"):
        load_renderer("love-me-not", {})
    match = Match.new(get_game("love-me-not"), 2, {}, 1)
    with pytest.raises(RendererError):
        TerminalPlayer(match, {1: make_agent(match.game, "random", 1, 0)},
                       Console(file=io.StringIO()), input)
