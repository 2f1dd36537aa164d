"""Take Your Pick: the built-in phrase pairs and the deck rules."""

from __future__ import annotations

import json

import pytest

from parlour.games.take_your_pick.content import (
    BUILTIN,
    MAX_PHRASE,
    TRAIT_OF,
    TRAITS,
    DeckError,
    check_deck,
    load_builtin,
)


def test_at_least_200_pairs_with_no_phrase_twice() -> None:
    assert len(BUILTIN) == 242
    phrases = [p.casefold() for card in BUILTIN for p in card]
    assert len(phrases) == len(set(phrases)) == 484
    assert len(set(BUILTIN)) == len(BUILTIN)
    assert all(0 < len(p) <= MAX_PHRASE for card in BUILTIN for p in card)


def test_every_built_in_card_leans_on_a_trait() -> None:
    assert set(TRAIT_OF) == set(BUILTIN)
    assert len(TRAITS) == 9
    assert TRAIT_OF[("Cautious", "Daring")] == "bold"


@pytest.mark.parametrize(("deck", "message"), [
    ("In, Out", "non-empty list"),
    ([], "non-empty list"),
    ([["In", "Out"], ["Up"]], "entry 1: a card is a pair"),
    ([["In", 3]], "entry 0: a phrase must be text"),
    ([["In", " "]], "entry 0: a phrase cannot be empty"),
    ([["In", " Out"]], "spaces at its start or end"),
    ([["In", "x" * (MAX_PHRASE + 1)]], f"longer than {MAX_PHRASE}"),
    ([["Same", "same"]], "already on this entry"),
    ([["In", "Out"], ["Up", "Down"], ["Out", "About"]], "entry 2: the phrase 'Out' is already"
                                                       " on entry 0"),
])
def test_bad_decks_name_the_bad_entry(deck: object, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        check_deck(deck, "deck")


def test_a_broken_pairs_file_is_refused_at_load() -> None:
    with pytest.raises(DeckError, match=r"pairs\.json entry 1"):
        load_builtin(json.dumps({"traits": {"bold": [["a", "b"], ["c"]]}}))
    with pytest.raises(DeckError, match="'traits'"):
        load_builtin(json.dumps({"pairs": []}))
    cards, traits = load_builtin(json.dumps({"traits": {"x": [["a", "b"]], "y": [["c", "d"]]}}))
    assert cards == [("a", "b"), ("c", "d")] and traits[("c", "d")] == "y"
