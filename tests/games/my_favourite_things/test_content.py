"""My Favourite Things: the bundled categories are loaded and validated at start."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games.my_favourite_things.content import (
    CONTENT,
    ContentError,
    key,
    load,
    parse,
    text_problem,
)

# The "Example Categories" list, as printed in the rulebook.
RULEBOOK_TEXT = (
    "TV Shows, Board Games, Films, Restaurants, Characters, Modes of Transport, Animals, Shapes,"
    " Languages, Holiday Destinations, Activities, Periods of Time, Apps, Content Creators,"
    " Brands, Clothing, Musicians, Slang Terms, Supermarkets, Flags, Snacks, Franchises,"
    " Things About Your Partner, Things About Yourself, Villains, Sports, Flavours, Weather,"
    " Colours, Fictional Worlds, Words, Authors, Geographical Features, Mythical Beings, Idioms,"
    " Genres, Historical Figures, Excuses, School Subjects, Vegetables, Ways to Exercise,"
    " Ways to Relax, Emojis, Video Games, Books, Award Winners, Date Ideas, Electronic Devices,"
    " Gifts You Have Received, Things About Summer, Presenters, Greetings, Family Traditions,"
    " Inventions, Superpowers, Teams"
)
RULEBOOK = RULEBOOK_TEXT.split(", ")


def test_at_least_a_hundred_categories_with_the_rulebooks_among_them() -> None:
    assert len(RULEBOOK) == 56
    assert len(CONTENT.categories) >= 100
    names = {key(c) for c in CONTENT.categories}
    assert {key(c) for c in RULEBOOK} <= names
    # The rulebook's advice mentions these too.
    assert {"days of the week", "flavours of ice cream", "planets"} <= names


def test_at_least_forty_categories_have_ten_examples() -> None:
    rich = [c for c in CONTENT.categories if len(CONTENT.examples(c)) >= 10]
    assert len(rich) >= 40
    for c in CONTENT.categories:
        examples = CONTENT.examples(c)
        assert len(examples) == 0 or len(examples) >= 6
        assert all(text_problem(e, "an example") is None for e in examples)
        assert len({key(e) for e in examples}) == len(examples)


def test_loading_twice_gives_the_same_content() -> None:
    assert load() == CONTENT
    assert CONTENT.examples("  ANIMALS ") == CONTENT.examples("Animals")
    assert CONTENT.examples("Not a bundled category") == ()


def good() -> dict[str, Any]:
    return {"categories": [{"name": "Fruit", "examples": list("abcdef")}],
            "fallback": list("uvwxyz")}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("categories"), "'categories' list"),
        (lambda d: d["categories"].append({"name": " fruit "}), "' fruit ' is listed twice"),
        (lambda d: d["categories"].append({"name": ""}), "category 1 (''): a category name"),
        (lambda d: d["categories"].append({"examples": []}), "category 1 must be an object"),
        (lambda d: d["categories"][0]["examples"].append("A"), "example 'A' is listed twice"),
        (lambda d: d["categories"][0]["examples"].append("x" * 61), "example 6"),
        (lambda d: d["categories"][0]["examples"].append("tab\there"), "control characters"),
        (lambda d: d["categories"][0]["examples"].pop(), "'Fruit' needs no examples or at least"),
        (lambda d: d["categories"][0].update(examples="abc"), "'examples' must be a list"),
        (lambda d: d.update(fallback=["one"]), "fallback list needs at least 6"),
    ],
)
def test_a_bad_category_file_names_the_bad_entry(change: Any, words: str) -> None:
    data = good()
    assert parse(data).categories == ("Fruit",)
    change(data)
    with pytest.raises(ContentError) as caught:
        parse(data)
    assert words in str(caught.value)
