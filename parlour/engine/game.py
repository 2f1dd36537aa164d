"""The engine contract: what every game provides.

A game is a stateless object (its facts and rules); all that changes lives in
a state object that the game creates with :meth:`Game.setup` and advances with
:meth:`Game.apply`. Nothing leaves a state except through :meth:`Game.view`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .errors import GameOver, InvalidOptions, MalformedAction, NotYourTurn
from .options import Option, resolve_options

Action = dict[str, Any]
"""An action is a small JSON object, e.g. ``{"keep": "5H"}``."""

View = dict[str, Any]
"""A view is JSON-safe: exactly what one seat (or a spectator) may know."""


@dataclass(frozen=True)
class Result:
    """How a finished game came out.

    ``scores`` is the quantity that decides the winner (hearts, cards, points,
    VP, matches won), one per seat; ``winners`` lists every tied winner.
    """

    scores: list[float]
    winners: list[int]
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def highest_wins(cls, scores: Sequence[float], details: dict[str, Any] | None = None,
                     ) -> Result:
        """The usual ending: the highest score wins, and a tie shares the victory.

        >>> Result.highest_wins([3, 5, 5]).winners
        [1, 2]
        """
        top = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == top]
        return cls([float(s) for s in scores], winners, details or {})

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "details": self.details}


@dataclass(frozen=True)
class Legal:
    """What a seat may do now.

    Either ``choices`` (every legal action, enumerated) or ``spec`` (a JSON
    description of free input, such as typed text or a ranking, with its
    limits). Free-input kinds that every front end understands:

    - ``{"kind": "text", "key": K, "max_length": 60}`` -> ``{K: "..."}``
    - ``{"kind": "texts", "key": K, "labels": [...], "max_length": 60}`` -> ``{K: [...]}``
    - ``{"kind": "ranking", "key": K, "items": [...]}`` -> ``{K: [items in order]}``
    - ``{"kind": "arrangement", "key": K, "cards": [[a, b], ...]}`` -> ``{K: [one of
      each card's options, in the chosen order]}``
    """

    choices: list[Action] | None = None
    spec: dict[str, Any] | None = None

    @property
    def enumerable(self) -> bool:
        return self.choices is not None


S = TypeVar("S")


class Game(ABC, Generic[S]):
    """Base class of every game. Subclasses declare their facts as class attributes."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    default_bot: ClassVar[str] = "random"

    # -- set-up -----------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> S:
        """A new game for ``players`` seats; chance comes only from ``seed``."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"players must be a whole number (got {players!r})")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} takes {self.min_players}–{self.max_players} players (got {players})"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"seed must be a whole number (got {seed!r})")
        return self.new_state(players, resolve_options(self.options, options), seed)

    @abstractmethod
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> S:
        """Build the first state from validated options."""

    # -- who acts, and how --------------------------------------------------
    @abstractmethod
    def players(self, state: S) -> int:
        """The number of seats."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats that may act now (several in simultaneous phases; empty when over)."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> Legal:
        """What ``seat`` may do now (empty choices if it may not act)."""

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The enumerated legal actions; ``[]`` for free input or when not to act."""
        return self.legal(state, seat).choices or []

    def apply(self, state: S, seat: int, action: Action) -> None:
        """Validate, then advance. An illegal action raises and changes nothing."""
        if self.is_over(state):
            raise GameOver("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players(state):
            raise NotYourTurn(f"there is no seat {seat!r}")
        if seat not in self.to_act(state):
            raise NotYourTurn(f"seat {seat} may not act now")
        if not isinstance(action, dict):
            raise MalformedAction(f"an action is a JSON object (got {type(action).__name__})")
        self.advance(state, seat, action)

    @abstractmethod
    def advance(self, state: S, seat: int, action: Action) -> None:
        """Apply an action from a seat that may act; validate it fully before changing anything."""

    # -- what may be seen -----------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """JSON-safe: exactly what ``seat`` (or a spectator, ``None``) may know now."""

    def narrate(self, before: View, after: View, names: Sequence[str]) -> list[str]:
        """Sentences for the table's log about what one move made public.

        ``before`` and ``after`` are spectator views (``view(state, None)``) around the
        move, so a narration cannot tell more than a spectator sees. ``names`` are the
        seats' display names. The default says nothing; the server then logs only who moved.
        """
        return []

    # -- the end ----------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once over, else ``None``."""

    # -- for bots and search ----------------------------------------------------
    def clone(self, state: S) -> S:
        """An independent copy of a state (search bots simulate on copies)."""
        return copy.deepcopy(state)

    def rollout_action(self, state: S, seat: int, rng: random.Random) -> Action:
        """A random legal action on a full state (used in simulations of determinized states)."""
        legal = self.legal(state, seat)
        if legal.choices:
            return rng.choice(legal.choices)
        raise NotImplementedError(f"{self.id} must provide rollout_action for free input")

    def random_action(self, view: View, legal: Legal, rng: random.Random) -> Action:
        """A uniformly random legal action from a seat's view (the ``random`` bot)."""
        if legal.choices:
            return rng.choice(legal.choices)
        raise NotImplementedError(f"{self.id} must provide random_action for free input")

    def determinize(self, view: View, seat: int, rng: random.Random) -> S:
        """A full state drawn at random among those consistent with ``seat``'s view.

        It must use nothing but the view: this is how search bots imagine the
        hidden part of the game without seeing it.
        """
        raise NotImplementedError(f"{self.id} cannot be determinized")

    def bots(self) -> Mapping[str, Any]:
        """Game-specific bots by name: factories ``(game, seat, seed) -> Agent``."""
        return {}

    def describe(self) -> dict[str, Any]:
        """Metadata for listings and lobbies."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.describe() for o in self.options],
            "default_bot": self.default_bot,
            "bots": sorted(self.bots()),
        }


def require_keys(action: Action, keys: Sequence[str]) -> None:
    """Raise ``MalformedAction`` unless ``action`` has exactly these keys."""
    if sorted(action) != sorted(keys):
        want = ", ".join(repr(k) for k in keys)
        raise MalformedAction(f"expected an action with key {want} (got {sorted(action)})")
