"""My Favourite Things: the bots play every role from their seat's view."""

from __future__ import annotations

import random

import pytest

from parlour.bots import bot_names, make_agent
from parlour.engine import Match, play, step
from parlour.games.my_favourite_things import CONTENT, GAME, MyFavouriteThingsState
from parlour.games.my_favourite_things.bots import FanAgent, Persona
from parlour.games.my_favourite_things.content import key
from parlour.games.my_favourite_things.rules import clean_entries
from parlour.games.my_favourite_things.state import giver_for


def test_the_default_bot_is_fan_and_every_bot_is_available() -> None:
    assert GAME.default_bot == "fan"
    assert {"fan", "persona", "random", "mcts"} <= set(bot_names(GAME))


def test_a_persona_has_consistent_tastes_within_a_game() -> None:
    persona = Persona(7)
    first = persona.ranking("Animals")
    assert persona.ranking(" animals ") == first
    assert sorted(first) == sorted(CONTENT.find("Animals").entries)
    assert {tuple(Persona(s).ranking("Animals")) for s in range(20)} != {tuple(first)}
    written = persona.write("Animals")
    assert clean_entries(written) == written
    assert written == [*first[:5], first[-1]]  # the least liked is the Broken Heart


def test_the_fan_gives_a_fresh_category_with_examples() -> None:
    match = Match.new(GAME, 4, None, 9)
    agents = [make_agent(GAME, "fan", s, 9 + s) for s in range(4)]
    while match.state.round == 1:
        step(match, agents)
    seat = 2
    given_before = match.state.rounds[0]["categories"][seat]
    agent = FanAgent(GAME, seat, 3)
    for _ in range(30):
        category = agent.act(match.view(seat), match.legal(seat))["category"]
        assert key(category) != key(given_before)
        assert len(CONTENT.find(category).entries) >= 12


ANIMALS = ["Dogs", "Red pandas", "Otters", "Elephants", "Dolphins", "Slugs"]
COLOURS = ["Blue", "Green", "Purple", "Red", "Yellow", "Beige"]


def trick_where_seat_0_leads(rank_index: int) -> Match[MyFavouriteThingsState]:
    """3 players; seat 1 wrote seat 0's colours and holds animals written by seat 2."""
    match = Match.new(GAME, 3, None, 4)
    for g, category in enumerate(["Colours", "Animals", "Sports"]):
        match.act(g, {"category": category})
    sets = {0: COLOURS, 1: ANIMALS, 2: ["Tennis", "Rugby", "Golf", "Darts", "Chess", "Boxing"]}
    for w in range(3):
        match.act(w, {"write": sets[giver_for(w, 1, 3)]})
    match.act(0, {"play": COLOURS[rank_index]})
    return match


def test_the_fan_plays_its_likely_broken_heart_on_a_one_it_knows_of() -> None:
    # Seat 1 wrote seat 0's cards, so it knows "Blue" is a 1: the Broken Heart will win.
    match = trick_where_seat_0_leads(0)
    agent = FanAgent(GAME, 1, 11)
    assert agent.act(match.view(1), match.legal(1)) == {"play": "Slugs"}


def test_the_fan_saves_its_best_sleeves_when_a_middling_one_can_win() -> None:
    # On a known 5, a likely 3 or 4 may well win: keep the likely 1 and Broken Heart.
    match = trick_where_seat_0_leads(4)
    agent = FanAgent(GAME, 1, 11)
    played = agent.act(match.view(1), match.legal(1))["play"]
    assert played in {"Otters", "Elephants", "Dolphins"}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_seat_can_be_a_fan(players: int) -> None:
    seed = players * 13
    agents = [make_agent(GAME, "fan", s, seed + s) for s in range(players)]
    result = play(Match.new(GAME, players, None, seed), agents)
    assert sum(result.scores) == 10 and len(result.details["tricks"]) == 10


def test_mixed_bots_including_search_finish_a_game() -> None:
    agents = [make_agent(GAME, name, s, 5 + s)
              for s, name in enumerate(["mcts:8", "random", "persona"])]
    result = play(Match.new(GAME, 3, None, 21), agents)
    assert sum(result.scores) == 10 and len(result.details["tricks"]) == 10


def test_random_free_input_is_always_legal() -> None:
    rng = random.Random(0)
    for seed in range(30):
        state = GAME.setup(3, seed=seed)
        for g in range(3):
            action = GAME.random_action(GAME.view(state, g), GAME.legal(state, g), rng)
            GAME.apply(state, g, action)
        for w in range(3):
            action = GAME.random_action(GAME.view(state, w), GAME.legal(state, w), rng)
            GAME.apply(state, w, action)
        assert state.phase == "play"


# -- issue 12: bots write entries that fit the category ---------------------------------
def written_by_fan(category: str, seed: int, players: int = 3) -> tuple[list[str], list[str]]:
    """What a fan in seat 1 writes on seat 0's cards for ``category``, and the ideas the
    game offers a person writing for it."""
    match = Match.new(GAME, players, None, seed)
    for g in range(players):
        match.act(g, {"category": category if g == 0 else "Animals"})
    legal = match.legal(1)
    assert legal.spec is not None
    written = make_agent(GAME, "fan", 1, seed).act(match.view(1), legal)["write"]
    match.act(1, {"write": written})
    return written, list(legal.spec.to_json().get("suggestions", []))


def test_every_bundled_category_gets_an_on_topic_hand_with_a_real_dislike() -> None:
    # Among them the ones the fan once wrote nonsense for: "TV Shows" got "Sunny afternoons",
    # "Cereal Toppings" got pizza toppings, "Sci-Fi Gadgets" a kettle, "Video Games" chess.
    offered = GAME.legal(GAME.setup(3, seed=0), 0).spec.pool  # type: ignore[union-attr]
    assert len(offered) >= 400
    for category in offered:
        hands = {tuple(written_by_fan(category, seed)[0]) for seed in range(8)}
        written, ideas = written_by_fan(category, 0)
        meant = CONTENT.find(category)
        assert set(written) <= set(ideas) == set(meant.entries), category
        assert set(written[:5]) <= set(meant.loved) and written[5] in meant.disliked, category
        # Different bots write different hands.
        assert len(hands) >= 4, category


def test_the_favourite_order_follows_the_consensus_loosely() -> None:
    # Over many personas the first favourite sits higher in the consensus than the fifth.
    loved = CONTENT.find("Vegetables").loved
    places = [[loved.index(e) for e in Persona(s).write("Vegetables")[:5]] for s in range(200)]
    mean = [sum(p[i] for p in places) / len(places) for i in range(5)]
    assert mean == sorted(mean) and mean[4] - mean[0] > 3
    assert {Persona(s).write("Vegetables")[5] for s in range(200)} <= set(
        CONTENT.find("Vegetables").disliked)


@pytest.mark.parametrize(("typed", "meant"), [
    ("Telly programmes I watch", "TV Shows"),
    ("Computer games", "Video Games"),
    ("Cereal toppings you like", "Cereal Toppings"),
    ("Gadgets from science fiction", "Sci-Fi Gadgets"),
    ("Holiday spots", "Holiday Destinations"),
    ("Mythical creatures", "Mythical Beings"),
])
def test_a_typed_category_is_written_for_as_the_bundled_one_it_means(typed: str,
                                                                     meant: str) -> None:
    written, ideas = written_by_fan(typed, 5)
    assert set(written) <= set(CONTENT.find(meant).entries) == set(ideas)


@pytest.mark.parametrize("typed", ["Quantum field theories", "Tax forms",
                                   "Spreadsheet functions", "Qwzx"])
def test_a_category_the_bots_cannot_place_gets_an_honest_no_idea(typed: str) -> None:
    written, ideas = written_by_fan(typed, 5)
    assert set(written) <= set(CONTENT.no_idea) and len(set(written)) == 6
    assert ideas == []
    # The order of the six says nothing: it differs from bot to bot.
    assert len({tuple(written_by_fan(typed, seed)[0]) for seed in range(6)}) > 1


def test_bots_give_categories_anyone_can_fill_and_none_twice_at_a_table() -> None:
    given: set[str] = set()
    for seed in range(40):
        match = Match.new(GAME, 4, None, seed)
        agents = [make_agent(GAME, "fan", s, seed * 10 + s) for s in range(4)]
        result = play(match, agents)
        categories = [c for r in result.details["rounds"] for c in r["categories"]]
        assert len({key(c) for c in categories[4:]} & {key(c) for c in categories[:4]}) == 0
        for category in categories:
            assert not CONTENT.find(category).personal
        given.update(categories)
    # Every bot can fill what another gives, and the gifts range over the whole box.
    assert len(given) >= 120
