"""My Favourite Things: the terminal renderer shows each phase, typed text as plain text."""

from __future__ import annotations

import random

from rich.console import Console

from parlour.engine import play
from parlour.games.my_favourite_things import GAME
from parlour.tui.my_favourite_things import action_label, render
from tests.games.my_favourite_things.scripted import match_of, scripted

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
    assert "Choose a category for Player 3 (your left neighbour)" in shown(GAME.view(state, 1))
    GAME.apply(state, 1, {"category": "Animals"})
    GAME.apply(state, 2, {"category": "Colours"})
    text = shown(GAME.view(state, 1))
    assert f"Write on Player 1's cards, about “{MARKUP}” (Player 1 chose it for you)" in text
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
    assert "writing…" not in final and "choosing…" not in final


def test_action_labels_name_the_sleeve() -> None:
    assert action_label({"play": "[b]Otters[/b]"}) == "play “[b]Otters[/b]”"


def row_of(text: str, player: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"│ {player} "))


def test_the_table_says_what_each_players_cards_are_about_and_who_writes_them() -> None:
    # Seat 0 chose "Villains" for Player 2, who writes on seat 0's cards: the row of seat 0
    # names the category of the cards it will hold, and Player 2 as their writer.
    state = GAME.setup(4, seed=3)
    for g, category in enumerate(["Villains", "Trees", "Cold Drinks", "Characters"]):
        GAME.apply(state, g, {"category": category})
    text = shown(GAME.view(state, 0))
    assert "Their cards are about" in text and "Written by" in text
    assert "“Villains”" in row_of(text, "You") and "Player 2" in row_of(text, "You")
    assert "“Characters”" in row_of(text, "Player 4") and "You" in row_of(text, "Player 4")
    assert "Write on Player 4's cards, about “Characters” (Player 4 chose it for you)." in text
    for w in range(4):
        legal = GAME.legal(state, w)
        GAME.apply(state, w, legal.random(random.Random(w)))
    text = shown(GAME.view(state, 0))
    assert "Your hand: the sleeves Player 2 wrote about “Villains”." in text
    assert "You wrote on Player 4's cards (only you know these ranks): 1 " in text
    assert "a Broken Heart ♡ wins if someone played a 1. ◆ leads." in text
