"""The word cards: a JSON data file, loaded and validated at start.

The file holds ``categories`` (names) and ``cards``: 200 cards, each with a
``front`` and a ``back`` side, and each side one ``word`` with its
``category``. Every word in the file is different (case and spacing ignored).

>>> len(STANDARD.cards), len(STANDARD.words("back")), len(STANDARD.category)
(200, 200, 400)
"""

from __future__ import annotations

import functools
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.engine import ContentError, text_problem

CARD_COUNT = 200
"""The printed game has 180 cards; ours has 20 more, of everyday moments (see docs/rulings.md)."""
MAX_WORD_LENGTH = 40
DATA_FILE = Path(__file__).with_name("cards.json")


@dataclass(frozen=True)
class Card:
    """One two-sided card: a different word on each side."""

    front: str
    back: str

    def side(self, name: str) -> str:
        return self.front if name == "front" else self.back


@dataclass(frozen=True)
class Deck:
    """A validated card file: its cards and each word's category."""

    name: str
    categories: tuple[str, ...]
    cards: tuple[Card, ...]
    category: dict[str, str]

    def words(self, side: str) -> list[str]:
        """The words on one side of every card, in file order."""
        return [card.side(side) for card in self.cards]

    def category_of(self, word: str) -> str:
        """A word's category; a word from outside the file gets a stable stand-in one.

        The stand-in (a checksum of the word, never Python's salted ``hash``)
        is the same for every seat and every run, so bots can still learn a
        taste over words from a home-made deck.
        """
        known = self.category.get(norm(word))
        if known is not None:
            return known
        return self.categories[zlib.crc32(norm(word).encode()) % len(self.categories)]


@functools.lru_cache(maxsize=8192)
def norm(word: str) -> str:
    """The form in which two words count as the same: case and spacing ignored."""
    return " ".join(word.split()).casefold()


def check_word(word: Any, where: str) -> str:
    """A usable word, held to the rules of typed text (``text_problem``: no control or
    invisible characters, no direction overrides), or ``ContentError`` naming ``where``.

    >>> check_word("Tea\u200b", "card 4 front")
    Traceback (most recent call last):
    ...
    parlour.engine.errors.ContentError: card 4 front: a word cannot contain control characters
    """
    if not isinstance(word, str) or not word.strip():
        raise ContentError(f"{where}: a word must be a non-empty string (got {word!r})")
    if len(word) > MAX_WORD_LENGTH:
        raise ContentError(f"{where}: {word!r} is longer than {MAX_WORD_LENGTH} characters")
    problem = text_problem(word, "a word", MAX_WORD_LENGTH)
    if problem:
        raise ContentError(f"{where}: {problem}")
    return word


def _side(raw: Any, where: str, categories: tuple[str, ...]) -> tuple[str, str]:
    if not isinstance(raw, dict) or sorted(raw) != ["category", "word"]:
        raise ContentError(f"{where}: a side is {{'word': ..., 'category': ...}} (got {raw!r})")
    word = check_word(raw["word"], where)
    if raw["category"] not in categories:
        raise ContentError(f"{where}: {word!r} has unknown category {raw['category']!r}")
    return word, str(raw["category"])


def parse_deck(data: Any, count: int = CARD_COUNT) -> Deck:
    """Validate a decoded card file; ``ContentError`` names the first bad entry."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ContentError("a card file is an object with a 'cards' list")
    raw_cats = data.get("categories")
    if not isinstance(raw_cats, list) or not raw_cats or not all(
        isinstance(c, str) and c for c in raw_cats
    ):
        raise ContentError("'categories' must be a non-empty list of names")
    for i, name in enumerate(raw_cats):
        check_word(name, f"category {i}")
    name = data.get("name", "")
    problem = name and text_problem(name, "the deck's name")
    if problem:
        raise ContentError(problem)
    categories = tuple(raw_cats)
    if len(data["cards"]) != count:
        raise ContentError(f"the deck must have {count} cards (it has {len(data['cards'])})")
    cards: list[Card] = []
    category: dict[str, str] = {}
    for i, raw in enumerate(data["cards"]):
        if not isinstance(raw, dict) or sorted(raw) != ["back", "front"]:
            raise ContentError(f"card {i}: a card is {{'front': ..., 'back': ...}}")
        pair = []
        for side in ("front", "back"):
            word, cat = _side(raw[side], f"card {i} {side}", categories)
            if norm(word) in category:
                raise ContentError(f"card {i} {side}: the word {word!r} appears twice in the deck")
            category[norm(word)] = cat
            pair.append(word)
        cards.append(Card(pair[0], pair[1]))
    return Deck(str(name), categories, tuple(cards), category)


def load_deck(path: Path = DATA_FILE) -> Deck:
    """Read and validate a card file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ContentError(f"cannot read the card file {path.name}: {exc}") from exc
    return parse_deck(data)


STANDARD = load_deck()
"""The built-in deck, checked when the game is first imported."""
