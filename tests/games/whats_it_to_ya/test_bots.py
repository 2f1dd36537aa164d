"""What's It to Ya?: the persona bot, and the generic bots on this game."""

from __future__ import annotations

import random
import statistics
from typing import Any

from parlour.bots import bot_names, make_agent
from parlour.engine import Action, Agent, Legal, Match, Ranking, View, play
from parlour.games.whats_it_to_ya import GAME, STANDARD
from parlour.games.whats_it_to_ya.bots import Persona, PersonaAgent, guess, learned_taste


def words_of(category: str, count: int, skip: int = 0) -> list[str]:
    words = [w for c in STANDARD.cards for w in (c.front, c.back)
             if STANDARD.category_of(w) == category]
    return words[skip:skip + count]


def test_the_persona_bot_is_the_default_and_every_bot_is_listed() -> None:
    assert GAME.default_bot == "persona"
    assert {"persona", "random", "mcts"} <= set(bot_names(GAME))


def test_a_persona_is_consistent_within_a_game_and_drawn_from_its_seed() -> None:
    words = STANDARD.words("front")[:5]
    one, same, other = Persona(7), Persona(7), Persona(8)
    assert one.rank(words) == same.rank(words) == one.rank(words[::-1])
    assert [one.liking(w) for w in words] == [same.liking(w) for w in words]
    assert any(one.liking(w) != other.liking(w) for w in words)
    # A consistent taste: a word's place among others never depends on which others.
    ranked = one.rank(STANDARD.words("back")[:30])
    for i in range(0, 25, 5):
        assert one.rank(ranked[i:i + 5][::-1]) == ranked[i:i + 5]


def test_a_persona_likes_whole_categories() -> None:
    persona = Persona(3)
    best = max(STANDARD.categories, key=lambda c: persona.taste[c])
    worst = min(STANDARD.categories, key=lambda c: persona.taste[c])
    mean = statistics.mean
    assert mean(persona.liking(w) for w in words_of(best, 20)) > mean(
        persona.liking(w) for w in words_of(worst, 20))


def test_the_dealer_ranks_by_its_persona() -> None:
    match = Match.new(GAME, 3, {"first_dealer": 0}, seed=4)
    agent = PersonaAgent(GAME, 0, 99)
    action = agent.act(match.view(0), match.legal(0))
    assert action == {"rank": Persona(99).rank(match.state.table)}
    match.act(0, action)


def history_view(dealer: int, past: list[str], table: list[str]) -> dict[str, Any]:
    rankings = [list(past) for _ in range(3)]
    return {"dealer": dealer, "table": table,
            "history": [{"dealer": dealer, "cards": past, "rankings": rankings},
                        {"dealer": 2, "cards": past, "rankings": [past[::-1]] * 3}]}


def test_a_guesser_learns_the_dealers_taste_from_revealed_rankings() -> None:
    cats = ["food", "animals", "places", "nature", "pastimes"]
    past = [words_of(c, 1)[0] for c in cats]  # dealer 1 put food first, pastimes last
    table = [words_of(c, 1, skip=1)[0] for c in reversed(cats)]
    view = history_view(1, past, table)
    taste = learned_taste(view, 1)
    assert taste["food"] == 1.0 and taste["pastimes"] == -1.0 and taste["places"] == 0.0
    assert guess(view, table, Persona(5)) == table[::-1]
    # Another dealer's history (seat 2 ranked the other way) is not mixed in.
    assert guess({**view, "dealer": 2}, table, Persona(5)) == table


class ByRole:
    """Deals as one bot and guesses as another."""

    def __init__(self, seat: int, dealer: Agent, guesser: Agent) -> None:
        self.seat, self.dealer, self.guesser = seat, dealer, guesser

    def act(self, view: View, legal: Legal) -> Action:
        agent = self.dealer if view["dealer"] == self.seat else self.guesser
        return agent.act(view, legal)


def play_rounds(seed: int, guesser: str) -> list[int]:
    """Correct answers of every guess made in the dealers' second turns."""
    match = Match.new(GAME, 4, {}, seed)
    play(match, [ByRole(s, make_agent(GAME, "persona", s, seed * 10 + s),
                        make_agent(GAME, guesser, s, seed * 10 + s)) for s in range(4)])
    return [c for e in match.view(None)["history"][4:] for c in e["correct"] if c is not None]


def test_learning_guessers_beat_random_guessers_on_a_dealers_second_turn() -> None:
    # A random guess matches one card on average; learning should do clearly better.
    learned = statistics.mean(c for seed in range(40) for c in play_rounds(seed, "persona"))
    chance = statistics.mean(c for seed in range(40) for c in play_rounds(seed, "random"))
    assert learned > 1.2 > chance > 0.8


def test_the_generic_bots_and_the_persona_bot_finish_games() -> None:
    for players in (3, 6):
        bots = ["persona", "random", "mcts:8"] * 2
        match = Match.new(GAME, players, {}, seed=players)
        result = play(match, [make_agent(GAME, bots[s], s, s) for s in range(players)])
        rounds = match.view(None)["history"]
        assert len(rounds) == 2 * players
        assert result.scores == [float(len(won)) for won in match.state.won]
        # Every card turned up was won or discarded.
        assert sum(result.scores) + len(match.state.discarded) == 5 * len(rounds)


def test_random_action_is_a_permutation_of_the_words_shown() -> None:
    items = ["a", "b", "c", "d", "e"]
    legal = Legal(spec=Ranking("rank", items=items))
    rng = random.Random(1)
    seen = {tuple(GAME.random_action({}, legal, rng)["rank"]) for _ in range(200)}
    assert all(sorted(p) == items for p in seen)
    assert len(seen) > 60
    assert items == ["a", "b", "c", "d", "e"]
