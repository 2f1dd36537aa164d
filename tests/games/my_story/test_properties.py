"""My Story: properties over random games (cards conserved, no leaks, replay, determinize)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Match, RandomAgent, play
from parlour.games.my_story import GAME as G
from parlour.games.my_story.setup import SPECIALS
from parlour.games.my_story.state import MyStoryState

games = st.tuples(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=10**6))


def expected_cards(state: MyStoryState) -> Counter[str]:
    cs, n = G.card_set, SPECIALS[state.players]
    ids = [c.id for k in ("life_story", "occupation", "project", "bonus_resource")
           for c in cs.of_kind(k)]
    ids += [c.id for k in ("daydreaming", "lottery_ticket") for c in cs.of_kind(k)[:n]]
    if state.phase != "choose":
        ids += [c.id for s in range(state.players) for c in cs.starting[s]]
    return Counter(ids)


def all_cards(state: MyStoryState) -> Counter[str]:
    zones = [state.life_deck, state.work_deck, state.life_track, state.work_track,
             state.bonus_supply, [c for c in state.removed if c in G.card_set.cards]]
    for p in state.seats:
        zones += [p.draw, p.discard, p.cv, p.gone, p.dealt]
    if state.turn:
        zones.append(state.turn.played)
    return Counter(c for z in zones for c in z)


def achievements(state: MyStoryState) -> Counter[str]:
    held = [a for p in state.seats for a in p.achievements]
    removed = [a for a in state.removed if a in G.card_set.achievements]
    return Counter(state.achievement_deck + state.achievements + held + removed)


def hidden_shuffled(state: MyStoryState, rng: random.Random) -> MyStoryState:
    """The same table with every hidden order shuffled again."""
    other = G.clone(state)
    for deck in (other.life_deck, other.work_deck, other.achievement_deck,
                 *other.reunion_decks.values(), *(p.draw for p in other.seats)):
        rng.shuffle(deck)
    return other


def steps(players: int, seed: int) -> list[MyStoryState]:
    """Every state of a random game (cloned), first to last."""
    match = Match.new(G, players, None, seed)
    out = [G.clone(match.state)]
    play(match, [RandomAgent(G, s, seed + s) for s in range(players)],
         lambda seat, action: out.append(G.clone(match.state)))
    return out


@settings(max_examples=25, deadline=None)
@given(games)
def test_cards_are_conserved_at_every_step(game: tuple[int, int]) -> None:
    for state in steps(*game):
        assert all_cards(state) == expected_cards(state)
        assert achievements(state) == Counter(list(G.card_set.achievements))
        for p in state.seats:
            assert 22 <= p.age <= 54


@settings(max_examples=20, deadline=None)
@given(games)
def test_no_view_shows_a_deck_order_or_another_seats_secret(game: tuple[int, int]) -> None:
    rng = random.Random(game[1])
    for i, state in enumerate(steps(*game)):
        if i % 3:
            continue
        twin = hidden_shuffled(state, rng)
        for seat in [None, *range(state.players)]:
            assert G.view(state, seat) == G.view(twin, seat)
            text = json.dumps(G.view(state, seat))
            for s, p in enumerate(state.seats):
                if s == seat:
                    continue
                if p.secret is not None:
                    assert json.dumps(p.secret) not in text
                if state.phase == "choose":
                    assert all(json.dumps(c) not in text for c in p.dealt)
            assert "seed" not in text and "rng" not in text


@settings(max_examples=15, deadline=None)
@given(games)
def test_determinize_agrees_with_the_view(game: tuple[int, int]) -> None:
    rng = random.Random(game[1])
    for i, state in enumerate(steps(*game)):
        if i % 4:
            continue
        for seat in range(state.players):
            view = G.view(state, seat)
            guess = G.determinize(view, seat, rng)
            assert G.view(guess, seat) == view
            assert all_cards(guess) == expected_cards(state)
            assert len(guess.work_deck) == len(state.work_deck)

