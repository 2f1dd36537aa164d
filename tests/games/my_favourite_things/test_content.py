"""My Favourite Things: the bundled categories are loaded and validated at start."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine import ContentError, text_problem
from parlour.games.my_favourite_things.content import (
    CONTENT,
    MIN_DISLIKED,
    MIN_LOVED,
    key,
    load,
    parse,
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


def test_every_rulebook_category_is_bundled_with_enough_to_write_a_hand() -> None:
    assert len(RULEBOOK) == 56
    assert len(CONTENT.categories) >= 400
    # The rulebook's example categories, and those its advice mentions.
    for name in [*RULEBOOK, "Days of the Week", "Flavours of Ice Cream", "Planets",
                 "Places You'd Want to Buy a House",
                 "Animals You Wouldn't Want in a Swimming Pool With You"]:
        assert CONTENT.find(name) is not None, name
    for category in CONTENT.categories:
        assert len(category.loved) >= MIN_LOVED >= 9 and len(category.disliked) >= 3
        assert all(text_problem(e, "an entry") is None for e in category.entries)
        assert len({key(e) for e in category.entries}) == len(category.entries)
    # Most have plenty, so that bots at one table write different hands.
    assert sum(len(c.loved) >= 13 for c in CONTENT.categories) >= 400


def test_only_categories_about_the_writers_life_are_personal() -> None:
    assert {c.name for c in CONTENT.categories if c.personal} == {
        "Things About Your Partner", "Things About Yourself", "Gifts You Have Received",
        "Things About Your Best Friend", "Childhood Memories"}


def test_flags_and_emojis_hold_emoji_a_person_counts_as_one_character() -> None:
    flags, emojis = CONTENT.find("Flags").entries, CONTENT.find("Emojis").entries
    assert "The rainbow flag 🏳️‍🌈" in flags and "The pirate flag 🏴‍☠️" in flags
    assert any("\U000e0073\U000e0063\U000e0074" in e for e in flags)  # Scotland's tags
    assert "👩‍💻 Woman at a laptop" in emojis


def test_a_category_is_found_by_any_of_its_names_as_typed() -> None:
    assert load() == CONTENT
    assert CONTENT.find("  ANIMALS ") == CONTENT.find("Animals")
    assert CONTENT.find("My favourite TV shows!").name == "TV Shows"
    assert CONTENT.find("telly").name == "TV Shows"
    assert CONTENT.find("Not a bundled category") is None


def good() -> dict[str, Any]:
    return {"categories": [{"name": "Fruit", "loved": list("abcdefghi"),
                            "disliked": list("xyz"), "also": ["fruits and berries"]}],
            "no_idea": list("uvwxyz")}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("categories"), "'categories' list"),
        (lambda d: d["categories"].append({**good()["categories"][0], "name": " fruit "}),
         "'fruit' reads the same as a name of 'Fruit'"),
        (lambda d: d["categories"][0]["also"].append("Fruits!"), "reads the same as"),
        (lambda d: d["categories"].append({"name": ""}), "category 1 (''): a category name"),
        (lambda d: d["categories"].append({"loved": []}), "category 1 must be an object"),
        (lambda d: d["categories"][0]["disliked"].append("A"), "'A' is listed twice"),
        (lambda d: d["categories"][0]["loved"].append("x" * 61), "loved 9"),
        (lambda d: d["categories"][0]["loved"].append("tab\there"), "control characters"),
        (lambda d: d["categories"][0]["loved"].pop(), "at least 9"),
        (lambda d: d["categories"][0]["disliked"].pop(), "'disliked' must be a list of at least"),
        (lambda d: d.update(no_idea=["one"]), "'no_idea' must be a list of at least 6"),
    ],
)
def test_a_bad_category_file_names_the_bad_entry(change: Any, words: str) -> None:
    data = good()
    assert [c.name for c in parse(data).categories] == ["Fruit"]
    change(data)
    with pytest.raises(ContentError) as caught:
        parse(data)
    assert words in str(caught.value)
    assert MIN_DISLIKED == 3 and MIN_LOVED == 9
