"""A fixed vocabulary for a game's words: every word of its bundled content has its own
number, and new words (typed favourites, a custom deck) take spare numbers.

Token 0 means "nothing here". Bundled words are numbered from 1 in sorted order,
so a word's number never depends on the game being played or on the seed. New
words take the spare numbers in the order one encoder first meets them (so an
agent's table follows only what that agent has seen); past the spares, every
further new word shares the last one.

>>> v = Vocabulary(["pear", "apple"], spare=2)
>>> v.size, v.token("apple"), v.token("pear"), v.token(None)
(5, 1, 2, 0)
>>> v.token("kiwi"), v.token("fig"), v.token("plum"), v.token("kiwi")
(3, 4, 4, 3)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

SPARE = 256


class Vocabulary:
    """Word -> token: bundled words fixed, new words in spare slots (see the module)."""

    def __init__(self, words: Iterable[str], spare: int = SPARE,
                 normal: Callable[[str], str] = str) -> None:
        self.bundled = {w: i + 1 for i, w in enumerate(sorted(set(words)))}
        self.spare = spare
        self.normal = normal
        self.new: dict[str, int] = {}

    @property
    def size(self) -> int:
        """Token numbers in use: 0, the bundled words and the spares."""
        return 1 + len(self.bundled) + self.spare

    def reset(self) -> None:
        """Forget the new words met so far (a new episode)."""
        self.new.clear()

    def token(self, word: Any) -> int:
        if word is None:
            return 0
        word = self.normal(str(word))
        found = self.bundled.get(word)
        if found is not None:
            return found
        if word not in self.new:
            self.new[word] = min(len(self.new), self.spare - 1)
        return 1 + len(self.bundled) + self.new[word]


def content_words(package: str, filename: str) -> set[str]:
    """Every string in a game's bundled content file (JSON)."""
    data = json.loads(resources.files(package).joinpath(filename).read_text("utf-8"))
    found: set[str] = set()
    _strings(data, found)
    return found


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
