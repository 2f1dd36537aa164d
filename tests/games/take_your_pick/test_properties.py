"""Take Your Pick: properties over random games of 3–8 players, both variants."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bots import make_agent
from parlour.engine import Match, Record, conformance, play, replay
from parlour.games.take_your_pick import GAME, TakeYourPickState
from parlour.games.take_your_pick.rules import current_reader

games = st.fixed_dictionaries({
    "players": st.integers(3, 8),
    "variant": st.sampled_from(["standard", "large-group"]),
    "seed": st.integers(0, 10_000),
    "subject_turns": st.integers(1, 2),
})


def all_cards(state: TakeYourPickState) -> list[int]:
    held = [c for hand in state.hands for c in hand]
    return sorted(state.draw + state.discard + state.table + held)


def others(state: TakeYourPickState, seat: int) -> list[int | None]:
    return [s for s in range(state.players) if s != seat] + [None]


def hidden_variant(state: TakeYourPickState, reader: int, rng: random.Random) -> TakeYourPickState:
    """The same game except for what only ``reader`` may know: their unread cards
    (other than the one being read), every unread prediction, their reading order and
    the hands they held before."""
    twin = copy.deepcopy(state)
    hand = twin.hands[reader]
    being_read = 1 if current_reader(twin) == reader else 0
    for i in range(being_read, len(hand)):
        if twin.draw:  # swap a private card with one from the draw pile
            j = rng.randrange(len(twin.draw))
            hand[i], twin.draw[j] = twin.draw[j], hand[i]
    twin.held[reader] = [{"round": 0, "cards": [["Somebody", "Else"]], "guesses": ["Else"]}]
    rest = hand[being_read:]
    rng.shuffle(rest)
    hand[being_read:] = rest
    guesses = twin.guesses[reader]
    if guesses is not None:
        # The card being read gets the other prediction; the others a random one.
        first = [p for p in twin.cards[hand[0]] if p != guesses[0]] if being_read else []
        guesses[:] = first + [twin.cards[c][rng.randrange(2)] for c in hand[being_read:]]
    return twin


def check_no_leak(state: TakeYourPickState, rng: random.Random) -> None:
    for reader in range(state.players):
        if not state.hands[reader]:
            continue
        twin = hidden_variant(state, reader, rng)
        for seat in others(state, reader):
            assert GAME.view(twin, seat) == GAME.view(state, seat), (reader, seat)


def check_determinize(state: TakeYourPickState, rng: random.Random) -> None:
    for seat in range(state.players):
        view = GAME.view(state, seat)
        imagined = GAME.determinize(view, seat, rng)
        assert GAME.view(imagined, seat) == view
        assert sorted(GAME.to_act(imagined)) == sorted(GAME.to_act(state))
        assert all_cards(imagined) == list(range(len(imagined.cards)))


@settings(max_examples=25, deadline=None)
@given(games)
def test_cards_are_conserved_and_no_view_leaks_a_secret(g: dict[str, Any]) -> None:
    rng = random.Random(g["seed"])
    state = GAME.setup(g["players"], {"variant": g["variant"],
                                      "subject_turns": g["subject_turns"]}, g["seed"])
    deck = list(range(len(state.cards)))
    steps = 0
    while not GAME.is_over(state):
        assert all_cards(state) == deck
        if steps % 5 == 0:
            check_no_leak(state, rng)
        if steps % 11 == 0:
            check_determinize(state, rng)
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.rollout_action(state, seat, rng))
        steps += 1
    assert all_cards(state) == deck
    assert len(state.rounds) == g["players"] * g["subject_turns"]


@settings(max_examples=12, deadline=None)
@given(games)
def test_every_reader_sets_a_hand_and_the_subject_scores_as_the_variant_says(
        g: dict[str, Any]) -> None:
    options = {"variant": g["variant"], "subject_turns": g["subject_turns"]}
    record = conformance.play_random(GAME, g["players"], g["seed"], options)
    hands = [a["action"]["guesses"] for a in record.actions if "guesses" in a["action"]]
    rounds = replay(record, lambda _: GAME).state.rounds
    assert len(rounds) == g["players"] * g["subject_turns"]
    # Each round every player but the Subject sets one hand: three cards, or one in the
    # large-group variant.
    assert len(hands) == len(rounds) * (g["players"] - 1)
    assert {len(hand) for hand in hands} == {3 if g["variant"] == "standard" else 1}
    for played in rounds:
        readers = [s for i, s in enumerate(played["scores"]) if i != played["subject"]]
        subject = played["scores"][played["subject"]]
        # Standard: the Subject scores the best reader's score; large group: a point for
        # every card read right.
        assert subject == (max(readers) if g["variant"] == "standard" else sum(readers))


@settings(max_examples=10, deadline=None)
@given(games)
def test_replaying_a_bot_game_reproduces_every_view(g: dict[str, Any]) -> None:
    match: Match[TakeYourPickState] = Match.new(GAME, g["players"], {"variant": g["variant"]},
                                                g["seed"])
    play(match, [make_agent(GAME, "persona", s, g["seed"] + s) for s in range(g["players"])])
    again = replay(Record.loads(match.record.dumps()), lambda _: GAME)
    assert conformance.state_dump(GAME, again.state) == conformance.state_dump(GAME,
                                                                               match.state)
    first, second = match.result(), again.result()
    assert first is not None and second is not None
    assert json.dumps(second.to_json()) == json.dumps(first.to_json())
