"""The engine contract: what every game provides.

A game is a stateless object (its facts and rules); all that changes lives in
a state object that the game creates with :meth:`Game.setup` and advances with
:meth:`Game.apply`. Nothing leaves a state except through :meth:`Game.view`.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .errors import GameOver, IllegalAction, InvalidOptions, MalformedAction, NotYourTurn
from .inputs import InputSpec, spec_from_json
from .narration import Beat
from .options import Option, resolve_options

Action = dict[str, Any]
"""An action is a small JSON object, e.g. ``{"keep": "5H"}``."""

View = Mapping[str, Any]
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

    Either ``choices`` (every legal action, enumerated) or ``spec`` (the free input it may
    give, such as typed text or a ranking: see :mod:`parlour.engine.inputs`).
    """

    choices: list[Action] | None = None
    spec: InputSpec | None = None

    def to_json(self) -> dict[str, Any]:
        """The wire form: ``{"choices": [...]}`` or ``{"spec": {...}}``."""
        if self.spec is not None:
            return {"spec": self.spec.to_json()}
        return {"choices": self.choices or []}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Legal:
        """Rebuilt from its wire form (see :meth:`to_json`)."""
        if data.get("spec") is not None:
            return cls(spec=spec_from_json(data["spec"]))
        return cls(choices=list(data.get("choices") or []))

    def random(self, rng: random.Random) -> Action:
        """A legal action drawn with ``rng``: one of the choices, or a random free answer."""
        if self.spec is not None:
            return self.spec.random(rng)
        if not self.choices:
            raise IllegalAction("there is nothing to do now")
        return rng.choice(self.choices)


S = TypeVar("S")


class Agent(Protocol):
    """Plays one seat, from that seat's view and legal actions only. It may keep memory
    between calls (a persona, what it has seen)."""

    def act(self, view: View, legal: Legal) -> Action:
        """Choose an action from the seat's view and its legal actions."""
        ...


AgentFactory = Callable[["Game[Any]", int, int], Agent]
"""``factory(game, seat, seed)`` makes an agent for ``seat`` with its own seeded randomness."""


@dataclass(frozen=True)
class Parts(Generic[S]):
    """What a game's package adds to its rules; see :meth:`Game.wire`.

    Each part depends on the rules, never the other way round, so a package wires them
    in its ``__init__.py`` and its ``rules.py`` imports none of them.

    ``words`` are the game's words for its pieces: a mapping, or, where they depend on the
    content options (a card set names its own cards), a function of the resolved options.

    Three parts guide search bots: ``evaluate`` judges a state (each seat's expected share
    of the win), so playouts may stop after ``horizon`` moves instead of at the end; and
    ``order`` ranks a seat's legal actions best first, the order in which search widens.

    ``beat`` says, from the same two spectator views as ``narrate``, whether a move made a
    moment for the table and how big (``Game.beat``).
    """

    view: Callable[[S, int | None], View] | None = None
    narrate: Callable[[View, View, Sequence[str]], list[str]] | None = None
    beat: Callable[[View, View], Beat | None] | None = None
    determinize: Callable[[View, int, random.Random], S] | None = None
    rollout: Callable[[S, int, random.Random], Action] | None = None
    evaluate: Callable[[S], Sequence[float]] | None = None
    horizon: int | None = None
    order: Callable[[S, int, list[Action]], list[Action]] | None = None
    bots: Mapping[str, AgentFactory] = field(default_factory=dict)
    words: Mapping[str, Any] | Callable[[dict[str, Any]], Mapping[str, Any]] = \
        field(default_factory=dict)


class Game(ABC, Generic[S]):
    """Base class of every game. Subclasses declare their facts as class attributes.

    A subclass holds the rules; its package then wires in the rest (views kept in their
    own module, narration, determinization, its own bots, its words) with :meth:`wire`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    default_bot: ClassVar[str] = "random"
    parts: Parts[S] = Parts()

    def wire(self, **parts: Any) -> Self:
        """Add the parts a game's package provides (``view``, ``narrate``, ``beat``,
        ``determinize``, ``rollout``, ``evaluate``, ``horizon``, ``order``, ``bots``,
        ``words``; see :class:`Parts`) and return the game."""
        self.parts = replace(self.parts, **parts)
        return self

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

    def fixing_content(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The content options given in ``options`` that are so small that whoever chose
        them could work out who holds what (a deck dealt out whole): a lobby treats them
        as a stacked deck, which everyone must agree to. None, unless a game says so."""
        return []

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
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.players(state):
            raise NotYourTurn(f"there is no seat {seat!r}")
        if seat not in self.to_act(state):
            raise NotYourTurn(self.why_not(state, seat))
        if not isinstance(action, dict):
            raise MalformedAction(f"an action is a JSON object (got {type(action).__name__})")
        self.advance(state, seat, action)

    def why_not(self, state: S, seat: int) -> str:
        """Why ``seat`` may not act now; a game says what the seat is waiting for.

        The message may be shown to others, so it must name only public facts.
        """
        return f"seat {seat} may not act now"

    @abstractmethod
    def advance(self, state: S, seat: int, action: Action) -> None:
        """Apply an action from a seat that may act; validate it fully before changing anything."""

    # -- what may be seen -----------------------------------------------------
    def view(self, state: S, seat: int | None) -> View:
        """JSON-safe: exactly what ``seat`` (or a spectator, ``None``) may know now."""
        if self.parts.view is None:
            raise NotImplementedError(f"{self.id} has no view: override view or wire one")
        return self.parts.view(state, seat)

    def narrate(self, before: View, after: View, names: Sequence[str]) -> list[str]:
        """Sentences for the table's log about what one move made public.

        ``before`` and ``after`` are spectator views (``view(state, None)``) around the
        move, so a narration cannot tell more than a spectator sees. ``names`` are the
        seats' display names. Without a wired narration nothing is said; the server then
        logs only who moved.
        """
        if self.parts.narrate is None:
            return []
        return self.parts.narrate(before, after, names)

    def beat(self, before: View, after: View, told: bool) -> Beat | None:
        """Whether one move made a moment the table should hold on, and how big: ``short``
        (a card read, a trick won), ``long`` (a round's table of rankings, a match's end),
        ``finale`` (the game's end), or ``None``.

        Given the spectator's views around the move, as :meth:`narrate` is, so a moment
        tells no secret; ``told`` is whether the narration said anything. A game without
        its own ``beat`` makes a short moment of every move its narration told.
        """
        if self.parts.beat is None:
            return "short" if told else None
        return self.parts.beat(before, after)

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
        """A legal action for search playouts on a full state: the game's own playout
        policy (random, or guided), else one drawn uniformly."""
        rollout = self.parts.rollout
        if rollout is not None:
            return rollout(state, seat, rng)
        return self.legal(state, seat).random(rng)

    def evaluate(self, state: S) -> list[float] | None:
        """Each seat's expected share of the win from ``state`` (they add up to 1), for
        playouts cut short; ``None`` if the game has no such judgement."""
        if self.parts.evaluate is None:
            return None
        return list(self.parts.evaluate(state))

    def order(self, state: S, seat: int, actions: list[Action]) -> list[Action]:
        """``actions`` best first, as the game's own judgement ranks them on a full state
        (search widens in this order); as given if the game has none."""
        if self.parts.order is None:
            return actions
        return self.parts.order(state, seat, actions)

    def random_action(self, view: View, legal: Legal, rng: random.Random) -> Action:
        """A uniformly random legal action from a seat's view (the ``random`` bot)."""
        return legal.random(rng)

    def determinize(self, view: View, seat: int, rng: random.Random) -> S:
        """A full state drawn at random among those consistent with ``seat``'s view.

        It must use nothing but the view: this is how search bots imagine the
        hidden part of the game without seeing it.
        """
        if self.parts.determinize is None:
            raise NotImplementedError(f"{self.id} cannot be determinized")
        return self.parts.determinize(view, seat, rng)

    def bots(self) -> Mapping[str, AgentFactory]:
        """Game-specific bots by name: factories ``(game, seat, seed) -> Agent``."""
        return self.parts.bots

    def words(self, options: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
        """The game's words for its pieces (card names, costs, suits...) when it plays with
        ``options`` (content options bring their own words), JSON-safe: what the browser
        shows, from the same module the narration and the terminal use. Every front end
        asks here, with the options of the game it shows; bad options raise
        ``InvalidOptions``."""
        resolved = resolve_options(self.options, options)
        words = self.parts.words
        return words(resolved) if callable(words) else words

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
