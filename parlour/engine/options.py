"""Typed game options with defaults and validation.

>>> opt = Option("matches", int, 3, choices=(1, 3), doc="best of three, or one")
>>> resolve_options((opt,), {})
{'matches': 3}
>>> resolve_options((opt,), {"matches": 2})
Traceback (most recent call last):
...
parlour.engine.errors.InvalidOptions: option 'matches' must be one of 1, 3 (got 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptions


@dataclass(frozen=True)
class Option:
    """One option a game accepts.

    ``kind`` is ``int``, ``str``, ``bool``, ``list`` or ``dict``; ``default`` of ``None``
    means "not set" (for example a stacked deck that is normally shuffled). ``content``
    marks an option that carries the game's content (a card set, word cards): front ends
    offer it as a file to upload, and a record that holds it replays exactly. ``seat``
    marks a whole number that names a seat (counted from 0, as every seat is in the
    engine): front ends show it as people count seats, from 1.
    """

    name: str
    kind: type
    default: Any
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    content: bool = False
    seat: bool = False

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is acceptable, else raise ``InvalidOptions``."""
        if value is None and self.default is None:
            return None
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidOptions(f"option {self.name!r} must be a whole number (got {value!r})")
        if self.kind is not int and not isinstance(value, self.kind):
            raise InvalidOptions(
                f"option {self.name!r} must be of type {self.kind.__name__} (got {value!r})"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptions(f"option {self.name!r} must be one of {allowed} (got {value!r})")
        if self.minimum is not None and value < self.minimum:
            raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}")
        return value

    def describe(self) -> dict[str, Any]:
        """A JSON-safe description, for ``parlour games`` and the lobby."""
        out: dict[str, Any] = {
            "name": self.name, "type": self.kind.__name__, "default": self.default
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.doc:
            out["doc"] = self.doc
        if self.content:
            out["content"] = True
        if self.seat:
            out["seat"] = True
        return out


def resolve_options(spec: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and validate; unknown option names are an error."""
    if not given:
        return {o.name: o.default for o in spec}
    # Every set-up of every search playout comes through here: the names are compared as
    # key sets, and only the options given are checked.
    resolved = {o.name: o.default for o in spec}
    if not given.keys() <= resolved.keys():
        unknown = sorted(set(given) - set(resolved))
        names = ", ".join(sorted(resolved)) or "none"
        raise InvalidOptions(f"unknown option {unknown[0]!r} (this game takes: {names})")
    for o in spec:
        if o.name in given:
            resolved[o.name] = o.check(given[o.name])
    return resolved
