"""A spectator's view as a readable text board (the environments' ``render``).

>>> print(board({"game": "love-me-not", "turn": 2, "hand": [],
...              "seats": [{"pile": None, "tableau": [{"card": "5H", "revealed": True}]}]}))
turn: 2
seats:
  - seat 0
    tableau: 5H
"""

from __future__ import annotations

from typing import Any

from parlour.engine import View

HIDDEN = ("game", "seat")


def board(view: View) -> str:
    return "\n".join(_lines(dict(view), 0))


def _lines(value: dict[str, Any], depth: int) -> list[str]:
    pad = "  " * depth
    out: list[str] = []
    for key, item in value.items():
        if key in HIDDEN or item is None or item == [] or item == {}:
            continue
        if isinstance(item, dict):
            out += [f"{pad}{key}:", *_lines(item, depth + 1)]
        elif isinstance(item, list) and all(isinstance(x, dict) for x in item):
            out.append(f"{pad}{key}:")
            for i, entry in enumerate(item):
                if _cards(entry):
                    continue
                out.append(f"{pad}  - {'seat ' if key == 'seats' else '#'}{i}")
                out += _lines(entry, depth + 2)
            if item and all(_cards(x) for x in item):
                out[-1] = f"{pad}{key}: {_text(item)}"
        else:
            out.append(f"{pad}{key}: {_text(item)}")
    return out


def _cards(entry: dict[str, Any]) -> bool:
    """A card as a ``{"card": ..., "revealed": ...}`` pair: shown as its name."""
    return set(entry) == {"card", "revealed"}


def _text(item: Any) -> str:
    if isinstance(item, list):
        joint = " | " if any(isinstance(x, list) for x in item) else ", "
        return joint.join(_text(x) for x in item) if item else "-"
    if item is None:
        return "-"
    if isinstance(item, dict) and _cards(item):
        return str(item["card"]) if item["card"] is not None else "(face down)"
    if isinstance(item, bool):
        return "yes" if item else "no"
    return str(item)
