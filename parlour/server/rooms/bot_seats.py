"""Bots as players see them: a person's name and a level in players' words ("Robin · bot,
hard"), never the engine's name for the bot (``mcts``, ``cfr``...), which stays for the
API's clients (``room.bots``).

Each game's levels name its bots from easiest to hardest; a game without an entry here
(a sixth game) gets the random bot as easy, its default as medium and the search bot as
hard.

>>> from parlour.games import get_game
>>> levels(get_game("love-me-not"))
{'easy': 'random', 'medium': 'greedy', 'hard': 'cfr'}
>>> level_of(get_game("love-me-not"), "mcts"), level_of(get_game("my-story"), "mcts")
('hard', 'hard')
>>> bot_label("Robin", "hard")
'Robin · bot, hard'
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from parlour.engine import Game

from ..errors import RoomError
from .names import looks_alike

LEVELS = ("easy", "medium", "hard")
GAME_LEVELS: dict[str, dict[str, str]] = {
    # cfr and mcts beat the default bots (docs/research.md).
    "love-me-not": {"easy": "random", "medium": "greedy", "hard": "cfr"},
    "my-story": {"easy": "random", "medium": "heuristic", "hard": "mcts"},
    # The party games' random bots would write gibberish: their easy bot writes like the
    # others and plays at random, and search adds nothing to a guess about a person.
    "my-favourite-things": {"easy": "persona", "medium": "fan"},
    "whats-it-to-ya": {"easy": "random", "medium": "persona"},
    "take-your-pick": {"easy": "random", "medium": "persona"},
}
NAMES = ("Robin", "Sam", "Alex", "Jo", "Kim", "Priya", "Theo", "Rosa", "Omar", "Yuki",
         "Nell", "Finn", "Ivy", "Leo", "Mina", "Ada", "Dev", "Cleo", "Max", "Zoe")
"""Bots' names: people's, so the table reads like a table of friends."""


def levels(game: Game[Any]) -> dict[str, str]:
    """The game's levels, easiest first: each level's bot."""
    known = GAME_LEVELS.get(game.id)
    if known is not None:
        return known
    found = {"easy": "random", "medium": game.default_bot}
    if game.default_bot != "mcts":
        found["hard"] = "mcts"
    return found


def level_of(game: Game[Any], bot: str) -> str:
    """The level a bot plays at, in players' words (a bot no level names: medium)."""
    for level, engine in levels(game).items():
        if engine == bot:
            return level
    return "hard" if bot.partition(":")[0] == "mcts" else "medium"


def bot_for(game: Game[Any], level: object) -> str:
    """The bot that plays ``level``, or ``RoomError`` naming the game's levels."""
    offered = levels(game)
    if not isinstance(level, str) or level not in offered:
        names = list(offered)
        choice = ", ".join(names[:-1]) + f" or {names[-1]}"
        raise RoomError(f"{game.title}'s bots play at {choice} (got {level!r})")
    return offered[level]


def bot_label(name: str, level: str) -> str:
    """What the seats show for a bot: its name, that it is a bot, and its level."""
    return f"{name} · bot, {level}"


def free_name(taken: Collection[str | None], seat: int) -> str:
    """A person's name for a bot that nobody at the table has, nor one like it
    (``names.looks_alike``); the seat's own if all are taken."""
    for name in NAMES:
        if not any(other and looks_alike(name, other) for other in taken):
            return name
    return NAMES[seat % len(NAMES)]
