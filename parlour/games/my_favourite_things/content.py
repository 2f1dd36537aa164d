"""The bundled categories, each with entries most people like and things commonly disliked.

``categories.json`` holds ``{"categories": [{"name": ..., "loved": [...], "disliked": [...],
"also": [...], "personal": bool}, ...], "no_idea": [...]}``. ``loved`` is listed roughly
from the most widely loved to the least, and the bots read that order as a loose
consensus of taste; ``disliked`` holds the Broken Heart material; ``also`` other names a
player might type for the category; ``personal`` marks a category about the writer's own
life (bots do not give those to others). ``no_idea`` is what a bot writes in its entries'
place for a category it cannot match.

>>> len(CONTENT.categories) >= 400
True
>>> CONTENT.find("animals").loved[0], CONTENT.find("Telly").name
('Dogs', 'TV Shows')
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from parlour.engine import ContentError, text_problem

MAX_TEXT = 60
SET_SIZE = 6
MIN_LOVED = 9
"""Enough liked entries that different bots write different hands of five favourites."""
MIN_DISLIKED = 3


def key(text: str) -> str:
    """The form under which two entries count as the same (trimmed, case-insensitive)."""
    return text.strip().casefold()


_SMALL_WORDS = {"a", "an", "the", "of", "my", "your", "our", "favourite", "favorite",
                "top", "five", "best", "things", "thing", "kinds", "types", "sorts"}


def plain(text: str) -> str:
    """A category as typed, reduced to its words: no case, accents, punctuation, small
    words or plural ``s`` (so "My favourite TV shows!" and "tv show" read the same).

    >>> plain("My Favourite TV Shows!"), plain("Cafés")
    ('tv show', 'cafe')
    """
    folded = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(ch for ch in folded if not unicodedata.combining(ch))
    words = [w for w in re.findall(r"[a-z0-9]+", letters) if w not in _SMALL_WORDS]
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                    for w in words)


@dataclass(frozen=True)
class Category:
    """A bundled category and what a bot may write for it."""

    name: str
    loved: tuple[str, ...]
    disliked: tuple[str, ...]
    also: tuple[str, ...] = ()
    personal: bool = False

    @property
    def entries(self) -> tuple[str, ...]:
        """Every entry in consensus order: most loved first, most disliked last."""
        return self.loved + self.disliked


@dataclass(frozen=True, slots=True)
class Content:
    """Validated categories in file order, found by name or by another name for them."""

    categories: tuple[Category, ...]
    no_idea: tuple[str, ...]
    by_name: dict[str, Category] = field(default_factory=dict, compare=False, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Content:
        # Validated categories never change: copies of a state (a search bot's, a
        # conformance check's) share them instead of copying hundreds each time.
        return self

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.categories)

    def find(self, text: str) -> Category | None:
        """The category whose name, or another name for it, reads as ``text`` (see
        :func:`plain`), or ``None``."""
        return self.by_name.get(plain(text))

    def giveable(self) -> list[Category]:
        """Categories a bot may give another player: every one not about the writer's life."""
        return [c for c in self.categories if not c.personal]


def _texts(values: Any, where: str, what: str, least: int) -> tuple[str, ...]:
    if not isinstance(values, list) or len(values) < least:
        raise ContentError(f"{where}: '{what}' must be a list of at least {least} entries")
    out = []
    for i, value in enumerate(values):
        problem = text_problem(value, "an entry", MAX_TEXT)
        if problem:
            raise ContentError(f"{where}, {what} {i} ({value!r}): {problem}")
        out.append(value.strip())
    return tuple(out)


def _category(item: Any, i: int) -> Category:
    if not isinstance(item, dict) or "name" not in item:
        raise ContentError(f"category {i} must be an object with a 'name'")
    name = item["name"]
    problem = text_problem(name, "a category name", MAX_TEXT)
    if problem:
        raise ContentError(f"category {i} ({name!r}): {problem}")
    where = f"category {name!r}"
    loved = _texts(item.get("loved"), where, "loved", MIN_LOVED)
    disliked = _texts(item.get("disliked"), where, "disliked", MIN_DISLIKED)
    seen: set[str] = set()
    for entry in loved + disliked:
        if key(entry) in seen:
            raise ContentError(f"{where}: {entry!r} is listed twice")
        seen.add(key(entry))
    also = _texts(item.get("also", []), where, "also", 0)
    return Category(name.strip(), loved, disliked, also, item.get("personal") is True)


def parse(data: Any) -> Content:
    """Validate a category file's JSON; raise ``ContentError`` naming the first bad entry."""
    if not isinstance(data, dict) or not isinstance(data.get("categories"), list):
        raise ContentError("a category file is an object with a 'categories' list")
    categories = tuple(_category(item, i) for i, item in enumerate(data["categories"]))
    by_name: dict[str, Category] = {}
    for category in categories:
        for name in (category.name, *category.also):
            if plain(name) in by_name:
                raise ContentError(f"category {category.name!r}: {name!r} reads the same as"
                                   f" a name of {by_name[plain(name)].name!r}")
            by_name[plain(name)] = category
    no_idea = _texts(data.get("no_idea"), "the no_idea list", "no_idea", SET_SIZE)
    return Content(categories, no_idea, by_name)


def load() -> Content:
    """The bundled ``categories.json``, validated."""
    text = resources.files(__package__).joinpath("categories.json").read_text("utf-8")
    return parse(json.loads(text))


CONTENT = load()
