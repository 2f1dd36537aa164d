"""A sixth game, written by following docs/adding-a-game.md, plays everywhere untouched:
the contract checks, the bots, the terminal and the server."""

from __future__ import annotations

from rich.console import Console

from parlour.bots import make_agent
from parlour.engine import Match, play
from parlour.engine.conformance import play_random
from parlour.tui import TerminalPlayer
from tests.engine.sixth_game import GAME, HighOrLowState


def test_it_keeps_the_contract_at_every_player_count() -> None:
    for players in (2, 3, 4):
        record = play_random(GAME, players, seed=players, check=True)
        assert len(record.actions) == 2 * players  # a colour and a guess each


def test_the_generic_bots_play_it_from_their_views() -> None:
    match: Match[HighOrLowState] = Match.new(GAME, 3, {}, seed=5)
    result = play(match, [make_agent(GAME, name, s, s)
                          for s, name in enumerate(["random", "mcts:20", "random"])])
    assert result.scores == [float(p) for p in match.state.points]
    numbers = match.state.numbers
    for seat, guess in enumerate(match.state.guesses):
        right = (guess == "high") == (numbers[(seat + 1) % 3] >= 6)
        assert match.state.points[seat] == int(right)


def test_the_terminal_plays_it_with_its_generic_screens() -> None:
    answers = iter(["Teal", "1"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console = Console(record=True, width=120)
    match: Match[HighOrLowState] = Match.new(GAME, 2, {}, seed=3)
    TerminalPlayer(match, {1: make_agent(GAME, "random", 1, 0)}, console, read).run()
    text = console.export_text()
    assert match.state.colours[0] == "Teal" and match.state.guesses[0] == "high"
    assert prompts == ["Your lucky colour: ", "Choose 1–2: "]
    assert "1) guess: high" in text and "Player 1 guesses high." in text
    assert "Game over" in text and "Scores — Player 1: " in text
