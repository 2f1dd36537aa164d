"""Take Your Pick: the terminal renderer shows the view, and phrases as plain text."""

from __future__ import annotations

import random

from rich.console import Console

from parlour.games.take_your_pick import GAME
from parlour.tui.take_your_pick import action_label, render

DECK = [["[bold]Loud[/bold]", "Quiet"], ["Tea", "Coffee"], ["Cats", "Dogs"],
        ["Up", "Down"], ["Sea", "Sky"], ["Salt", "Pepper"]]


def shown(view: dict[str, object]) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_a_readers_screen_shows_their_cards_and_predictions() -> None:
    state = GAME.setup(3, {"deck": DECK, "first_subject": 0}, seed=1)
    screen = shown(GAME.view(state, 1))
    assert "round 1 of 3" in screen and "the Subject is Player 1" in screen
    assert "[bold]Loud[/bold] / Quiet" in screen  # markup in a phrase is shown as text
    GAME.apply(state, 1, {"guesses": ["Sea", "Quiet", "Cats"]})
    GAME.apply(state, 2, {"guesses": ["Tea", "Up", "Salt"]})
    screen = shown(GAME.view(state, 1))
    assert "1. Sea / Sky" in screen and "3. Cats / Dogs" in screen
    assert "You read: Sea / Sky" in screen
    subject = shown(GAME.view(state, 0))
    assert "Player 2 reads: Sea / Sky" in subject and "Quiet" not in subject
    GAME.apply(state, 0, {"pick": "Sky"})
    assert "Player 2: Sea / Sky ✗ picked Sky" in shown(GAME.view(state, None))
    for phrase in ("Tea", "Up", "Salt"):
        GAME.apply(state, 0, {"pick": phrase})
    screen = shown(GAME.view(state, 1))  # round 2: the cards of round 1 are still shown
    assert "round 2 of 3" in screen and "Cards read in round 1:" in screen
    assert "Player 3: Salt / Pepper ✓ picked Salt" in screen


def test_every_state_of_a_random_game_renders() -> None:
    rng = random.Random(2)
    state = GAME.setup(5, {"variant": "large-group"}, seed=2)
    while not GAME.is_over(state):
        shown(GAME.view(state, min(GAME.to_act(state))))
        shown(GAME.view(state, None))
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.rollout_action(state, seat, rng))
    assert "game over after 5 rounds" in shown(GAME.view(state, None))


def test_action_labels() -> None:
    assert action_label({"pick": "Tea"}) == "pick “Tea”"
    assert action_label({"guesses": ["Sea", "Quiet"]}) == (
        "predict, in reading order: Sea → Quiet")
