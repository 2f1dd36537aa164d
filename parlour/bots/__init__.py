"""Agents that play any game through the contract: they see only their seat's view.

Bots are named in one place, :func:`make_agent`: the generic ones, the game's own,
and bots from outside (``module:Class`` specs and installed entry points, see
:mod:`.specs`).

>>> from parlour.games import get_game
>>> sorted(bot_names(get_game("love-me-not")))
['cfr', 'greedy', 'mcts', 'random']
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Agent, AgentFactory, Game, RandomAgent, UnknownBot

from .mcts import MCTSAgent
from .specs import allow_bots, allowed, installed, is_spec, load_factory, plays

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "mcts": MCTSAgent}


def bot_names(game: Game[Any]) -> list[str]:
    """Every bot that may be seated at ``game``: the generic ones, its own, and the outside
    bots the server's operator allowed (:func:`allow_bots`)."""
    return sorted({*GENERIC, *game.bots(), *allowed(game)})


def make_agent(game: Game[Any], name: str, seat: int, seed: int) -> Agent:
    """Build the bot ``name`` for ``seat``.

    ``mcts:N`` sets the search bot's iterations per move (``mcts`` alone: 200). A name
    that is no bot of Parlour's is looked up as ``module:Class`` or as an installed
    entry point (:mod:`.specs`).
    """
    base, _, arg = name.partition(":")
    own = dict(game.bots())
    if base in own:
        agent: Agent = own[base](game, seat, seed)
        return agent
    if base == "mcts":
        try:
            iterations = int(arg) if arg else 200
        except ValueError:
            raise UnknownBot(f"'mcts:N' needs a whole number of iterations (got {arg!r})") from None
        return MCTSAgent(game, seat, seed, iterations=iterations)
    if base in GENERIC and not arg:
        return GENERIC[base](game, seat, seed)
    if is_spec(name) or name in installed():
        return _outside(game, name, seat, seed)
    raise UnknownBot(f"no bot {name!r} for {game.id} (bots: {', '.join(bot_names(game))};"
                     " or module:Class)")


def _outside(game: Game[Any], name: str, seat: int, seed: int) -> Agent:
    factory = load_factory(name)
    if not plays(factory, game):
        raise UnknownBot(f"bot {name!r} does not play {game.id}")
    agent = factory(game, seat, seed)
    if not callable(getattr(agent, "act", None)):
        raise UnknownBot(f"bot {name!r} made no agent: it has no act(view, legal) method")
    return agent


__all__ = ["GENERIC", "MCTSAgent", "allow_bots", "bot_names", "make_agent"]
