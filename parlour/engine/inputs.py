"""Free input: what a seat types, ranks or arranges when its moves cannot be listed.

A game whose legal moves are not a short list (typed text, an order of five words)
describes them with one of these specs. Each spec knows its wire form (``to_json``,
what the browser builds its controls from), how to check an answer (``read``), and how to
answer at random (``random``, for the ``random`` bot and for rollouts), so every front end
and bot reads one definition.

>>> spec = Ranking("rank", ["Tea", "Cake", "Jam"], label="Most important first")
>>> spec.to_json()["kind"]
'ranking'
>>> spec.read({"rank": ["jam", "Tea", "Cake"]})
['Jam', 'Tea', 'Cake']
>>> spec.read({"rank": ["Tea", "Tea", "Cake"]})
Traceback (most recent call last):
...
parlour.engine.errors.MalformedAction: 'Tea' is ranked twice: rank each of Tea, Cake, Jam once
"""

from __future__ import annotations

import random
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, fields
from typing import Any, ClassVar

import regex

from .errors import MalformedAction

Action = dict[str, Any]

MAX_TEXT = 60
"""The longest text a player may type in one box, in characters as a person counts them."""

_GRAPHEME = regex.compile(r"\X")
# Format characters that belong inside real text: joiners build emoji and write Persian,
# tag characters spell subdivision flags. Other format characters (bidi overrides,
# invisible separators) can disguise text, so they are refused with the control characters.
_ALLOWED_FORMAT = {"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))}


def length(text: str) -> int:
    """Characters as a person counts them (grapheme clusters): one emoji is one.

    >>> length("👩‍💻 and 🏳️‍🌈"), len("👩‍💻 and 🏳️‍🌈")
    (7, 12)
    """
    return len(_GRAPHEME.findall(text))


def text_problem(value: Any, what: str, max_length: int = MAX_TEXT) -> str | None:
    """Why ``value`` is not acceptable typed text, or ``None`` if it is.

    Acceptable: a string that, trimmed, has 1 to ``max_length`` characters and no
    control characters.

    >>> text_problem("  Otters ", "an entry") is None
    True
    >>> text_problem("   ", "a category")
    'a category cannot be empty'
    >>> text_problem("a\\u202eb", "a name")
    'a name cannot contain control characters'
    >>> text_problem("a\\u2028b", "a name")
    'a name cannot contain control characters'
    """
    if not isinstance(value, str):
        return f"{what} must be text (got {type(value).__name__})"
    trimmed = value.strip()
    if not trimmed:
        return f"{what} cannot be empty"
    count = length(trimmed)
    if count > max_length:
        return f"{what} can have at most {max_length} characters (got {count})"
    if any(_is_control(ch) for ch in trimmed):
        return f"{what} cannot contain control characters"
    return None


def clean_text(value: Any, what: str, max_length: int = MAX_TEXT) -> str:
    """``value`` trimmed, or ``MalformedAction`` saying why it is not acceptable text."""
    problem = text_problem(value, what, max_length)
    if problem:
        raise MalformedAction(problem)
    return str(value).strip()


def _is_control(ch: str) -> bool:
    kind = unicodedata.category(ch)
    if kind == "Cf":
        return ch not in _ALLOWED_FORMAT
    # Line and paragraph separators (Zl, Zp) break a line where a single line was asked for.
    return kind in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _made_up(rng: random.Random, count: int) -> list[str]:
    """Distinct placeholder texts, for a random answer where the game offers no ideas."""
    return [f"Answer {n}" for n in rng.sample(range(1, 1000), count)]


def _answer(action: Mapping[str, Any], key: str) -> Any:
    if sorted(action) != [key]:
        raise MalformedAction(
            f"expected an action with the single key {key!r} (got {sorted(map(str, action))})")
    return action[key]


@dataclass(frozen=True)
class InputSpec(ABC):
    """The free input a seat may give now; the answer is the action ``{key: value}``.

    ``about`` holds facts for the front ends (whom the text is for, the category) that
    go out on the wire with the spec; ``pool`` (never sent) is what ``random`` draws from.
    """

    kind: ClassVar[str]
    key: str
    _: KW_ONLY
    label: str = ""
    about: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The spec as every front end reads it."""
        out: dict[str, Any] = {"kind": self.kind, "key": self.key}
        if self.label:
            out["label"] = self.label
        out.update(self._fields())
        out.update(self.about)
        return out

    def read(self, action: Mapping[str, Any]) -> Any:
        """The checked answer in ``action``, or ``MalformedAction`` saying what is wrong."""
        return self.check(_answer(action, self.key))

    @abstractmethod
    def check(self, value: Any) -> Any:
        """The checked, normalised answer, or ``MalformedAction``."""

    @abstractmethod
    def random(self, rng: random.Random) -> Action:
        """An acceptable answer drawn with ``rng``."""

    @abstractmethod
    def _fields(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Text(InputSpec):
    """One line of typed text, such as a category. ``suggestions`` are offered as ideas."""

    kind: ClassVar[str] = "text"
    max_length: int = MAX_TEXT
    suggestions: Sequence[str] = ()
    pool: Sequence[str] = ()

    def check(self, value: Any) -> str:
        return clean_text(value, self.label or repr(self.key), self.max_length)

    def random(self, rng: random.Random) -> Action:
        ideas = list(self.pool or self.suggestions)
        return {self.key: rng.choice(ideas) if ideas else _made_up(rng, 1)[0]}

    def _fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"max_length": self.max_length}
        if self.suggestions:
            out["suggestions"] = list(self.suggestions)
        return out


@dataclass(frozen=True)
class Texts(InputSpec):
    """Several boxes of typed text, one per label, all different from one another."""

    kind: ClassVar[str] = "texts"
    labels: Sequence[str] = ()
    max_length: int = MAX_TEXT
    suggestions: Sequence[str] = ()
    pool: Sequence[str] = ()

    def check(self, value: Any) -> list[str]:
        count = len(self.labels)
        if not isinstance(value, list) or len(value) != count:
            raise MalformedAction(f"{self.key!r} must list {count} texts, one per box: "
                                  + ", ".join(self.labels))
        texts = [clean_text(v, f"{self.labels[i]!r}", self.max_length)
                 for i, v in enumerate(value)]
        seen: dict[str, int] = {}
        for i, text in enumerate(texts):
            if _fold(text) in seen:
                first = self.labels[seen[_fold(text)]]
                raise MalformedAction(f"{text!r} is written twice ({first} and {self.labels[i]})")
            seen[_fold(text)] = i
        return texts

    def random(self, rng: random.Random) -> Action:
        ideas = list(self.pool or self.suggestions)
        count = len(self.labels)
        return {self.key: rng.sample(ideas, count) if len(ideas) >= count
                else _made_up(rng, count)}

    def _fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"labels": list(self.labels), "max_length": self.max_length}
        if self.suggestions:
            out["suggestions"] = list(self.suggestions)
        return out


@dataclass(frozen=True)
class Ranking(InputSpec):
    """Every item, in an order of the seat's choosing (first = most)."""

    kind: ClassVar[str] = "ranking"
    items: Sequence[str] = ()

    def check(self, value: Any) -> list[str]:
        shown = ", ".join(self.items)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise MalformedAction(f"{self.key!r} must list each of {shown} once")
        printed = {_fold(item): item for item in self.items}
        ranking: list[str] = []
        for word in value:
            if _fold(word) not in printed:
                raise MalformedAction(f"{word!r} is not one of the items to rank ({shown})")
            if printed[_fold(word)] in ranking:
                raise MalformedAction(f"{word!r} is ranked twice: rank each of {shown} once")
            ranking.append(printed[_fold(word)])
        if len(ranking) != len(self.items):
            raise MalformedAction(f"{self.key!r} must list each of {shown} once"
                                  f" (got {len(ranking)})")
        return ranking

    def random(self, rng: random.Random) -> Action:
        items = list(self.items)
        rng.shuffle(items)
        return {self.key: items}

    def _fields(self) -> dict[str, Any]:
        return {"items": list(self.items)}


@dataclass(frozen=True)
class Arrangement(InputSpec):
    """The seat's cards in an order of its choosing, one option chosen on each.

    The answer lists the chosen options in that order; ``check`` gives back the card
    indices in order and the options chosen.
    """

    kind: ClassVar[str] = "arrangement"
    cards: Sequence[Sequence[str]] = ()

    def check(self, value: Any) -> tuple[list[int], list[str]]:
        count = len(self.cards)
        if not isinstance(value, list) or len(value) != count:
            raise MalformedAction(
                f"{self.key!r} must give one choice for each of your {count} cards, in the"
                " order you want them read")
        free = list(range(count))
        order: list[int] = []
        picks: list[str] = []
        for choice in value:
            index = next((c for c in free if isinstance(choice, str)
                          and _fold(choice) in map(_fold, self.cards[c])), None)
            if index is None:
                raise MalformedAction(f"{choice!r} is not on any of your cards that is still"
                                      " to be placed")
            free.remove(index)
            order.append(index)
            picks.append(next(o for o in self.cards[index] if _fold(o) == _fold(choice)))
        return order, picks

    def random(self, rng: random.Random) -> Action:
        picks = [rng.choice(list(card)) for card in self.cards]
        rng.shuffle(picks)
        return {self.key: picks}

    def _fields(self) -> dict[str, Any]:
        return {"cards": [list(card) for card in self.cards]}


KINDS: dict[str, type[InputSpec]] = {k.kind: k for k in (Text, Texts, Ranking, Arrangement)}


def spec_from_json(data: Mapping[str, Any]) -> InputSpec:
    """A spec rebuilt from its wire form (for a client that hears only the wire).

    >>> spec_from_json(Ranking("rank", ["A", "B"]).to_json()) == Ranking("rank", ["A", "B"])
    True
    """
    kind = KINDS.get(str(data.get("kind")))
    if kind is None:
        raise MalformedAction(f"unknown kind of free input {data.get('kind')!r}")
    names = {f.name for f in fields(kind)} - {"about", "pool"}
    given = {k: v for k, v in data.items() if k in names}
    about = {k: v for k, v in data.items() if k not in names and k != "kind"}
    return kind(**given, about=about)
