"""My Favourite Things: the terminal renderer shows each phase, typed text as plain text."""

from __future__ import annotations

from rich.console import Console

from parlour.engine import play
from parlour.games.my_favourite_things import GAME
from parlour.tui.my_favourite_things import action_label, render

from .scripted import match_of, scripted

MARKUP = "[bold red]Sneaky[/bold red]"
WEATHER = ["Sun", "Snow", "Fog", "Hail", "Mist", "Sleet"]


def shown(view: dict[str, object]) -> str:
    console = Console(record=True, width=240, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_every_phase_renders_and_typed_markup_stays_literal() -> None:
    state = GAME.setup(3, seed=8)
    GAME.apply(state, 0, {"category": MARKUP})
    assert MARKUP in shown(GAME.view(state, 0))
    assert "Sneaky" not in shown(GAME.view(state, 1))
    assert "Give Player 3 a category" in shown(GAME.view(state, 1))
    GAME.apply(state, 1, {"category": "Animals"})
    GAME.apply(state, 2, {"category": "Colours"})
    text = shown(GAME.view(state, 1))
    assert f"Write six things on Player 1's cards for: {MARKUP}" in text
    assert "Ideas: " in shown(GAME.view(state, 2))
    GAME.apply(state, 1, {"write": ["[i]a[/i]", "b", "c", "d", "e", "f"]})
    GAME.apply(state, 2, {"write": ["Dogs", "Owls", "Cats", "Bats", "Rats", "Slugs"]})
    GAME.apply(state, 0, {"write": ["Blue", "Red", "Teal", "Pink", "Gold", "Beige"]})
    text = shown(GAME.view(state, 1))
    assert "[i]a[/i]" in text and "only you know these ranks" in text
    assert "only you know" not in shown(GAME.view(state, None))
    GAME.apply(state, 0, {"play": "[i]a[/i]"})
    assert "This trick (led by Player 1): Player 1 [i]a[/i] ?" in shown(GAME.view(state, None))
    play(match_of(state), scripted(3, ["Weather"] * 3, [WEATHER] * 3))
    final = shown(GAME.view(state, None))
    assert "Game over" in final and "Round 2: hearts" in final and "unplayed sleeve" in final


def test_action_labels_name_the_sleeve() -> None:
    assert action_label({"play": "[b]Otters[/b]"}) == "play “[b]Otters[/b]”"
