"""One game as the environments see it: seats, candidates, observations, rewards.

Both PettingZoo environments (:mod:`.envs`, :mod:`.parallel`) keep a
:class:`Table`. Everything a seat is given comes from its own view.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour.engine import Action, Game, InvalidOptions, Legal, MalformedAction
from parlour.engine.inputs import Arrangement, InputSpec, Ranking
from parlour.games import get_game
from parlour.games.love_me_not import DECK

from .board import board
from .love_me_not import encode
from .observations.games import action_tokens, layout

ACTIONS = 128
CANDIDATE_TOKENS = 8
LOVE_ME_NOT = "love-me-not"
RENDER_MODES = ("ansi", "human")


class InvalidAction(MalformedAction):
    """An action number that is not one of the agent's candidates; nothing is played."""


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


def check_render_mode(render_mode: str | None) -> None:
    if render_mode not in (None, *RENDER_MODES):
        raise InvalidOptions(f"render_mode must be 'ansi', 'human' or None "
                             f"(got {render_mode!r})")


class Table:
    """A game, its state and what each seat is offered now."""

    def __init__(self, game_id: str, players: int | None, options: dict[str, Any]) -> None:
        self.game: Game[Any] = get_game(game_id)
        self.players = players if players is not None else self.game.min_players
        self.options = options
        self.game.setup(self.players, options, 0)  # refuse bad options now, not at reset
        self.cards = game_id == LOVE_ME_NOT
        self.layouts = [layout(game_id) for _ in range(self.players)] if not self.cards else []
        self.state: Any = None
        self.seed = 0
        self.moves = 0
        self._candidates: dict[int, list[Action]] = {}

    # -- spaces ---------------------------------------------------------------------
    @property
    def n_actions(self) -> int:
        return encode.N_CARDS if self.cards else ACTIONS

    def observation_space(self) -> spaces.Dict:
        mask = spaces.Box(0, 1, (self.n_actions,), np.int8)
        if self.cards:
            return spaces.Dict({
                "observation": spaces.Box(0.0, np.inf, (encode.OBSERVATION_SIZE,), np.float32),
                "action_mask": mask})
        first = self.layouts[0]
        words = first.vocabulary.size
        return spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (first.size,), np.float32),
            "tokens": spaces.Box(0, words - 1, (first.tokens,), np.int32),
            "candidates": spaces.Box(0, words - 1, (ACTIONS, CANDIDATE_TOKENS), np.int32),
            "action_mask": mask})

    # -- the game -----------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.seed = seed
        self.moves = 0
        self.state = self.game.setup(self.players, self.options, seed)
        for each in self.layouts:
            each.vocabulary.reset()
        self._candidates = {}

    def acting(self) -> list[int]:
        return sorted(self.game.to_act(self.state))

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def candidates(self, seat: int) -> list[Action]:
        """The seat's candidates now: drawn from the seed, the move number and the seat
        only, so they do not depend on who was asked first."""
        if self.cards or seat not in self.game.to_act(self.state):
            return []
        if seat not in self._candidates:
            rng = random.Random(f"{self.seed}:{self.moves}:{seat}")
            self._candidates[seat] = candidates(self.game.legal(self.state, seat), rng)
        return self._candidates[seat]

    def action(self, seat: int, number: int) -> Action:
        if self.cards:
            card = DECK[number] if 0 <= number < encode.N_CARDS else None
            return {"keep": card}
        listed = self.candidates(seat)
        if not 0 <= number < len(listed):
            raise InvalidAction(f"action {number} is not one of the {len(listed)} candidates"
                                f" of seat_{seat}")
        return listed[number]

    def play(self, seat: int, number: int) -> None:
        """Play action ``number`` for ``seat``; a bad one raises and changes nothing."""
        self.game.apply(self.state, seat, self.action(seat, number))
        self.moves += 1
        self._candidates = {}

    def play_together(self, numbers: dict[int, int]) -> None:
        """Several seats' actions at once, in seat order. Every one is checked before any
        is played, so a bad one raises and changes nothing."""
        moves = {seat: self.action(seat, number) for seat, number in numbers.items()}
        for seat, move in moves.items():
            legal = self.game.legal(self.state, seat)
            if legal.choices is not None and move not in legal.choices:
                raise InvalidAction(f"{move} is not one of seat_{seat}'s legal moves now")
        for seat in sorted(moves):
            self.game.apply(self.state, seat, moves[seat])
        self.moves += 1
        self._candidates = {}

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        view = self.game.view(self.state, seat)
        mask = np.zeros(self.n_actions, np.int8)
        if self.cards:
            mask[encode.card_indices(view["hand"])] = 1
            return {"observation": encode.observation(view), "action_mask": mask}
        floats, tokens = self.layouts[seat].encode(view)
        listed = self.candidates(seat)
        mask[:len(listed)] = 1
        offered = np.zeros((ACTIONS, CANDIDATE_TOKENS), np.int32)
        vocabulary = self.layouts[seat].vocabulary
        for i, action in enumerate(listed):
            row = action_tokens(action, vocabulary, CANDIDATE_TOKENS)
            offered[i, :len(row)] = row
        return {"observation": floats, "tokens": tokens, "candidates": offered,
                "action_mask": mask}

    def rewards(self) -> list[float]:
        """Zero-sum rewards of the finished game (see ``docs/research.md``)."""
        result = self.game.result(self.state)
        assert result is not None
        n, k = self.players, len(result.winners)
        return [((1.0 / k if seat in result.winners else 0.0) - 1.0 / n) * n / (n - 1)
                for seat in range(n)]

    def result(self) -> dict[str, Any]:
        result = self.game.result(self.state)
        assert result is not None
        return result.to_json()

    def render(self, mode: str | None) -> str | None:
        """The table as a spectator sees it, as text: returned (``ansi``) or printed
        (``human``)."""
        if mode is None or self.state is None:
            return None
        text = board(self.game.view(self.state, None))
        if mode == "human":
            print(text + "\n")
            return None
        return text
