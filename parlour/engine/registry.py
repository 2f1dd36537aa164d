"""The game registry: ids to game objects, imported only when first asked for."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGame
from .game import Game


class Registry:
    """Maps game ids to the modules that define them; each module exposes ``GAME``."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Game[Any]] = {}

    def ids(self) -> list[str]:
        """The ids whose module is present in this installation."""
        return [gid for gid in self._modules if self._present(gid)]

    def _present(self, game_id: str) -> bool:
        return importlib.util.find_spec(self._modules[game_id]) is not None

    def get(self, game_id: str) -> Game[Any]:
        if game_id not in self._loaded:
            if game_id not in self._modules or not self._present(game_id):
                raise UnknownGame(
                    f"unknown game {game_id!r} (known: {', '.join(self.ids()) or 'none'})"
                )
            module = importlib.import_module(self._modules[game_id])
            self._loaded[game_id] = module.GAME
        return self._loaded[game_id]
