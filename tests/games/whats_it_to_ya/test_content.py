"""What's It to Ya?: the card file and its validation."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.games.whats_it_to_ya import STANDARD, DeckDataError, load_deck, parse_deck
from parlour.games.whats_it_to_ya.content import DATA_FILE, norm


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def test_the_deck_has_180_two_sided_cards_and_360_different_words() -> None:
    assert len(STANDARD.cards) == 180
    words = [w for card in STANDARD.cards for w in (card.front, card.back)]
    assert len(words) == 360
    assert len({norm(w) for w in words}) == 360
    assert all(card.front != card.back for card in STANDARD.cards)
    assert all(w == w.strip() and 0 < len(w) <= 40 for w in words)


def test_every_word_has_a_known_category_and_every_category_is_used() -> None:
    used = {STANDARD.category_of(w) for c in STANDARD.cards for w in (c.front, c.back)}
    assert used == set(STANDARD.categories)
    assert len(STANDARD.category) == 360


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
    (lambda d: d["cards"].pop(), "must have 180 cards"),
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
    with pytest.raises(DeckDataError, match=message):
        parse_deck(broken(change))


def test_a_card_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DeckDataError, match=r"cannot read the card file cards\.json"):
        load_deck(path)
    path.write_text(json.dumps(raw()), encoding="utf-8")
    assert load_deck(path).cards == STANDARD.cards
