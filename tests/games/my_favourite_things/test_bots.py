"""My Favourite Things: the bots play every role from their seat's view."""

from __future__ import annotations

import random

import pytest

from parlour.bots import bot_names, make_agent
from parlour.engine import Match, play, step
from parlour.games.my_favourite_things import CONTENT, GAME, MyFavouriteThingsState
from parlour.games.my_favourite_things.bots import FanAgent, Persona, examples_for
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
    assert sorted(first) == sorted(CONTENT.examples("Animals"))
    assert {tuple(Persona(s).ranking("Animals")) for s in range(20)} != {tuple(first)}
    written = persona.write("Animals")
    assert clean_entries(written) == written
    assert written == [*first[:5], first[-1]]  # the least liked is the Broken Heart


def test_unknown_categories_borrow_related_or_generic_entries() -> None:
    assert examples_for("Favourite animals at the zoo") == CONTENT.examples("Animals")
    assert examples_for("Qwzx") == CONTENT.fallback
    assert len(set(Persona(1).write("Qwzx"))) == 6


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
        assert len(CONTENT.examples(category)) >= 6


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
