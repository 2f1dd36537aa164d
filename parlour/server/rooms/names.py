"""Names that look alike: a seat may not take a name that reads as another seat's on the
table ("Аnn" with a Cyrillic А for "Ann", "ANN", "Ànn", "Ａｎｎ", "Il" for "ll").

Two names look alike when their skeletons are equal. A skeleton folds what a person
cannot tell apart on a screen: width and compatibility forms (NFKC), accents, case, and
the characters Unicode lists as confusable with one another (its confusables.txt, as the
``confusable_homoglyphs`` package carries it), each class of them read as one character.
Case is folded before and after the classes, and either skeleton matching counts: "I"
folds to "i" but looks like "l".

>>> looks_alike("Ann", "\\u0410nn"), looks_alike("Ann", "ÀNN"), looks_alike("Ann", "Ａｎｎ")
(True, True, True)
>>> looks_alike("Il", "ll"), looks_alike("B0B", "BOB"), looks_alike("Ann", "Anne")
(True, True, False)
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import (  # type: ignore[import-untyped]
    confusables_data,
)


def _classes() -> dict[str, str]:
    """Each confusable character's class, named by its member of least code point (an
    ASCII letter or digit where the class has one)."""
    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.get(c, c) != c:
            c = parent[c]
        return c

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"]
            if len(char) == 1 and len(other) == 1:
                a, b = sorted((root(char), root(other)))
                if a != b:
                    parent[b] = a
    return {c: root(c) for c in parent}


CLASSES = _classes()


def _read(text: str) -> str:
    return "".join(CLASSES.get(c, c) for c in text)


@lru_cache(maxsize=4096)  # names are typed by anyone: a bounded cache
def skeletons(name: str) -> frozenset[str]:
    """What ``name`` reads as on a screen (see the module's docstring)."""
    plain = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = " ".join(plain.split())
    return frozenset({_read(plain.casefold()), _read(_read(plain).casefold())})


def looks_alike(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` read the same on a screen."""
    return not skeletons(a).isdisjoint(skeletons(b))
