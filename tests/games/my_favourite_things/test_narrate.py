"""My Favourite Things: the table's log says what each move made public, and no more."""

from __future__ import annotations

import json
from typing import Any

from parlour.engine import Match, RandomAgent, View, play
from parlour.engine.conformance import unexplained_words
from parlour.games.my_favourite_things import GAME, MyFavouriteThingsState
from parlour.games.my_favourite_things.state import giver_for

from .scripted import match_of, scripted

NAMES = ["Tom", "Becca", "Rich", "Samantha"]
CATEGORIES = ["Animals", "Dinners", "Colours", "Seasons"]
# Sets indexed by the giver (whose hand they become), in rank order: 1–5, then the Broken Heart.
SETS = [
    ["Dogs", "Otters", "Owls", "Tigers", "Sloths", "Slugs"],
    ["Pizza", "Pasta", "Curry", "Soup", "Salad", "Liver"],
    ["Blue", "Green", "Red", "Yellow", "Pink", "Beige"],
    ["Summer", "Spring", "Autumn", "Winter", "Monsoon", "Drought"],
]


def spectator(state: MyFavouriteThingsState) -> dict[str, Any]:
    return GAME.view(state, None)


def told(state: MyFavouriteThingsState, seat: int, action: dict[str, Any]) -> list[str]:
    """Apply one action and return what the log says about it."""
    before = spectator(state)
    GAME.apply(state, seat, action)
    return GAME.narrate(before, spectator(state), NAMES)


def given(players: int = 4) -> MyFavouriteThingsState:
    state = GAME.setup(players, {"first_player": 0}, 1)
    for g in range(players):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    return state


def to_play(players: int = 4) -> MyFavouriteThingsState:
    state = given(players)
    for w in range(players):
        GAME.apply(state, w, {"write": SETS[giver_for(w, 1, players)]})
    return state


def play_trick(state: MyFavouriteThingsState, entries: list[str]) -> list[list[str]]:
    leader = state.marker
    return [told(state, (leader + i) % state.players, {"play": e})
            for i, e in enumerate(entries)]


def test_giving_a_secret_category_or_writing_says_nothing() -> None:
    state = GAME.setup(4, {"first_player": 0}, 1)
    assert told(state, 0, {"category": "Animals"}) == []
    state = given()
    assert told(state, 1, {"write": SETS[0]}) == []


def test_the_last_category_reads_them_all_out() -> None:
    state = GAME.setup(4, {"first_player": 0}, 1)
    for g in range(3):
        told(state, g, {"category": CATEGORIES[g]})
    assert told(state, 3, {"category": "Seasons"}) == [
        "The categories are read out: Tom gave Becca “Animals”; Becca gave Rich “Dinners”;"
        " Rich gave Samantha “Colours”; Samantha gave Tom “Seasons”."
    ]


def test_the_last_writer_starts_play() -> None:
    state = given()
    for w in range(3):
        told(state, w, {"write": SETS[giver_for(w, 1, 4)]})
    assert told(state, 3, {"write": SETS[2]}) == [
        "Round 1: every set is written and read out; Tom leads trick 1."
    ]


def test_a_sleeve_played_into_an_open_trick_is_named() -> None:
    state = to_play()
    assert told(state, 0, {"play": "Otters"}) == ["Tom plays “Otters”."]


def test_the_rulebook_example_broken_heart_beats_a_one() -> None:
    state = to_play()
    said = play_trick(state, ["Dogs", "Liver", "Red", "Drought"])
    assert said[-1] == [
        "Samantha plays “Drought”.",
        "Revealed: Tom's “Dogs” is rank 1, Becca's “Liver” is a Broken Heart,"
        " Rich's “Red” is rank 3, Samantha's “Drought” is a Broken Heart.",
        "Becca wins trick 1 with “Liver” (a Broken Heart, which beats a 1) and now has 1 heart.",
    ]


def test_a_plain_win_names_the_rank() -> None:
    state = to_play()
    play_trick(state, ["Dogs", "Liver", "Red", "Drought"])
    # Becca leads trick 2; no 1 is played, so the lowest number wins.
    said = play_trick(state, ["Pasta", "Pink", "Winter", "Otters"])
    assert said[-1][-1] == "Becca wins trick 2 with “Pasta” (rank 2) and now has 2 hearts."


def test_the_round_and_the_game_end() -> None:
    state = to_play(3)
    for _ in range(5):
        leader = state.marker
        said = play_trick(state, [state.hands[(leader + i) % 3][0] for i in range(3)])
    summary = state.rounds[-1]["hearts"]
    assert said[-1][-1] == (
        f"Round 1 ends. Hearts this round: Tom {summary[0]} heart{'s' * (summary[0] != 1)},"
        f" Becca {summary[1]} heart{'s' * (summary[1] != 1)},"
        f" Rich {summary[2]} heart{'s' * (summary[2] != 1)}."
    )
    for g in range(3):
        told(state, g, {"category": CATEGORIES[g]})
    for w in range(3):
        told(state, w, {"write": SETS[giver_for(w, 2, 3)]})
    for _ in range(5):
        leader = state.marker
        said = play_trick(state, [state.hands[(leader + i) % 3][0] for i in range(3)])
    assert said[-1][-2].startswith("Round 2 ends. Hearts this round: Tom ")
    top = max(state.hearts)
    winners = [NAMES[s] for s in range(3) if state.hearts[s] == top]
    if len(winners) == 1:
        assert said[-1][-1] == f"The game is over: {winners[0]} wins with {top} hearts."
    else:
        assert said[-1][-1].endswith(f"share the victory with {top} hearts.")


class Narrated:
    """Watches a match as the table's log does: what each move made public."""

    def __init__(self, match: Match[MyFavouriteThingsState], names: list[str]) -> None:
        self.match, self.names = match, names
        self.before = spectator(match.state)
        self.said: list[str] = []
        self.sentences: list[tuple[str, dict[str, Any], list[str]]] = []

    def __call__(self, seat: int, action: dict[str, Any]) -> None:
        after = spectator(self.match.state)
        self.said = GAME.narrate(self.before, after, self.names)
        # What is written but not yet public when the sentence is said.
        public = json.dumps(after)
        secrets = [e for s in self.match.state.sets if s for e in s
                   if json.dumps(e) not in public]
        self.sentences += [(sentence, after, secrets) for sentence in self.said]
        self.before = after


def random_game(seed: int, players: int,
                names: list[str] = NAMES) -> tuple[MyFavouriteThingsState, Narrated]:
    """A seeded random game played out (one random generator for every seat, as the
    table's random bots once shared); returns it and what its log said."""
    match = Match.new(GAME, players, {}, seed)
    agent = RandomAgent(GAME, 0, seed)
    log = Narrated(match, names)
    play(match, [agent] * players, log)
    return match.state, log


# The rank each of Tom, Becca and Rich plays, trick by trick, in both rounds (no Broken
# Heart): Tom wins tricks 1 and 4, Becca 2 and 5 (two 2s: hers is played first), Rich 3.
RANKS = [(1, 5, 5), (5, 1, 4), (4, 4, 1), (2, 3, 3), (3, 2, 2)]


def by_rank(view: View, seat: int, hand: list[str]) -> str:
    rank = RANKS[view["trick_number"] - 1][seat]
    return next(e for e in hand if SETS[seat].index(e) == rank - 1)


def test_a_shared_victory() -> None:
    match = match_of(GAME.setup(3, {"first_player": 0}, 1))
    log = Narrated(match, NAMES)
    play(match, scripted(3, CATEGORIES, SETS, by_rank), log)
    assert match.state.hearts == [4, 4, 2]
    assert log.said[-1] == "The game is over: Tom and Becca share the victory with 4 hearts."


TEMPLATE = {
    "the", "categories", "are", "read", "out", "gave", "round", "every", "set", "is", "written",
    "and", "leads", "trick", "plays", "revealed", "s", "rank", "a", "broken", "heart", "wins",
    "with", "which", "beats", "now", "has", "hearts", "ends", "this", "game", "over", "share",
    "victory", "player",
}


def test_random_games_narrate_only_public_facts() -> None:
    for seed, players in [(3, 3), (4, 4), (5, 5), (6, 6)]:
        names = [f"P{s}name" for s in range(players)]
        _, log = random_game(seed, players, names)
        assert len(log.sentences) > 5 * 2 * players
        for sentence, after, secrets in log.sentences:
            assert unexplained_words(sentence, after, names, TEMPLATE) == [], sentence
            assert not any(e in sentence for e in secrets), sentence
