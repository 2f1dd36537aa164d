"""A typed category matched to the bundled category that means the same, or to none.

A player may type any category. A bot writes for it from the bundled category it means:
first one whose name or other name reads the same (``CONTENT.find``); else the nearest in
meaning that covers the same ground: every word of what was typed is near in meaning to a
word of the category's names, and every word of one of those names is near to a word of
what was typed. A typed category narrower than every near one ("Norwegian death metal
bands" beside Heavy Metal Bands, "Puddings I loved at school" beside Desserts) or about
another thing ("Trains" beside Things to Do on a Train) would get entries that do not
belong to it, so it matches nothing, and the bot says it has no idea rather than write off
the subject.

Meaning comes from a small table built from a sentence model (``scripts/build_meaning.py``):
a vector for each of about 24,000 words, and for each category vectors of its names and of
a description of it. A typed category is read word by word (the sum of its words' vectors),
so matching needs no model and no library at run time: about 12 ms of CPU for a typed
category with 450 categories (4 ms with 151), and once per category, as it is cached.

>>> nearest("Telly programmes I like").name
'TV Shows'
>>> nearest("Programmes on TV I love").name
'TV Shows'
>>> nearest("Famous bridges").name, nearest("Rainforest animals").name
('Famous Bridges', 'Jungle Animals')
>>> nearest("Norwegian death metal bands") is None, nearest("Quantum field theories") is None
(True, True)
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import struct
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from .content import CONTENT, Category, Content

DIMS = 128
DESCRIBED = 10
"""How many of a category's loved entries describe it, with its name."""
NAMES_WEIGHT = 0.5
"""A category's closeness: this much its nearest name, the rest its description."""
NEAR_ENOUGH = 0.3
"""The least closeness at which a category is considered at all."""
CANDIDATES = 3
"""How many of the nearest categories may be matched. A narrow category bundled beside a
broad one can come nearer to a typed category that only the broad one covers ("Things
you'd find at the seaside" is nearer to Seaside Towns than to Things at the Beach)."""
SAME_WORD = 0.8
"""The least closeness of two words' vectors at which one accounts for the other: singular
and plural, British and American spellings and close synonyms ("telly" and "television"),
but not a kind and its kinds ("blue" and "colours", 0.78) nor neighbours ("towns" and
"cities", 0.79). Chosen on the tuned list of typed categories (see
tests/games/my_favourite_things/test_meaning.py)."""
_STOPWORDS = {
    "a", "an", "and", "are", "as", "at", "be", "best", "by", "for", "from", "good", "great",
    "in", "is", "it", "kind", "kinds", "my", "of", "on", "or", "our", "some", "sort", "sorts",
    "that", "the", "thing", "things", "to", "top", "type", "types", "with", "you", "your",
    "favourite", "favourites", "favorite", "five", "i", "me", "we",
}
_RELATING = {
    # How the writer relates to the things, not what the things are: "books I read".
    "again", "being", "buy", "could", "d", "drink", "eat", "enjoy", "ever", "find", "found",
    "get", "go", "have", "hear", "like", "listen", "ll", "love", "loved", "most", "need",
    "own", "people", "play", "re", "read", "really", "s", "see", "t", "use", "ve", "want",
    "watch", "wear", "would",
}
# "Things" stays: "Things at the Beach" are not beaches, nor "Things in a Museum" museums.
# So does "buy": not all "Things to buy at the seaside" are things at the beach.
_SAME_GROUND_STOPWORDS = (_STOPWORDS | _RELATING) - {"thing", "things", "buy"}


def words_of(text: str) -> list[str]:
    """The words of a text as the table spells them: lower case, no accents.

    >>> words_of("Crème Brûlée & Co.")
    ['creme', 'brulee', 'co']
    """
    folded = unicodedata.normalize("NFKD", text.casefold())
    return re.findall(r"[a-z]+", "".join(c for c in folded if not unicodedata.combining(c)))


def content_digest(content: Content) -> str:
    """A digest of what the table's category vectors were made from."""
    made_from = [[c.name, *c.also, *c.loved[:DESCRIBED]] for c in content.categories]
    return hashlib.sha256(json.dumps(made_from).encode()).hexdigest()


@dataclass(frozen=True)
class Table:
    """Unit vectors (rounded to bytes) of words, and of each category's names and description."""

    digest: str
    index: dict[str, int]
    words: bytes
    names: list[list[list[int]]]
    described: list[list[int]]

    def word(self, word: str) -> bytes | None:
        """A word's vector; a plural is read as its singular when only that is known."""
        for form in _forms(word):
            at = self.index.get(form)
            if at is not None:
                return self.words[at * DIMS:(at + 1) * DIMS]
        return None


def _forms(word: str) -> list[str]:
    """The word, then what its singular may be."""
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    if word.endswith("ing"):
        forms += [word[:-3], word[:-3] + "e"]
    return forms


@functools.cache
def table() -> Table:
    """The bundled table, read once."""
    raw = zlib.decompress(resources.files(__package__).joinpath("meaning.bin").read_bytes())
    (size,) = struct.unpack_from("<I", raw)
    header = json.loads(raw[4:4 + size])
    body = memoryview(raw)[4 + size:]
    words = header["words"]
    at = len(words) * DIMS

    def vector(i: int) -> list[int]:
        return _signed(body[at + i * DIMS:at + (i + 1) * DIMS])

    names: list[list[list[int]]] = []
    for count in header["names"]:
        names.append([vector(i) for i in range(count)])
        at += count * DIMS
    described = [vector(i) for i in range(len(names))]
    return Table(header["digest"], {w: i for i, w in enumerate(words)},
                 bytes(body[:len(words) * DIMS]), names, described)


def _signed(vector: bytes | memoryview) -> list[int]:
    return [b - 256 if b > 127 else b for b in bytes(vector)]


def _meaning(text: str) -> list[float] | None:
    """The unit vector of a typed text: the sum of its words' vectors."""
    found = table()
    words = [w for w in words_of(text) if w not in _STOPWORDS and w not in _RELATING]
    words = words or words_of(text)
    vectors = [v for v in map(found.word, words) if v is not None]
    if not vectors:
        return None
    total = [float(sum(parts)) for parts in zip(*map(_signed, vectors), strict=True)]
    length = math.sqrt(sum(x * x for x in total))
    return [x / length for x in total] if length else None


def _cosine(unit: Sequence[float], vector: Sequence[int]) -> float:
    # Stored vectors are unit vectors times 127.
    return sum(u * v for u, v in zip(unit, vector, strict=True)) / 127


def closeness(text: str) -> list[tuple[float, Category]]:
    """Every bundled category with its closeness in meaning to ``text``, nearest first."""
    unit = _meaning(text)
    if unit is None:
        return []
    found = table()
    scored = [
        (NAMES_WEIGHT * max(_cosine(unit, v) for v in names)
         + (1 - NAMES_WEIGHT) * _cosine(unit, described), category)
        for category, names, described in zip(CONTENT.categories, found.names,
                                              found.described, strict=True)
    ]
    return sorted(scored, key=lambda pair: -pair[0])


def _content_words(text: str) -> list[str]:
    """The words of ``text`` that say what the things are, numbers included ("Toys from
    the 90s" is not "Toys"; no number is in the table, so none is accounted for).

    >>> _content_words("Things I'd read from the 1990s")
    ['things', '1990s']
    """
    numbers = re.findall(r"\w*\d\w*", text.casefold())
    return [w for w in words_of(text) if w not in _SAME_GROUND_STOPWORDS
            and not any(w in number for number in numbers)] + numbers


def _accounted(words: list[str], by: list[str]) -> bool:
    """Whether every word of ``words`` is near in meaning to some word of ``by``."""
    found = table()
    others = [_signed(v) for v in map(found.word, by) if v is not None]
    for word in words:
        vector = found.word(word)
        if vector is None:
            return False
        unit = [x / 127 for x in _signed(vector)]
        if not any(_cosine(unit, other) >= SAME_WORD for other in others):
            return False
    return True


def same_ground(text: str, category: Category) -> bool:
    """Whether ``text`` and ``category`` cover the same ground: every word of ``text`` is
    accounted for by the words of the category's names, and every word of one of those
    names by the words of ``text``.

    >>> same_ground("Computer games", CONTENT.find("Video Games"))
    True
    >>> same_ground("Water sports", CONTENT.find("Sports"))
    False
    """
    typed = _content_words(text)
    names = [_content_words(name) for name in (category.name, *category.also)]
    return (bool(typed) and _accounted(typed, [w for name in names for w in name])
            and any(name and _accounted(name, typed) for name in names))


@functools.lru_cache(maxsize=1024)
def nearest(text: str) -> Category | None:
    """The bundled category ``text`` means: named so, or the nearest in meaning of those
    that cover the same ground as ``text`` (see :func:`same_ground`) among the
    ``CANDIDATES`` nearest; else ``None``."""
    named = CONTENT.find(text)
    if named is not None:
        return named
    for score, category in closeness(text)[:CANDIDATES]:
        if score >= NEAR_ENOUGH and same_ground(text, category):
            return category
    return None
