"""The bundled suggestions: categories, some with example entries.

``categories.json`` holds ``{"categories": [{"name": ..., "examples": [...]}, ...],
"fallback": [...]}``. Examples are listed roughly from the most widely loved to
the least; the bots treat that order as a loose consensus of taste. A category
either has no examples or at least six (enough for a bot to fill a set).

>>> len(CONTENT.categories) >= 100
True
>>> CONTENT.examples("animals")[0]
'Dogs'
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from importlib import resources
from typing import Any

MAX_TEXT = 60
SET_SIZE = 6


class ContentError(ValueError):
    """The bundled (or a supplied) category file is malformed; the message names the entry."""


def text_problem(text: Any, what: str) -> str | None:
    """Why ``text`` is not an acceptable entry or category, or ``None`` if it is.

    Acceptable: a string that, trimmed, has 1–60 characters and no control characters.

    >>> text_problem("  Otters ", "an entry") is None
    True
    >>> text_problem("   ", "a category")
    'a category cannot be empty'
    """
    if not isinstance(text, str):
        return f"{what} must be text (got {type(text).__name__})"
    trimmed = text.strip()
    if not trimmed:
        return f"{what} cannot be empty"
    if len(trimmed) > MAX_TEXT:
        return f"{what} can have at most {MAX_TEXT} characters (got {len(trimmed)})"
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in trimmed):
        return f"{what} cannot contain control characters"
    return None


def key(text: str) -> str:
    """The form under which two entries count as the same (trimmed, case-insensitive)."""
    return text.strip().casefold()


@dataclass(frozen=True)
class Content:
    """Validated suggestions: category names in file order, examples by category key."""

    categories: tuple[str, ...]
    by_key: dict[str, tuple[str, ...]]
    fallback: tuple[str, ...]

    def examples(self, category: str) -> tuple[str, ...]:
        """The bundled examples for a category (matched case-insensitively), or ``()``."""
        return self.by_key.get(key(category), ())

    def with_examples(self) -> list[str]:
        """Categories that have enough examples for a bot to write a whole set."""
        return [c for c in self.categories if len(self.examples(c)) >= SET_SIZE]


def _entries(values: Any, where: str) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise ContentError(f"{where}: 'examples' must be a list")
    seen: set[str] = set()
    out = []
    for i, value in enumerate(values):
        problem = text_problem(value, "an example")
        if problem:
            raise ContentError(f"{where}, example {i} ({value!r}): {problem}")
        if key(value) in seen:
            raise ContentError(f"{where}: example {value!r} is listed twice")
        seen.add(key(value))
        out.append(value.strip())
    return tuple(out)


def parse(data: Any) -> Content:
    """Validate a category file's JSON; raise ``ContentError`` naming the first bad entry."""
    if not isinstance(data, dict) or not isinstance(data.get("categories"), list):
        raise ContentError("a category file is an object with a 'categories' list")
    names: list[str] = []
    by_key: dict[str, tuple[str, ...]] = {}
    for i, item in enumerate(data["categories"]):
        if not isinstance(item, dict) or "name" not in item:
            raise ContentError(f"category {i} must be an object with a 'name'")
        name = item["name"]
        problem = text_problem(name, "a category name")
        if problem:
            raise ContentError(f"category {i} ({name!r}): {problem}")
        where = f"category {name!r}"
        if key(name) in by_key:
            raise ContentError(f"{where} is listed twice")
        examples = _entries(item.get("examples", []), where)
        if 0 < len(examples) < SET_SIZE:
            raise ContentError(f"{where} needs no examples or at least {SET_SIZE}")
        names.append(name.strip())
        by_key[key(name)] = examples
    fallback = _entries(data.get("fallback", []), "the fallback list")
    if len(fallback) < SET_SIZE:
        raise ContentError(f"the fallback list needs at least {SET_SIZE} entries")
    return Content(tuple(names), by_key, fallback)


def load() -> Content:
    """The bundled ``categories.json``, validated."""
    text = resources.files(__package__).joinpath("categories.json").read_text("utf-8")
    return parse(json.loads(text))


CONTENT = load()
