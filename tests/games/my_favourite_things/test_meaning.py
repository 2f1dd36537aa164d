"""My Favourite Things: typed categories matched to bundled ones by meaning, not by a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.games.my_favourite_things.content import CONTENT
from parlour.games.my_favourite_things.meaning import (
    NEAR_ENOUGH,
    closeness,
    content_digest,
    nearest,
    table,
)

LISTS = Path(__file__).with_name("typed_categories.txt")


def typed_lists() -> dict[str, list[tuple[str, set[str]]]]:
    lists: dict[str, list[tuple[str, set[str]]]] = {}
    current: list[tuple[str, set[str]]] = []
    for line in LISTS.read_text("utf-8").splitlines():
        if line.startswith("["):
            current = lists.setdefault(line.strip("[]"), [])
        elif line and not line.startswith("#"):
            typed, _, wanted = line.partition(" | ")
            current.append((typed, {w.strip() for w in wanted.split(";")}))
    return lists


def scored(pairs: list[tuple[str, set[str]]]) -> tuple[float, float]:
    """The share matched to a category whose entries belong (or to none when none do), and
    the share matched off the subject."""
    right = off = 0
    for typed, wanted in pairs:
        meant = nearest(typed)
        got = meant.name if meant is not None else "NONE"
        right += got in wanted
        off += got not in wanted and got != "NONE"
    return right / len(pairs), off / len(pairs)


def test_the_table_was_built_from_the_bundled_categories() -> None:
    # If this fails, run scripts/build_meaning.py (see its docstring).
    assert table().digest == content_digest(CONTENT)
    assert len(table().names) == len(CONTENT.categories)


def test_matching_by_meaning_on_typed_categories() -> None:
    lists = typed_lists()
    assert [len(pairs) for pairs in lists.values()] == [206, 154]
    # Measured: tuned 182/206 right, 16 off the subject; held out 121/154 right, 24 off.
    right, off = scored(lists["tuned"])
    assert right >= 0.87 and off <= 0.08  # 0.883, 0.078
    right, off = scored(lists["held out"])
    assert right >= 0.77 and off <= 0.16  # 0.786, 0.156


@pytest.mark.parametrize(("typed", "meant"), [
    # No word in common with the category's name.
    ("Telly programmes I watch", "TV Shows"),
    ("Computer games", "Video Games"),
    ("Puddings", "Desserts"),
    ("Writers", "Authors"),
    ("Bugs", "Insects and Minibeasts"),
    ("Careers", "Jobs"),
])
def test_meaning_not_a_shared_word(typed: str, meant: str) -> None:
    found = nearest(typed)
    assert found is not None and found.name == meant


@pytest.mark.parametrize(("typed", "not_meant"), [
    # A shared word that once decided the match.
    ("Cereal Toppings", "Pizza Toppings"),
    ("Sci-Fi Gadgets", "Kitchen Gadgets"),
    ("Video Games", "Board Games"),
    ("Breakfast cereals", "Pizza Toppings"),
])
def test_a_shared_word_does_not_decide(typed: str, not_meant: str) -> None:
    found = nearest(typed)
    assert found is not None and found.name != not_meant


def test_nothing_near_enough_is_no_match() -> None:
    for typed in ["Quantum field theories", "Tax forms", "Spreadsheet functions", "Qwzx", "!!!"]:
        best = closeness(typed)
        assert not best or best[0][0] < NEAR_ENOUGH
        assert nearest(typed) is None
