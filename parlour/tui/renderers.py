"""Each game's terminal renderer, declared in one place.

``RENDERERS`` maps a game id to the module that draws that game. A game without an entry
is drawn by :class:`GenericRenderer` (its views as data, its actions as ``key: value``),
so a new game plays in the terminal before it has screens of its own. A registered
renderer that fails to load is an error (:class:`RendererError`), never a quiet fallback
to the generic one.

A renderer module provides ``render(view)`` and ``action_label(action)``, and may provide
``result(outcome, names)`` (a game's own score sheet). A game whose screens name its pieces
in the words of the content played provides instead ``screens(words)``: a factory of a
:class:`Renderer` given those words (``Game.words(options)``).

>>> sorted(RENDERERS)
['love-me-not', 'my-favourite-things', 'my-story', 'take-your-pick', 'whats-it-to-ya']
>>> type(load_renderer("no-such-game", {})).__name__
'GenericRenderer'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from parlour.engine import Action, Result, View

RENDERERS: dict[str, str] = {
    "love-me-not": "parlour.tui.love_me_not",
    "my-favourite-things": "parlour.tui.my_favourite_things",
    "my-story": "parlour.tui.my_story",
    "take-your-pick": "parlour.tui.take_your_pick",
    "whats-it-to-ya": "parlour.tui.whats_it_to_ya",
}
"""Game id -> the module of its terminal renderer (imported when the game is played)."""


class RendererError(RuntimeError):
    """A registered renderer that cannot be loaded: a fault in the code, not in the input."""


class Renderer(Protocol):
    """What the terminal asks of a game's screens."""

    def render(self, view: View) -> RenderableType:
        """The seat's (or the table's) view, drawn."""
        ...

    def action_label(self, action: Action) -> str:
        """One legal action, in words."""
        ...

    def result(self, outcome: Result, names: Sequence[str]) -> RenderableType | None:
        """The game's own account of how it ended (``None``: the scores say it all)."""
        ...


class GenericRenderer:
    """Any game, drawn from its views alone: the renderer of games without one."""

    def render(self, view: View) -> RenderableType:
        return Pretty(view)

    def action_label(self, action: Action) -> str:
        return ", ".join(f"{k}: {v}" for k, v in action.items())

    def result(self, outcome: Result, names: Sequence[str]) -> RenderableType | None:
        return None


class ModuleRenderer:
    """A game's renderer module as a :class:`Renderer`."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def render(self, view: View) -> RenderableType:
        out: RenderableType = self.module.render(view)
        return out

    def action_label(self, action: Action) -> str:
        return str(self.module.action_label(action))

    def result(self, outcome: Result, names: Sequence[str]) -> RenderableType | None:
        if not hasattr(self.module, "result"):
            return None
        out: RenderableType = self.module.result(outcome, list(names))
        return out


def load_renderer(game_id: str, words: Mapping[str, Any]) -> Renderer:
    """The renderer of ``game_id``, naming pieces in ``words`` (the game's words for the
    content being played: ``Game.words(options)``); the generic one if the game has none
    registered. Raises :class:`RendererError` if its registered renderer cannot load."""
    path = RENDERERS.get(game_id)
    if path is None:
        return GenericRenderer()
    try:
        module = importlib.import_module(path)
        if hasattr(module, "screens"):
            made: Renderer = module.screens(words)
            return made
        for name in ("render", "action_label"):
            if not callable(getattr(module, name, None)):
                raise AttributeError(f"it has no function {name}()")
    except Exception as exc:
        raise RendererError(f"the terminal renderer of {game_id} ({path}) cannot be "
                            f"loaded: {exc}") from exc
    return ModuleRenderer(module)
