"""Agents that play any game through the contract: they see only their seat's view.

>>> from parlour.games import get_game
>>> sorted(bot_names(get_game("love-me-not")))
['cfr', 'greedy', 'mcts', 'random']
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Agent, AgentFactory, Game, RandomAgent, UnknownBot

from .mcts import MCTSAgent

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "mcts": MCTSAgent}


def bot_names(game: Game[Any]) -> list[str]:
    """Every bot that can play ``game``: the generic ones and its own."""
    return sorted({*GENERIC, *game.bots()})


def make_agent(game: Game[Any], name: str, seat: int, seed: int) -> Agent:
    """Build the bot ``name`` for ``seat``.

    ``mcts:N`` sets the search bot's iterations per move (``mcts`` alone: 200).
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
    raise UnknownBot(f"no bot {name!r} for {game.id} (bots: {', '.join(bot_names(game))})")


__all__ = ["GENERIC", "MCTSAgent", "bot_names", "make_agent"]
