"""Words that every game's narration (``Game.narrate``) needs: lists, counts, the end.

>>> listing(["Ann", "Bob", "Cy"])
'Ann, Bob and Cy'
>>> counted(1, "heart"), counted(3, "heart")
('1 heart', '3 hearts')
>>> game_over(["Ann", "Bob", "Cy"], [0, 2], counted(4, "heart"))
'The game is over: Ann and Cy share the victory with 4 hearts.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

Beat = Literal["short", "long", "finale"]
"""How big a moment a move made (``Game.beat``): ``short`` (a card read, a trick won),
``long`` (a round's table of rankings or guesses, a match's end with its piles and sums),
``finale`` (the game's end)."""


def listing(items: Sequence[str]) -> str:
    """Items as said aloud: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


def counted(count: int, word: str) -> str:
    """A count with its noun, plural when it is not one (regular nouns only)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def default_name(seat: int) -> str:
    """What a seat is called when nobody has named it: seat 0 is "Player 1"."""
    return f"Player {seat + 1}"


def default_names(players: int) -> list[str]:
    """``default_name`` of every seat."""
    return [default_name(s) for s in range(players)]


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's display name (or its default name if the caller gave too few names)."""
    return names[seat] if 0 <= seat < len(names) else default_name(seat)


def game_over(names: Sequence[str], winners: Sequence[int], amount: str) -> str:
    """The game's last sentence: who won (or shared the victory) and with how much."""
    if not winners:
        return "The game is over."
    if len(winners) == 1:
        return f"The game is over: {seat_name(names, winners[0])} wins with {amount}."
    who = listing([seat_name(names, s) for s in winners])
    return f"The game is over: {who} share the victory with {amount}."
