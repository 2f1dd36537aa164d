"""Take Your Pick's content: phrase pairs, loaded from ``pairs.json`` and validated at start.

A card is a pair of phrases ``(a, b)``. Every phrase in a deck is unique (compared
without regard to case), so a phrase names its card: a prediction or a pick is
simply the phrase.

>>> len(BUILTIN) >= 200
True
>>> check_deck([["In", "Out"], ["Up", "Down"]], "deck")
[('In', 'Out'), ('Up', 'Down')]
>>> check_deck([["In", "Out"], ["out", "About"]], "deck")
Traceback (most recent call last):
...
parlour.engine.errors.ContentError: deck entry 1: the phrase 'out' is already on entry 0
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from parlour.engine import ContentError, text_problem

Card = tuple[str, str]

MAX_PHRASE = 40
"""The longest phrase accepted (in characters): a phrase is read aloud from a card."""


class Deck(tuple[Card, ...]):
    """An immutable list of cards; copies of a state share it (it never changes)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        return self


def check_phrase(value: Any, where: str) -> str:
    """A phrase as a card may print it: held to the rules of typed text (``text_problem``:
    no control or invisible characters, no direction overrides), and trimmed already.

    >>> check_phrase("In\u202e", "entry 3")
    Traceback (most recent call last):
    ...
    parlour.engine.errors.ContentError: entry 3: a phrase cannot contain control characters
    """
    if not isinstance(value, str):
        raise ContentError(f"{where}: a phrase must be text (got {value!r})")
    if len(value) > MAX_PHRASE:
        raise ContentError(f"{where}: the phrase {value!r} is longer than {MAX_PHRASE} characters")
    problem = text_problem(value, "a phrase", MAX_PHRASE)
    if problem:
        raise ContentError(f"{where}: {problem}")
    if value != value.strip():
        raise ContentError(f"{where}: the phrase {value!r} has spaces at its start or end")
    return value


def check_deck(raw: Any, name: str) -> list[Card]:
    """The cards of ``raw`` (a list of ``[a, b]`` pairs), or ``ContentError`` naming the bad
    entry."""
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{name} must be a non-empty list of [phrase, phrase] pairs")
    seen: dict[str, int] = {}
    cards: list[Card] = []
    for i, entry in enumerate(raw):
        where = f"{name} entry {i}"
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise ContentError(f"{where}: a card is a pair of two phrases (got {entry!r})")
        a, b = (check_phrase(p, where) for p in entry)
        for phrase in (a, b):
            key = phrase.casefold()
            if key in seen:
                other = "this entry" if seen[key] == i else f"entry {seen[key]}"
                raise ContentError(f"{where}: the phrase {phrase!r} is already on {other}")
            seen[key] = i
        cards.append((a, b))
    return cards


def load_builtin(text: str) -> tuple[list[Card], dict[Card, str]]:
    """The built-in deck (in file order) and the trait each card leans on."""
    data = json.loads(text)
    traits = data.get("traits") if isinstance(data, dict) else None
    if not isinstance(traits, dict) or not traits:
        raise ContentError("pairs.json must hold an object 'traits': {trait: [[a, b], ...]}")
    raw: list[Any] = []
    names: list[str] = []
    for trait, pairs in traits.items():
        if not isinstance(pairs, list):
            raise ContentError(f"pairs.json trait {trait!r} must list [a, b] pairs")
        raw.extend(pairs)
        names.extend([trait] * len(pairs))
    cards = check_deck(raw, "pairs.json")
    return cards, dict(zip(cards, names, strict=True))


_PAIRS = resources.files("parlour.games.take_your_pick").joinpath("pairs.json")
_BUILTIN, TRAIT_OF = load_builtin(_PAIRS.read_text(encoding="utf-8"))
BUILTIN = Deck(_BUILTIN)
TRAITS: tuple[str, ...] = tuple(dict.fromkeys(TRAIT_OF.values()))
