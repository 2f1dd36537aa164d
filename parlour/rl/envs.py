"""PettingZoo AEC environments for the five games: ``parlour.rl.env(GAME, players=N)``.

Agents are ``seat_0``, ``seat_1``, ...; the agent to act is the lowest seat that may
act now (a simultaneous phase is asked in seat order, as at the table). Everything
an agent gets comes from its own seat's view:

- ``observe(agent)`` is ``{"observation": vector, "action_mask": mask}``. Love Me
  Not's vector is :func:`parlour.rl.love_me_not.encode.observation`; the other
  games' views are hashed into ``FEATURES`` counts (each leaf of the view's JSON,
  named by its path, adds 1 at ``crc32(path=value)``, and numbers also add their
  value at ``crc32(path)``), a fixed-size summary that works for any view.
- Actions are numbers. Love Me Not's action ``i`` keeps card ``i``. Elsewhere
  action ``i`` is the ``i``-th of the seat's candidates now, listed in
  ``infos[agent]["candidates"]``: the legal moves when the game lists them (all of
  them, at most ``ACTIONS``), and where it asks for free input, answers drawn from
  the game's bundled content (every ranking of five words, every arrangement of
  three cards, or up to ``ACTIONS`` distinct answers from its idea lists).
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

import itertools
import json
import random
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from parlour.engine import Action, Game, InvalidOptions, Legal, MalformedAction, View
from parlour.engine.inputs import Arrangement, InputSpec, Ranking
from parlour.games import get_game
from parlour.games.love_me_not import DECK

from .love_me_not import encode

ACTIONS = 128
FEATURES = 512
LOVE_ME_NOT = "love-me-not"


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def hashed(view: View, size: int = FEATURES) -> npt.NDArray[np.float32]:
    """A view as ``size`` hashed feature counts (see the module's description).

    >>> v = hashed({"turn": 3, "hand": ["5H"]}, 16)
    >>> float(v.sum())  # one token per leaf, plus the number itself
    5.0
    """
    out = np.zeros(size, np.float32)
    for path, value in _leaves(view, ""):
        out[zlib.crc32(f"{path}={json.dumps(value)}".encode()) % size] += 1
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[zlib.crc32(path.encode()) % size] += float(value)
    return out


def candidates(legal: Legal, rng: random.Random, limit: int = ACTIONS) -> list[Action]:
    """At most ``limit`` distinct legal actions: all of them where they can be listed."""
    if legal.choices is not None:
        choices = list(legal.choices)
        return choices if len(choices) <= limit else rng.sample(choices, limit)
    spec = legal.spec
    assert spec is not None
    listed = _enumerate(spec, limit)
    if listed is not None:
        return listed
    found: dict[str, Action] = {}
    for _ in range(4 * limit):
        action = spec.random(rng)
        found.setdefault(json.dumps(action, sort_keys=True), action)
        if len(found) == limit:
            break
    return list(found.values())


def _enumerate(spec: InputSpec, limit: int) -> list[Action] | None:
    if isinstance(spec, Ranking):
        orders = itertools.islice(itertools.permutations(spec.items), limit + 1)
        listed = [{spec.key: list(order)} for order in orders]
    elif isinstance(spec, Arrangement):
        count = 1
        for card in spec.cards:
            count *= len(card)
        if count * len(list(itertools.permutations(range(len(spec.cards))))) > limit:
            return None
        listed = [{spec.key: [spec.cards[i][j] for i, j in zip(order, picks, strict=True)]}
                  for order in itertools.permutations(range(len(spec.cards)))
                  for picks in itertools.product(*(range(len(spec.cards[i])) for i in order))]
    else:
        return None
    return listed if len(listed) <= limit else None


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment (see the module's description)."""

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.game: Game[Any] = get_game(game_id)
        self.players = players if players is not None else self.game.min_players
        self.options = options
        self.game.setup(self.players, options, 0)  # refuse bad options now, not at reset
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode must be 'ansi' or None (got {render_mode!r})")
        self.render_mode = render_mode
        self.metadata = {"name": f"parlour_{game_id.replace('-', '_')}",
                         "render_modes": ["ansi"], "is_parallelizable": False}
        self.possible_agents = [f"seat_{s}" for s in range(self.players)]
        self.cards = game_id == LOVE_ME_NOT
        size = encode.OBSERVATION_SIZE if self.cards else FEATURES
        n_actions = encode.N_CARDS if self.cards else ACTIONS
        low = 0.0 if self.cards else -np.inf
        observation = spaces.Dict({
            "observation": spaces.Box(low, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.state: Any = None
        self.rng = random.Random(0)
        self._candidates: dict[int, list[Action]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the loop -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes its deal and the candidates offered. Game options are
        given when the environment is made, so ``options`` here is ignored."""
        seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(seed)
        self.state = self.game.setup(self.players, self.options, seed)
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
        move = self._action(seat, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, seat, move)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over(self.state):
            self._finish()
        else:
            self._next()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        view = self.game.view(self.state, seat)
        n = self._action_spaces[agent].n
        mask = np.zeros(n, np.int8)
        if self.cards:
            vector = encode.observation(view)
            mask[encode.card_indices(view["hand"])] = 1
        else:
            vector = hashed(view)
            mask[:len(self._candidates.get(seat, []))] = 1
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return json.dumps(self.game.view(self.state, None), indent=1)

    def close(self) -> None:
        pass

    # -- helpers ----------------------------------------------------------------------------
    def _next(self) -> None:
        seats = self.game.to_act(self.state)
        seat = min(seats)
        self.agent_selection = self.possible_agents[seat]
        self._candidates = {}
        if not self.cards:
            self._candidates[seat] = candidates(self.game.legal(self.state, seat), self.rng)
        for agent in self.agents:
            s = self.possible_agents.index(agent)
            self.infos[agent] = {"candidates": self._candidates.get(s, [])}

    def _action(self, seat: int, action: int) -> Action:
        if self.cards:
            card = DECK[action] if 0 <= action < encode.N_CARDS else None
            return {"keep": card}
        listed = self._candidates.get(seat, [])
        if not 0 <= action < len(listed):
            raise InvalidAction(f"action {action} is not one of the {len(listed)} candidates"
                                f" of {self.possible_agents[seat]}")
        return listed[action]

    def _finish(self) -> None:
        result = self.game.result(self.state)
        assert result is not None
        n, k = self.players, len(result.winners)
        for seat, agent in enumerate(self.possible_agents):
            won = 1.0 / k if seat in result.winners else 0.0
            self.rewards[agent] = (won - 1.0 / n) * n / (n - 1)
            self.terminations[agent] = True
            self.infos[agent] = {"candidates": [], "result": result.to_json()}


class InvalidAction(MalformedAction):
    """An action number that is not one of the agent's candidates; nothing is played."""


def env(game_id: str, players: int | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game_id`` (options as for the game)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(ParlourEnv(game_id, players, **options))
