"""Playing a match to the end: the one loop that simulations, benchmarks, the terminal,
scripts and tests all use.

Each agent is asked with its own seat's view and legal actions only. Seats that may act
at once (a simultaneous phase) are asked in seat order; a seat that is no longer to act
when its turn in that order comes (the move before it ended the phase) is skipped.

>>> from parlour.games import get_game
>>> from parlour.engine import Match, RandomAgent
>>> game = get_game("love-me-not")
>>> match = Match.new(game, 2, {"matches": 1}, seed=7)
>>> result = play(match, [RandomAgent(game, s, s) for s in range(2)])
>>> match.over, len(match.record.actions)
(True, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .errors import IllegalAction
from .game import Action, Agent, Result
from .records import Match

Agents = Sequence[Agent] | Mapping[int, Agent]
OnMove = Callable[[int, Action], None]
"""Called after every move with the seat and its action."""

MAX_MOVES = 1_000_000


class Unfinished(RuntimeError):
    """A match that did not end within the move limit (a bug in a game or its agents)."""


@runtime_checkable
class Corrigible(Protocol):
    """An agent that may be told its move was refused and asked again (a person)."""

    def refused(self, error: IllegalAction) -> None:
        """Hear why the last move was refused; the next ``act`` asks again."""


def move(match: Match[Any], seat: int, agent: Agent) -> Action:
    """Ask ``agent`` for ``seat``'s move and make it; a person is asked again after a refusal,
    a bot's illegal move raises."""
    while True:
        action = agent.act(match.view(seat), match.legal(seat))
        try:
            match.act(seat, action)
            return action
        except IllegalAction as exc:
            if not isinstance(agent, Corrigible):
                raise
            agent.refused(exc)


def step(match: Match[Any], agents: Agents, on_move: OnMove | None = None) -> int:
    """Ask every seat that may act now, in seat order; return the number of moves made."""
    moves = 0
    for seat in sorted(match.to_act):
        if seat in match.to_act:
            action = move(match, seat, agents[seat])
            moves += 1
            if on_move is not None:
                on_move(seat, action)
    return moves


def play(match: Match[Any], agents: Agents, on_move: OnMove | None = None,
         limit: int = MAX_MOVES) -> Result:
    """Play ``match`` to its end with one agent per seat and return the result."""
    moves = 0
    while not match.over:
        moves += step(match, agents, on_move)
        if moves > limit:
            raise Unfinished(f"{match.game.id} did not end within {limit} moves")
    result = match.result()
    assert result is not None
    return result
