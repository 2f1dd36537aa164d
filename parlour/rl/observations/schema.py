"""Views as fixed layouts: numbers and one-hots in a float vector, words as tokens.

A game declares its layout as a list of fields, each a path into the view and a
kind. Every field has slots of its own, so nothing collides, and slot ``i`` means
the same thing in every view of the game. Paths are dotted keys with these steps:

- ``[*]``: a list with one entry per seat, rotated so that the viewer comes first
  (slot ``k`` is the seat ``k`` places to the viewer's left), padded to the game's
  most players;
- ``[:n]``: the first ``n`` items, ``[-n:]``: the last ``n``, latest first; missing
  items leave their slots at 0.

Kinds: ``num`` (a number; a boolean is 0 or 1, a list its length, nothing 0),
``seat`` (a seat as a one-hot of places to the viewer's left), ``seats`` (a list of
seats, as a multi-hot), ``one of a|b|c`` (a one-hot; anything else lights the last
slot), ``word`` (one token) and ``words N`` (up to ``N`` tokens, nested lists
flattened in order).

>>> from .vocabulary import Vocabulary
>>> layout = Layout([("round", "num"), ("dealer", "seat"), ("hearts[*]", "num"),
...                  ("table", "words 3")], seats=3, vocabulary=Vocabulary(["Frogs", "Maps"]))
>>> layout.size, layout.tokens
(7, 3)
>>> floats, tokens = layout.encode({"seat": 1, "round": 2, "dealer": 0, "hearts": [5, 6, 7],
...                                 "table": ["Maps", "Frogs"]})
>>> floats.tolist(), tokens.tolist()
([2.0, 0.0, 0.0, 1.0, 6.0, 7.0, 5.0], [2, 1, 0])
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.engine import View

from .vocabulary import Vocabulary

Floats = npt.NDArray[np.float32]
Tokens = npt.NDArray[np.int32]
_STEP = re.compile(r"([^.\[]+)|\[(\*|:\d+|-\d+:)\]")


@dataclass(frozen=True)
class Field:
    """One declared field: where it is in the view and the slots it takes."""

    path: str
    kind: str
    floats: slice
    tokens: slice


class Layout:
    """A game's fields, laid out one after another (see the module's description)."""

    def __init__(self, fields: Sequence[tuple[str, str]], seats: int,
                 vocabulary: Vocabulary) -> None:
        self.seats = seats
        self.vocabulary = vocabulary
        self.fields: list[Field] = []
        f = t = 0
        for path, kind in fields:
            repeat = _repeat(path, seats)
            nf, nt = _width(kind, seats)
            self.fields.append(Field(path, kind, slice(f, f + repeat * nf),
                                     slice(t, t + repeat * nt)))
            f += repeat * nf
            t += repeat * nt
        self.size, self.tokens = f, t

    def encode(self, view: View) -> tuple[Floats, Tokens]:
        seat = view["seat"]
        if seat is None:
            raise ValueError("observations are built from a seat's view, not a spectator's")
        floats = np.zeros(self.size, np.float32)
        tokens = np.zeros(self.tokens, np.int32)
        players = int(view.get("players", self.seats))
        for field in self.fields:
            nf, nt = _width(field.kind, self.seats)
            values = _select(view, _steps(field.path), seat, players, self.seats)
            for i, value in enumerate(values):
                if value is _MISSING:
                    continue
                self._fill(field.kind, value, seat, players,
                           floats[field.floats][i * nf:(i + 1) * nf],
                           tokens[field.tokens][i * nt:(i + 1) * nt])
        return floats, tokens

    def _fill(self, kind: str, value: Any, seat: int, players: int, floats: Floats,
              tokens: Tokens) -> None:
        name, _, arg = kind.partition(" ")
        if name == "num":
            floats[0] = len(value) if isinstance(value, list | dict) else float(value or 0)
        elif name == "seat" and value is not None:
            floats[(int(value) - seat) % players] = 1
        elif name == "seats":
            for s in value or []:
                floats[(int(s) - seat) % players] = 1
        elif name == "one":
            choices = arg.removeprefix("of ").split("|")
            floats[choices.index(value) if value in choices else len(choices)] = 1
        elif name == "word":
            tokens[0] = self.vocabulary.token(value)
        elif name == "words":
            for i, word in enumerate(_flat(value)):
                if i == len(tokens):
                    break
                tokens[i] = self.vocabulary.token(word)

    def describe(self) -> list[str]:
        """One line per field: its path, kind and slots (for documentation)."""
        return [f"{f.path}: {f.kind} (floats {f.floats.start}-{f.floats.stop}, "
                f"tokens {f.tokens.start}-{f.tokens.stop})" for f in self.fields]


_MISSING = object()


def _steps(path: str) -> list[str]:
    return [m.group(1) or f"[{m.group(2)}]" for m in _STEP.finditer(path)]


def _repeat(path: str, seats: int) -> int:
    count = 1
    for step in _steps(path):
        if step == "[*]":
            count *= seats
        elif step.startswith("["):
            count *= int(step.strip("[]:-"))
    return count


def _width(kind: str, seats: int) -> tuple[int, int]:
    name, _, arg = kind.partition(" ")
    if name in ("seat", "seats"):
        return seats, 0
    if name == "one":
        return len(arg.removeprefix("of ").split("|")) + 1, 0
    if name == "word":
        return 0, 1
    if name == "words":
        return 0, int(arg)
    return 1, 0


def _select(value: Any, steps: list[str], seat: int, players: int, seats: int,
            ) -> Iterator[Any]:
    """The values at ``steps``, one per slot (``_MISSING`` where there is none)."""
    if not steps:
        yield value
        return
    step, rest = steps[0], steps[1:]
    if not step.startswith("["):
        inner = value.get(step) if isinstance(value, dict) else None
        if inner is None and rest:
            yield from (_MISSING for _ in range(_repeat(".".join(rest), seats)))
        else:
            yield from _select(inner, rest, seat, players, seats)
        return
    items = value if isinstance(value, list) else []
    if step == "[*]":
        picked = [items[(seat + k) % players] if k < players and len(items) == players
                  else _MISSING for k in range(seats)]
    else:
        n = int(step.strip("[]:-"))
        picked = list(reversed(items[-n:])) if step.startswith("[-") else items[:n]
        picked += [_MISSING] * (n - len(picked))
    for item in picked:
        if item is _MISSING:
            yield from (_MISSING for _ in range(_repeat(".".join(rest), seats)))
        else:
            yield from _select(item, rest, seat, players, seats)


def _flat(value: Any) -> Iterator[Any]:
    if isinstance(value, list):
        for item in value:
            yield from _flat(item)
    elif value is not None:
        yield value
