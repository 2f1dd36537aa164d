"""What's It to Ya?: the terminal renderer."""

from __future__ import annotations

from rich.console import Console

from parlour.bots import make_agent
from parlour.engine import Agent, Match
from parlour.games.whats_it_to_ya import GAME, STANDARD
from parlour.tui.play import TerminalPlayer
from parlour.tui.whats_it_to_ya import action_label, render

WORDS = STANDARD.words("front")


def shown(view: dict[str, object]) -> str:
    console = Console(record=True, width=140, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_screen_shows_the_table_the_dealer_and_who_has_ranked() -> None:
    match = Match.new(GAME, 3, {"deck": WORDS[:30], "first_dealer": 1}, seed=1)
    match.act(0, {"rank": WORDS[:5]})
    text = shown(match.view(2))
    assert "round 1 of 6" in text and "dealer: Player 2" in text
    assert all(w in text for w in WORDS[:5])
    assert "Guess how Player 2 ranks these five" in text
    mine = shown(match.view(0))
    assert "Your ranking" in mine and "1. " + WORDS[0] in mine


def test_the_reveal_shows_every_token_and_the_cards_taken() -> None:
    match = Match.new(GAME, 3, {"deck": WORDS[:30], "first_dealer": 0}, seed=1)
    order = WORDS[:5]
    match.act(0, {"rank": order})
    match.act(1, {"rank": order})
    match.act(2, {"rank": order[::-1]})
    text = shown(match.view(None))
    assert "Round 1: Player 1 dealt" in text
    # Seat 1 matched all five cards; seat 2, reversed, matched only the middle one.
    assert text.count("✓") == 6
    assert "Player 2 takes: " + "  ·  ".join(order) in text


def test_words_are_shown_as_text_never_as_markup() -> None:
    deck = ["[bold]Bold[/bold]", "[red]Red", *WORDS[:28]]
    match = Match.new(GAME, 3, {"deck": deck, "first_dealer": 0}, seed=1)
    text = shown(match.view(1))
    assert "[bold]Bold[/bold]" in text and "[red]Red" in text


def test_action_label() -> None:
    assert action_label({"rank": ["A", "B", "C", "D", "E"]}) == "rank: A > B > C > D > E"


def test_the_final_screen_names_the_winner() -> None:
    match = Match.new(GAME, 3, {"deck": WORDS[:30], "first_dealer": 0}, seed=1)
    while not match.over:
        order = list(match.state.table)
        dealer = match.state.dealer
        for seat in range(3):
            guess = order if seat in (dealer, 2) else order[1:] + order[:1]
            match.act(seat, {"rank": guess})
    text = shown(match.view(None))
    assert "game over after 6 rounds" in text
    # Seat 2 wins 5 cards in each of the 4 rounds it guesses, and nobody guesses it right
    # when it deals (twice), so it discards one card each time: 20 - 2 = 18.
    assert "18 (wins)" in text and "(wins)" not in text.replace("18 (wins)", "")
    assert "Player 3 (dealer) discards" in text


def play_in_terminal(players: int, seed: int) -> tuple[str, list[str]]:
    """A whole game in the terminal: a person in seat 0 (always answering "1 2 3 4 5"),
    persona bots in the other seats. Returns the screen and every prompt."""
    match = Match.new(GAME, players, {"first_dealer": 1}, seed)
    bots: dict[int, Agent] = {s: make_agent(GAME, "persona", s, s) for s in range(1, players)}
    console = Console(record=True, width=100, color_system=None)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "1 2 3 4 5"

    TerminalPlayer(match, bots, console, read).run()
    return console.export_text(), prompts


def test_a_newcomer_is_told_what_to_rank_and_that_the_first_matters_most() -> None:
    screen, prompts = play_in_terminal(4, seed=3)
    # Seat 0 deals twice and guesses six times; every prompt says which ranking it is.
    own = [p for p in prompts if p.startswith("Your own ranking — what matters most to you first")]
    guesses = [p for p in prompts
               if p.startswith("Your guess at the dealer's ranking — what matters most to them")]
    assert (len(own), len(guesses), len(prompts)) == (2, 6, 8)
    assert all("type all 5 numbers in order (e.g. 2 3 4 5 1)" in p for p in prompts)
    # The screen names the dealer whose ranking is guessed, and tells the dealer the stakes.
    text = " ".join(screen.split())
    assert "Your move: Guess how Player 2 ranks these five: the one that matters most to" \
           " Player 2 first." in text
    assert "Your move: You are the dealer: rank these five by how much each matters to you" in text
    assert "You win no cards this round" in text
    assert "dealt (tokens: 1 = most important)" in text


def test_a_tie_says_why_each_takes_fewer_cards() -> None:
    match = Match.new(GAME, 3, {"deck": WORDS[:30], "first_dealer": 0}, seed=1)
    order = WORDS[:5]
    for seat in range(3):
        match.act(seat, {"rank": order})  # both guessers match all five: a tie
    text = " ".join(shown(match.view(1)).split())
    assert "2 players tied with 5 correct: they take 2 cards each" in text
    assert "You take: " + " · ".join(order[:2]) in text
    assert "Player 3 takes: " + " · ".join(order[2:4]) in text
