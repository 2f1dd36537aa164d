"""Bots from outside Parlour: ``module:Class`` specs and installed entry points.

A bot is any class (or function) called as ``Bot(game, seat, seed)`` that returns an
object with ``act(view, legal) -> action``, like the bots shipped here. It is named

- by a spec ``module:Class`` (``mypkg.bots:MyBot``): the module is imported from
  Python's path, then from the current directory;
- or by the name an installed package gives it in the entry point group
  ``parlour.bots`` (in its ``pyproject.toml``: ``[project.entry-points."parlour.bots"]``
  ``mybot = "mypkg.bots:MyBot"``).

A class may say which games it plays with ``games = ("love-me-not", ...)``; without it,
it is offered every game. The server seats only the bots its operator allows
(:func:`allow_bots`, ``parlour serve --allow-bot``): a room's host can never make the
server import a module.

>>> factory = load_factory("parlour.engine:RandomAgent")
>>> factory.__name__
'RandomAgent'
>>> load_factory("no_such_module:Bot")
Traceback (most recent call last):
...
parlour.engine.errors.UnknownBot: bot 'no_such_module:Bot': no module named 'no_such_module'
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any, cast

from parlour.engine import AgentFactory, Game, UnknownBot

ENTRY_POINT_GROUP = "parlour.bots"
_SPEC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")
_ALLOWED: dict[str, AgentFactory] = {}


def is_spec(name: str) -> bool:
    """Whether ``name`` has the form ``module:Class``."""
    return bool(_SPEC.match(name)) and not name.partition(":")[2][0].isdigit()


def installed() -> dict[str, str]:
    """The bots installed packages offer: entry point name -> ``module:Class``."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def load_factory(name: str) -> AgentFactory:
    """The bot class of a ``module:Class`` spec or of an installed entry point's name."""
    if not is_spec(name):
        found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
        if not found:
            raise UnknownBot(f"no bot {name!r}")
        return _checked(name, found[0].load())
    module, _, attribute = name.partition(":")
    try:
        loaded: Any = _import(module)
    except ModuleNotFoundError as exc:
        raise UnknownBot(f"bot {name!r}: no module named {exc.name!r}") from None
    except Exception as exc:  # the module's own failure, said in its words
        raise UnknownBot(f"bot {name!r}: importing {module!r} failed: {exc}") from None
    for part in attribute.split("."):
        loaded = getattr(loaded, part, None)
        if loaded is None:
            raise UnknownBot(f"bot {name!r}: {module!r} has no {attribute!r}")
    return _checked(name, loaded)


def _import(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        if exc.name != module.split(".")[0] or here in sys.path:
            raise
        sys.path.append(here)  # as ``python -m`` would; last, so it shadows nothing
        return importlib.import_module(module)


def _checked(name: str, factory: Any) -> AgentFactory:
    if not callable(factory):
        raise UnknownBot(f"bot {name!r} is not a class or function")
    return cast(AgentFactory, factory)


def plays(factory: AgentFactory, game: Game[Any]) -> bool:
    """Whether a bot class offers to play ``game`` (its ``games``, or every game)."""
    games = getattr(factory, "games", None)
    return games is None or game.id in games


def allow_bots(names: Iterable[str]) -> None:
    """Let the server seat these outside bots (specs or entry point names): each is
    imported now, so a bad one fails at start. This replaces the earlier list."""
    loaded = {name: load_factory(name) for name in names}
    _ALLOWED.clear()
    _ALLOWED.update(loaded)


def allowed(game: Game[Any]) -> list[str]:
    """The outside bots allowed (see :func:`allow_bots`) that play ``game``."""
    return [name for name, factory in _ALLOWED.items() if plays(factory, game)]
