"""Take Your Pick: the terminal renderer shows the view, and phrases as plain text."""

from __future__ import annotations

import random

from rich.console import Console

from parlour.bots import make_agent
from parlour.engine import Agent, Match
from parlour.games.take_your_pick import GAME
from parlour.tui.play import TerminalPlayer
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
    assert "You read to Player 1: Sea / Sky" in screen
    subject = shown(GAME.view(state, 0))
    assert "Player 2 reads to you: Sea / Sky" in subject and "Quiet" not in subject
    GAME.apply(state, 0, {"pick": "Sky"})
    assert "Player 2: Sea / Sky — predicted Sea, Player 1 picked Sky ✗" in shown(
        GAME.view(state, None))
    for phrase in ("Tea", "Up", "Salt"):
        GAME.apply(state, 0, {"pick": phrase})
    screen = shown(GAME.view(state, 1))  # round 2: the cards of round 1 are still shown
    assert "round 2 of 3" in screen and "Cards read in round 1:" in screen
    assert "Player 3: Salt / Pepper — predicted Salt, Player 1 picked Salt ✓" in screen


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


def test_before_arranging_a_reader_is_told_what_to_predict_and_that_a_miss_ends_the_turn() -> None:
    match = Match.new(GAME, 4, {"first_subject": 1}, seed=4)
    bots: dict[int, Agent] = {s: make_agent(GAME, "persona", s, s) for s in (1, 2, 3)}
    console = Console(record=True, width=100, color_system=None)

    def read(prompt: str) -> str:
        console.print(prompt)  # the prompt on the screen where the person sees it
        return {"Reading": "1 2 3", "Your pr": "1", "Choose ": "1"}[prompt[:7]]

    TerminalPlayer(match, bots, console, read).run()
    screen = " ".join(console.export_text().split())
    told = screen.index("Your move: Predict which phrase Player 2 will pick on each of your"
                        " cards when asked “Which of these describes you best?”")
    assert told < screen.index("Reading order (first = read first)")
    assert "the first wrong one ends your turn, and the cards after it are not read." in screen
    # As the Subject (round 4), seat 0 is asked the question, once.
    assert "Your move: Which of these describes you best? Pick one, honestly." in screen


def test_after_a_miss_the_reader_still_sees_its_whole_hand() -> None:
    state = GAME.setup(3, {"deck": DECK, "first_subject": 0}, seed=1)
    GAME.apply(state, 1, {"guesses": ["Sea", "Quiet", "Cats"]})
    GAME.apply(state, 2, {"guesses": ["Tea", "Up", "Salt"]})
    GAME.apply(state, 0, {"pick": "Sea"})
    GAME.apply(state, 0, {"pick": "[bold]Loud[/bold]"})  # the second card misses
    screen = shown(GAME.view(state, 1))
    assert "1. Sea / Sky ✓ picked Sea" in screen
    assert "2. [bold]Loud[/bold] / Quiet ✗ picked [bold]Loud[/bold]" in screen
    assert "3. Cats / Dogs not read: your turn ended at the miss" in screen
    assert "Cats" not in shown(GAME.view(state, 2)) + shown(GAME.view(state, None))
