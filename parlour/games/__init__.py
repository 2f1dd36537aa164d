"""The five games. Each lives in its own package, which exposes ``GAME``."""

from __future__ import annotations

from typing import Any

from parlour.engine import Game, Registry

REGISTRY = Registry(
    {
        "love-me-not": "parlour.games.love_me_not",
        "my-favourite-things": "parlour.games.my_favourite_things",
        "whats-it-to-ya": "parlour.games.whats_it_to_ya",
        "take-your-pick": "parlour.games.take_your_pick",
        "my-story": "parlour.games.my_story",
    }
)


def get_game(game_id: str) -> Game[Any]:
    """The game registered under ``game_id``; ``UnknownGame`` if there is none."""
    return REGISTRY.get(game_id)


def game_ids() -> list[str]:
    """Ids of the games present in this installation."""
    return REGISTRY.ids()
