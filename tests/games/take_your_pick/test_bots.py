"""Take Your Pick: the persona bot, the generic bots, and determinize."""

from __future__ import annotations

import random
from typing import Any

from parlour.bots import bot_names, make_agent
from parlour.engine import Action, Agent, Legal, Match, View, play
from parlour.games.take_your_pick import BUILTIN, GAME, TakeYourPickState
from parlour.games.take_your_pick.bots import (
    Persona,
    PersonaAgent,
    popularity,
    predict,
    predicted_lean,
    trait_of,
)
from parlour.games.take_your_pick.content import TRAIT_OF

BOLD = [c for c in BUILTIN if TRAIT_OF[c] == "bold"]


class ByRole:
    """Answers as the Subject with one bot and predicts as a reader with another."""

    def __init__(self, subject: Agent, reader: Agent) -> None:
        self.subject, self.reader = subject, reader

    def act(self, view: View, legal: Legal) -> Action:
        agent = self.subject if view["phase"] == "read" else self.reader
        return agent.act(view, legal)


def play_game(players: int, seed: int, subject_bot: str, reader_bot: str,
              options: dict[str, Any]) -> Match[TakeYourPickState]:
    """One game: ``subject_bot`` answers as the Subject, ``reader_bot`` predicts."""
    match: Match[TakeYourPickState] = Match.new(GAME, players, options, seed)
    play(match, [ByRole(make_agent(GAME, subject_bot, s, seed * 100 + s),
                        make_agent(GAME, reader_bot, s, seed * 100 + 50 + s))
                 for s in range(players)])
    return match


def accuracy(matches: list[Match[TakeYourPickState]]) -> float:
    reads = [r for m in matches for r in m.view(None)["reads"]]
    return float(sum(r["correct"] for r in reads)) / len(reads)


def test_the_default_bot_is_the_persona_and_every_bot_is_listed() -> None:
    assert GAME.default_bot == "persona"
    assert bot_names(GAME) == ["mcts", "persona", "random"]
    assert isinstance(make_agent(GAME, "persona", 0, 1), PersonaAgent)


def test_a_persona_answers_the_same_card_the_same_way_every_time() -> None:
    one, same, other = Persona(7), Persona(7), Persona(8)
    assert [one.pick(c) for c in BUILTIN] == [same.pick(c) for c in BUILTIN]
    assert [one.pick(c) for c in BUILTIN] != [other.pick(c) for c in BUILTIN]


def test_a_persona_answers_by_its_traits() -> None:
    daring = Persona(1)
    daring.traits["bold"] = 6.0
    timid = Persona(1)
    timid.traits["bold"] = -6.0
    assert all(daring.pick(c) == c[1] for c in BOLD)
    assert all(timid.pick(c) == c[0] for c in BOLD)


def test_custom_cards_get_a_stable_trait_from_their_phrases() -> None:
    card = ("Marmalade", "Jam")
    assert trait_of(card) == trait_of(("Marmalade", "Jam"))
    assert trait_of(BUILTIN[0]) == "bold"
    assert popularity(card) == popularity(("Marmalade", "Jam"))


def test_a_reader_learns_from_this_subjects_revealed_picks() -> None:
    card = BOLD[0]
    reads = [{"subject": 2, "card": list(c), "pick": c[1], "guess": c[0], "correct": False,
              "reader": 1, "round": 1} for c in BOLD[1:7]]
    assert predicted_lean(card, 2, reads) > predicted_lean(card, 2, [])
    assert predicted_lean(card, 2, reads) > 0.5
    # Another Subject's picks say nothing about this one.
    assert predicted_lean(card, 3, reads) == predicted_lean(card, 3, [])


def test_a_reader_reads_its_most_confident_prediction_first() -> None:
    cards = BOLD[:3]
    guesses = predict(cards, 0, [], random.Random(1))
    confidence = {c[0]: abs(popularity(c)) for c in cards} | {
        c[1]: abs(popularity(c)) for c in cards}
    assert [confidence[g] for g in guesses] == sorted(confidence[g] for g in guesses)[::-1]


def test_persona_readers_predict_better_than_random_readers() -> None:
    options = {"variant": "large-group", "subject_turns": 2}
    persona = [play_game(5, seed, "persona", "persona", options) for seed in range(40)]
    random_ = [play_game(5, seed, "persona", "random", options) for seed in range(40)]
    assert accuracy(persona) > accuracy(random_) + 0.1


def test_the_generic_search_bot_plays_every_role() -> None:
    match = play_game(3, 4, "mcts:8", "mcts:8", {"variant": "large-group"})
    result = match.result()
    assert result is not None
    # Three rounds of two readers with one card each: the points come only from the reads.
    reads = match.view(None)["reads"]
    assert len(reads) == 6
    right = sum(r["correct"] for r in reads)
    assert sum(result.scores) == 2 * right  # each right read scores its reader and the Subject


def test_determinize_uses_only_the_view() -> None:
    # Two games that differ only in seat 1's secret predictions look the same to
    # the Subject, so the Subject imagines the same states for both.
    a = GAME.setup(4, {"first_subject": 0}, seed=3)
    b = GAME.setup(4, {"first_subject": 0}, seed=3)
    for state, side in ((a, 0), (b, 1)):
        for seat in (1, 2, 3):
            cards = GAME.legal(state, seat).spec.to_json()["cards"]  # type: ignore[union-attr]
            guesses = [c[side] for c in cards] if seat == 1 else [c[0] for c in cards]
            GAME.apply(state, seat, {"guesses": guesses})
    assert GAME.view(a, 0) == GAME.view(b, 0)
    one = GAME.determinize(GAME.view(a, 0), 0, random.Random(5))
    two = GAME.determinize(GAME.view(b, 0), 0, random.Random(5))
    assert one.hands == two.hands and one.guesses == two.guesses
    assert GAME.view(one, 0) == GAME.view(a, 0)
