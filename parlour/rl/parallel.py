"""PettingZoo parallel environments: ``parlour.rl.parallel_env(GAME, players=N)``.

Each step, every seat that may act now acts at once: both seats of Love Me Not's
keeps, every guesser of What's It to Ya?, every writer of My Favourite Things.
Where one seat acts alone, the others' actions are ignored (their action masks are
all 0). Observations, actions and rewards are the AEC environment's
(:mod:`.envs`); every agent stays in the game until it ends.

>>> from parlour.rl import parallel_env
>>> e = parallel_env("love-me-not", matches=1)
>>> observations, infos = e.reset(seed=3)
>>> [int(observations[a]["action_mask"].sum()) for a in e.agents]  # both hold two cards
[2, 2]
"""

from __future__ import annotations

import random
from typing import Any

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from parlour.engine import MalformedAction

from .table import Table, check_render_mode

Observations = dict[str, dict[str, npt.NDArray[Any]]]


class ParlourParallelEnv(ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo parallel environment (see the module's description)."""

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        check_render_mode(render_mode)
        self.table = Table(game_id, players, options)
        self.render_mode = render_mode
        self.metadata = {"name": f"parlour_{game_id.replace('-', '_')}",
                         "render_modes": ["ansi", "human"], "is_parallelizable": True}
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        self.agents: list[str] = []
        observation = self.table.observation_space()
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.table.n_actions)
                               for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        """A new game; ``seed`` fixes its deal and the candidates offered."""
        self.table.reset(seed if seed is not None else random.randrange(2**31))
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, int]) -> tuple[
            Observations, dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Every acting seat's action at once, in seat order. A missing or bad action
        raises (a ``MalformedAction``) before anything is played."""
        acting = self.table.acting()
        missing = [f"seat_{s}" for s in acting if f"seat_{s}" not in actions]
        if missing:
            raise MalformedAction(f"no action for {', '.join(missing)}, who must act now")
        self.table.play_together({s: int(actions[f"seat_{s}"]) for s in acting})
        over = self.table.over
        rewards = dict(zip(self.agents, self.table.rewards() if over else
                           [0.0] * len(self.agents), strict=True))
        observations, infos = self._observations(), self._infos()
        done = dict.fromkeys(self.agents, over)
        truncated = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, done, truncated, infos

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass

    def _observations(self) -> Observations:
        return {a: self.table.observe(s) for s, a in enumerate(self.possible_agents)
                if a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        over = self.table.over
        result = self.table.result() if over else None
        return {a: {"candidates": [] if over else self.table.candidates(s),
                    **({"result": result} if over else {})}
                for s, a in enumerate(self.possible_agents) if a in self.agents}


def parallel_env(game_id: str, players: int | None = None, **options: Any) -> ParallelEnv:
    """A PettingZoo parallel environment of ``game_id`` (options as for the game, and
    ``render_mode``)."""
    return ParlourParallelEnv(game_id, players, **options)
