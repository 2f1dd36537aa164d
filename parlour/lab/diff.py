"""What differs between the content two runs play (two card sets, two decks): every
field whose value differs, by its path; entries of a list that have an ``id`` are lined
up by it, so that a card moved in the file is not a change.

>>> a = {"cards": [{"id": "P22", "vp": 5, "requirement": {"money": 1}}], "hand_size": 4}
>>> b = {"cards": [{"id": "P22", "vp": 2, "requirement": {"money": 1, "years": 1}}],
...      "hand_size": 4}
>>> for path, x, y in differences(a, b):
...     print(path, x, y)
cards.P22.requirement.years None 1
cards.P22.vp 5 2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Difference = tuple[str, Any, Any]


def differences(a: Any, b: Any, path: str = "") -> list[Difference]:
    """Every differing field of ``a`` and ``b`` as (path, value in a, value in b); a field
    one of them lacks has ``None`` there."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        out: list[Difference] = []
        for key in sorted(set(a) | set(b), key=str):
            out += differences(a.get(key), b.get(key), _join(path, str(key)))
        return out
    if isinstance(a, list) and isinstance(b, list):
        if _ided(a) and _ided(b):
            return differences({x["id"]: x for x in a}, {x["id"]: x for x in b}, path)
        if len(a) == len(b):
            return [d for i, (x, y) in enumerate(zip(a, b, strict=True))
                    for d in differences(x, y, _join(path, str(i)))]
    return [] if a == b else [(path, a, b)]


def _ided(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(x, Mapping) and "id" in x for x in items)


def _join(path: str, step: str) -> str:
    return f"{path}.{step}" if path else step
