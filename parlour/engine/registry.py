"""The game registry: ids to game objects, imported only when first asked for."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from .errors import UnknownGame
from .game import Game


class Registry:
    """Maps game ids to the modules that define them; each module exposes ``GAME``."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Game[Any]] = {}

    def ids(self) -> list[str]:
        """The ids whose game is present in this installation."""
        return [gid for gid in self._modules if self._load(gid) is not None]

    def _load(self, game_id: str) -> Game[Any] | None:
        if game_id not in self._loaded:
            name = self._modules.get(game_id)
            if name is None or importlib.util.find_spec(name) is None:
                return None
            game = getattr(importlib.import_module(name), "GAME", None)
            if game is None:
                return None
            self._loaded[game_id] = game
        return self._loaded[game_id]

    def get(self, game_id: str) -> Game[Any]:
        game = self._load(game_id)
        if game is None:
            known = ", ".join(self.ids()) or "none"
            raise UnknownGame(f"unknown game {game_id!r} (known: {known})")
        return game
