"""My Favourite Things: typed categories matched to bundled ones by meaning, not by a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.games.my_favourite_things.bots import Persona
from parlour.games.my_favourite_things.content import CONTENT
from parlour.games.my_favourite_things.meaning import (
    content_digest,
    nearest,
    same_ground,
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


def scored(pairs: list[tuple[str, set[str]]]) -> tuple[int, int]:
    """How many are matched to a category whose entries belong (or to none when none do),
    and how many to a category off the subject."""
    right = off = 0
    for typed, wanted in pairs:
        meant = nearest(typed)
        got = meant.name if meant is not None else "NONE"
        right += got in wanted
        off += got not in wanted and got != "NONE"
    return right, off


def test_the_table_was_built_from_the_bundled_categories() -> None:
    # If this fails, run scripts/build_meaning.py (see its docstring).
    assert table().digest == content_digest(CONTENT)
    assert len(table().names) == len(CONTENT.categories)


def test_matching_by_meaning_on_typed_categories() -> None:
    # Measured: tuned 93/206 right, held out 52/154, unseen 45/50, fresh 34/38, and not one
    # off the subject. Most misses are typed categories narrower than the nearest bundled
    # one that the loose lists count as fitting ("Wild animals" | Animals): no idea.
    least_right = {"tuned": 93, "held out": 52, "unseen": 45, "fresh": 34}
    lists = typed_lists()
    assert {name: len(pairs) for name, pairs in lists.items()} == {
        "tuned": 206, "held out": 154, "unseen": 50, "fresh": 38}
    for name, pairs in lists.items():
        right, off = scored(pairs)
        assert off == 0, name
        assert right >= least_right[name], (name, right)


def off_topic_hands(pairs: list[tuple[str, set[str]]]) -> list[tuple[str, list[str]]]:
    """The typed categories for which a bot writes a hand that is neither six ways of
    saying it has no idea nor six entries of a bundled category that belongs."""
    off = []
    for seed, (typed, wanted) in enumerate(pairs):
        hand = Persona(seed).write(typed)
        fits = [set(CONTENT.no_idea)] + [set(category.entries) for category in
                                          CONTENT.categories if category.name in wanted]
        if not any(set(hand) <= entries for entries in fits):
            off.append((typed, hand))
    return off


@pytest.mark.parametrize("name", ["tuned", "held out", "unseen", "fresh"])
def test_no_typed_category_gets_a_hand_off_the_subject(name: str) -> None:
    assert off_topic_hands(typed_lists()[name]) == []


@pytest.mark.parametrize(("typed", "meant"), [
    # No word in common with the category's name.
    ("Telly programmes I watch", "TV Shows"),
    ("Computer games", "Video Games"),
    ("Puddings", "Desserts"),
    ("Writers", "Authors"),
    ("Bugs", "Insects and Minibeasts"),
    ("Careers", "Jobs"),
    # Not one of its names as typed either: found by meaning.
    ("Ocean creatures", "Sea Creatures"),
    ("Magic powers", "Superpowers"),
    ("Movie music", "Film Soundtracks"),
    ("Lessons at school", "School Subjects"),
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
    assert found is None or found.name != not_meant


@pytest.mark.parametrize(("typed", "nearest_in_meaning"), [
    # Narrower than the nearest category: most of its entries would not belong.
    ("Famous bridges", "Famous Landmarks"),
    ("Water sports", "Sports"),
    ("Rainforest animals", "Animals"),
    ("Heavy metal bands", "Musicians"),
    ("Seaside towns", "Cities"),
    # A kind is near its kinds in meaning but is not one of them.
    ("Things that are blue", "Colours"),
    # About another thing than the nearest category.
    ("Trains", "Things to Do on a Train"),
])
def test_a_category_that_covers_other_ground_is_no_match(typed: str,
                                                         nearest_in_meaning: str) -> None:
    category = CONTENT.find(nearest_in_meaning)
    assert category is not None and not same_ground(typed, category)
    assert nearest(typed) is None


def test_nothing_near_is_no_match() -> None:
    for typed in ["Quantum field theories", "Tax forms", "Spreadsheet functions", "Qwzx", "!!!",
                  "Things I love"]:
        assert nearest(typed) is None
