"""PettingZoo AEC environments for the five games: ``parlour.rl.env(GAME, players=N)``.

Agents are ``seat_0``, ``seat_1``, ...; the agent to act is the lowest seat that may
act now (a simultaneous phase is asked in seat order, as at the table; the
parallel environment, :mod:`.parallel`, asks them together). Everything an agent
gets comes from its own seat's view (``docs/research.md`` has the layouts):

- Love Me Not: ``{"observation", "action_mask"}``, the vector of
  :func:`parlour.rl.love_me_not.encode.observation`; action ``i`` keeps card ``i``.
- The other games: ``{"observation", "tokens", "candidates", "action_mask"}``: the
  view's numbers and one-hots, its words as tokens of the game's fixed vocabulary
  (:mod:`.observations`), and the seat's candidates now, each as tokens. Action
  ``i`` plays candidate ``i`` (also listed in ``infos[agent]["candidates"]``): all
  legal moves where the game lists them (at most ``ACTIONS``), and where it asks for
  free input, answers from the bundled content, drawn from the seed, the move number
  and the seat.
- Rewards come at the end: with ``n`` seats and ``k`` tied winners, a winner gets
  ``(1/k - 1/n) * n/(n-1)`` and everyone else ``-1/(n-1)``: +1 to a sole winner,
  -1 to a sole loser of two, and the rewards add up to zero.

>>> from parlour.rl import env
>>> e = env("whats-it-to-ya", players=3)
>>> e.reset(seed=1)
>>> e.agent_selection, int(e.action_space("seat_0").n)
('seat_0', 128)
>>> int(e.observe("seat_0")["action_mask"].sum())  # every order of five words
120
"""

from __future__ import annotations

import random
from typing import Any

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from .table import ACTIONS, InvalidAction, Table, candidates, check_render_mode

__all__ = ["ACTIONS", "InvalidAction", "ParlourEnv", "candidates", "env"]


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment (see the module's description)."""

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(game_id, players, options)
        self.render_mode = render_mode
        self.metadata = {"name": f"parlour_{game_id.replace('-', '_')}",
                         "render_modes": ["ansi", "human"], "is_parallelizable": False}
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        observation = self.table.observation_space()
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.table.n_actions)
                               for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @property
    def state(self) -> Any:
        """The engine's full state (hidden parts included: for tests and tools, never an
        agent)."""
        return self.table.state

    # -- the loop -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes its deal and the candidates offered. Game options are
        given when the environment is made, so ``options`` here is ignored."""
        self.table.reset(seed if seed is not None else random.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self.table.play(seat, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.table.over:
            self._finish()
        else:
            self._next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self.table.observe(self.possible_agents.index(agent))

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass

    # -- helpers ----------------------------------------------------------------------------
    def _next(self) -> None:
        seat = self.table.acting()[0]
        self.agent_selection = self.possible_agents[seat]
        for s, agent in enumerate(self.possible_agents):
            self.infos[agent] = {"candidates": self.table.candidates(s) if s == seat else []}

    def _finish(self) -> None:
        result = self.table.result()
        for agent, reward in zip(self.possible_agents, self.table.rewards(), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = {"candidates": [], "result": result}


def env(game_id: str, players: int | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game_id`` (options as for the game, and
    ``render_mode``)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(ParlourEnv(game_id, players, **options))
