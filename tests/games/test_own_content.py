"""The party games with a designer's own content, given as an option: the game deals it
(shuffled from the seed), the bots play it, a record replays it, a bad entry is named."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.bots import make_agent
from parlour.engine import ContentError, InvalidOptions, Match, Record, play, replay
from parlour.games import get_game


def played(game_id: str, players: int, options: dict[str, Any], seed: int = 3) -> Match[Any]:
    match = Match.new(get_game(game_id), players, options, seed)
    bot = match.game.default_bot
    play(match, [make_agent(match.game, bot, s, s) for s in range(players)])
    again = replay(Record.loads(match.record.dumps()), get_game)
    assert again.result() == match.result()
    return match


def word_cards(n: int) -> dict[str, Any]:
    return {"name": "Kitchen", "categories": ["food", "tools"],
            "cards": [{"front": {"word": f"Spoon {i}", "category": "tools"},
                       "back": {"word": f"Soup {i}", "category": "food"}} for i in range(n)]}


def test_whats_it_to_ya_deals_only_the_designers_word_cards() -> None:
    match = played("whats-it-to-ya", 3, {"cards": word_cards(30), "side": "back"})
    dealt = {w for r in match.result().details["rounds"] for w in r["cards"]}  # type: ignore[union-attr]
    assert len(dealt) == 30 and all(w.startswith("Soup ") for w in dealt)
    decks = [Match.new(get_game("whats-it-to-ya"), 3, {"cards": word_cards(30)}, s).view(None)
             ["table"] for s in (3, 4)]
    assert decks[0] != decks[1]  # the seed shuffles them


@pytest.mark.parametrize("cards, message", [
    (word_cards(29), "option 'cards' needs at least 30 cards for this game"),
    ({**word_cards(30), "categories": ["food"]}, "has unknown category 'tools'"),
    ({"cards": [{"front": {"word": "A", "category": "x"}, "back": {"word": "a",
                                                                   "category": "x"}}] * 30,
      "categories": ["x"]}, "the word 'a' appears twice in the deck"),
])
def test_whats_it_to_ya_names_what_is_wrong_with_own_cards(cards: dict[str, Any],
                                                          message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        get_game("whats-it-to-ya").setup(3, {"cards": cards})


def test_take_your_pick_shuffles_and_deals_the_designers_pairs() -> None:
    pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(12)]
    match = played("take-your-pick", 3, {"pairs": pairs})
    read = {tuple(r["card"]) for r in match.view(None)["reads"]}
    assert read and read <= {tuple(p) for p in pairs}
    hands = [Match.new(get_game("take-your-pick"), 3, {"pairs": pairs}, s).view(1)["hand"]
             for s in (1, 2)]
    assert hands[0] != hands[1]  # unlike the stacked 'deck' option, the seed shuffles


def test_take_your_pick_refuses_a_deck_and_pairs_together_and_a_repeated_phrase() -> None:
    game = get_game("take-your-pick")
    pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(6)]
    with pytest.raises(InvalidOptions, match="'deck' \\(stacked\\) or 'pairs'"):
        game.setup(3, {"pairs": pairs, "deck": pairs})
    with pytest.raises(InvalidOptions, match="option 'pairs' entry 1: the phrase 'tea 0' is "
                                             "already on entry 0"):
        game.setup(3, {"pairs": [["Tea 0", "Coffee"], ["tea 0", "Milk"], *pairs[1:]]})


TEAS = {"name": "Teas", "loved": ["Green", "Black", "Mint", "Chai", "Earl Grey", "Rooibos",
                                   "Jasmine", "Oolong", "Camomile"],
        "disliked": ["Lukewarm", "Stewed", "Bitter"]}
GAMES = {"name": "Board games", "loved": ["Chess", "Go", "Catan", "Scrabble", "Risk", "Cluedo",
                                          "Carcassonne", "Azul", "Dixit"],
         "disliked": ["Monopoly", "Snakes and Ladders", "Ludo"]}


def test_my_favourite_things_offers_and_gives_the_designers_categories() -> None:
    match = Match.new(get_game("my-favourite-things"), 3, {"categories": [TEAS, GAMES]}, seed=5)
    spec = match.legal(0).spec
    assert spec is not None and sorted(spec.to_json()["suggestions"]) == ["Board games", "Teas"]
    play(match, [make_agent(match.game, "fan", s, s) for s in range(3)])
    rounds = match.result().details["rounds"]  # type: ignore[union-attr]
    assert {c for r in rounds for c in r["categories"]} <= {"Teas", "Board games"}
    for r in rounds:
        for category, written in zip(r["categories"], r["sets"], strict=True):
            own = TEAS if category == "Teas" else GAMES
            # Five favourites from the loved entries, the Broken Heart from the disliked.
            assert set(written[:5]) <= set(own["loved"]) and written[5] in own["disliked"]


def test_my_favourite_things_names_a_bad_category() -> None:
    game = get_game("my-favourite-things")
    with pytest.raises(InvalidOptions, match="option 'categories': category 'Teas': 'loved' "
                                             "must be a list of at least 9 entries"):
        game.setup(3, {"categories": [{**TEAS, "loved": ["Green"]}]})
    with pytest.raises(InvalidOptions, match="option 'categories' must be of type list"):
        game.setup(3, {"categories": "Teas"})


@pytest.mark.parametrize("game_id, options, message", [
    ("my-favourite-things", {"categories": [{**TEAS, "loved": ["Green"]}]},
     "option 'categories': category 'Teas': 'loved' must be a list of at least 9 entries"),
    ("whats-it-to-ya", {"cards": {**word_cards(30), "categories": ["food"]}},
     "has unknown category 'tools'"),
    ("take-your-pick", {"pairs": [["Tea", "Coffee"], ["tea", "Milk"]]},
     "option 'pairs' entry 1: the phrase 'tea' is already on entry 0"),
    ("my-story", {"cards": {"format": "parlour-my-story-cards"}},
     "card set: document: missing field 'resources'"),
])
def test_bad_content_of_every_game_is_the_engines_one_content_error(
        game_id: str, options: dict[str, Any], message: str) -> None:
    """One error for bad content, whatever the game: a front end catches one class."""
    with pytest.raises(ContentError, match=re.escape(message)) as caught:
        get_game(game_id).setup(3, options)
    assert type(caught.value) is ContentError and isinstance(caught.value, InvalidOptions)
