"""What's It to Ya?: the card file and its validation."""

from __future__ import annotations

import copy
import functools
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import snowballstemmer

from parlour.engine import ContentError
from parlour.games.whats_it_to_ya import STANDARD, load_deck, parse_deck
from parlour.games.whats_it_to_ya.content import DATA_FILE, norm


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def test_the_deck_has_200_two_sided_cards_and_400_different_words() -> None:
    assert len(STANDARD.cards) == 200
    words = [w for card in STANDARD.cards for w in (card.front, card.back)]
    assert len(words) == 400
    assert len({norm(w) for w in words}) == 400
    assert all(card.front != card.back for card in STANDARD.cards)
    assert all(w == w.strip() and 0 < len(w) <= 40 for w in words)


def test_every_word_has_a_known_category_and_every_category_is_used() -> None:
    used = {STANDARD.category_of(w) for c in STANDARD.cards for w in (c.front, c.back)}
    assert used == set(STANDARD.categories)
    assert len(STANDARD.category) == 400


def test_a_word_from_outside_the_deck_gets_a_stable_category() -> None:
    assert STANDARD.category_of("Gazebos") == STANDARD.category_of(" gazebos ")
    assert STANDARD.category_of("Gazebos") in STANDARD.categories
    assert STANDARD.category_of("pizza") == "food"


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(raw())
    change(data)
    return data


def set_back(i: int, word: Any) -> Any:
    return lambda d: d["cards"][i]["back"].__setitem__("word", word)


CASES = [
    (lambda d: d["cards"].pop(), "must have 200 cards"),
    (set_back(3, raw()["cards"][3]["front"]["word"]), "card 3 back: the word"),
    (set_back(7, raw()["cards"][1]["front"]["word"].upper()), "card 7 back: the word"),
    (set_back(9, "   "), "card 9 back: a word must be a non-empty string"),
    (set_back(9, 5), "card 9 back: a word must be a non-empty string"),
    (set_back(2, "x" * 41), "card 2 back: 'xxx"),
    (lambda d: d["cards"][4]["front"].__setitem__("category", "gadgets"),
     "card 4 front: .* unknown category 'gadgets'"),
    (lambda d: d["cards"].__setitem__(5, ["a", "b"]), "card 5: a card is"),
    (lambda d: d["cards"][6].pop("back"), "card 6: a card is"),
    (lambda d: d.__setitem__("categories", []), "'categories'"),
    (lambda d: d.pop("cards"), "'cards' list"),
]


@pytest.mark.parametrize(("change", "message"), CASES)
def test_a_bad_card_file_is_refused_naming_the_entry(change: Any, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        parse_deck(broken(change))


def test_a_card_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cannot read the card file cards\.json"):
        load_deck(path)
    path.write_text(json.dumps(raw()), encoding="utf-8")
    assert load_deck(path).cards == STANDARD.cards


# -- no two words on one table say the same thing ------------------------------------------
STEMMER = snowballstemmer.stemmer("english")
LITTLE_WORDS = {"a", "an", "and", "at", "in", "of", "on", "the", "to"}


@functools.cache
def stems(word: str) -> tuple[str, ...]:
    """The word's stems: "Train Stations" -> ("train", "station")."""
    return tuple(STEMMER.stemWord(t) for t in re.findall(r"[a-z]+", word.casefold())
                 if t not in LITTLE_WORDS)


def repeats(a: str, b: str) -> str | None:
    """How two words repeat each other (a stem in common, or a stem of four letters or more
    that begins or ends one of the other's: Stars / Stargazing, Cycling / Bicycles), or None."""
    mine, theirs = stems(a), stems(b)
    shared = set(mine) & set(theirs)
    if shared:
        return f"both say {sorted(shared)[0]!r}"
    for x, y in itertools.chain(itertools.product(mine, theirs), itertools.product(theirs, mine)):
        if len(x) >= 4 and (y.startswith(x) or y.endswith(x)):
            return f"{y!r} holds {x!r}"
    return None


def test_the_repeat_check_finds_what_a_player_would_call_the_same_word() -> None:
    assert repeats("Tennis", "Table Tennis") == "both say 'tenni'"
    assert repeats("Trains", "Train Stations") == "both say 'train'"
    assert repeats("Stars", "Stargazing") == "'stargaz' holds 'star'"
    assert repeats("Cycling", "Bicycles") == "'bicycl' holds 'cycl'"
    assert repeats("Libraries", "Librarians") == "'librarian' holds 'librari'"
    assert repeats("Pandas", "Karate") is None
    assert repeats("Pen Pals", "Penguins") is None  # a three-letter stem is too short to tell


def all_words() -> list[str]:
    return [w for card in STANDARD.cards for w in (card.front, card.back)]


def test_no_two_words_of_the_deck_repeat_each_other() -> None:
    # The two sides of one card never meet on a table, but any two cards can; the whole
    # deck is held to it (one idea twice in a deck is a wasted word anyway).
    found = [f"{a} / {b}: {why}" for a, b in itertools.combinations(all_words(), 2)
             if (why := repeats(a, b))]
    assert found == []


SAME_IDEA = [
    # Words that a table would read as one idea although they share no stem.
    {"Trains", "Subways", "Trams", "Railways"},
    {"Canoes", "Rowboats", "Kayaks", "Rafts"},
    {"Rockets", "Spaceships"},
    {"Email", "Text Messages", "Letters"},
    {"Singing", "Karaoke"},
    {"Singing", "Choirs"},
    {"Dancing", "Ballet"},
    {"Internet", "Wi-Fi"},
    {"Cooking", "Baking"},
    {"Campsites", "Tents", "Camping"},
    {"Movies", "Films", "Cinemas"},
    {"Soccer", "Football"},
    {"Holidays", "Vacations"},
    {"Smartphones", "Mobile Phones"},
    {"Weekends", "Lazy Sundays"},
    {"Napping", "Lie-ins", "Siestas"},
    {"Reunions", "Homecomings"},
    {"Family Dinners", "Sunday Roasts"},
    {"Telescopes", "Stargazing"},
    {"Beaches", "Sandcastles"},
]


def test_no_two_words_of_the_deck_name_one_idea() -> None:
    words = {norm(w) for w in all_words()}
    found = [sorted(w for w in group if norm(w) in words) for group in SAME_IDEA]
    assert [idea for idea in found if len(idea) > 1] == []


def test_the_old_deck_held_repeats_on_one_table() -> None:
    # Words the deck held before: each pair could be turned up in one round.
    old = [("Tennis", "Table Tennis"), ("Trains", "Train Stations"), ("Music", "Musicians"),
           ("Rain", "Rainbows"), ("Bakeries", "Baking"), ("Board Games", "Card Games")]
    assert all(repeats(a, b) for a, b in old)
    assert not any(norm(a) in STANDARD.category and norm(b) in STANDARD.category
                   for a, b in old)
