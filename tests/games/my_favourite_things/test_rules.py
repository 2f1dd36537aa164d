"""My Favourite Things: the rulebook's rules and worked example, with its numbers."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import (
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    Match,
    NotYourTurn,
    generator,
)
from parlour.engine import play as engine_play
from parlour.engine.conformance import _same, state_dump
from parlour.games import get_game
from parlour.games.my_favourite_things import (
    BROKEN_HEART,
    GAME,
    MyFavouriteThingsState,
    trick_winner,
)
from parlour.games.my_favourite_things.state import giver_for, writer_of

from .scripted import match_of, scripted

TOM, BECCA, RICH, SAMANTHA = 0, 1, 2, 3

# Sets indexed by the giver (whose hand they become), in rank order: 1–5, then the Broken Heart.
SETS = [
    ["Dogs", "Otters", "Owls", "Tigers", "Sloths", "Slugs"],             # Tom's cards
    ["Pizza", "Pasta", "Curry", "Soup", "Salad", "Liver"],               # Becca's cards
    ["Blue", "Green", "Red", "Yellow", "Pink", "Beige"],                  # Rich's cards
    ["Summer", "Spring", "Autumn", "Winter", "Monsoon", "Drought"],       # Samantha's cards
]
CATEGORIES = ["Animals", "Dinners", "Colours", "Seasons"]


def spec_of(state: Any, seat: int) -> dict[str, Any]:
    """The seat's free-input spec as the front ends read it."""
    spec = GAME.legal(state, seat).spec
    assert spec is not None
    return spec.to_json()


def entry(giver: int, rank: int) -> str:
    """The entry of ``rank`` (0 = Broken Heart) on ``giver``'s cards."""
    return SETS[giver][5 if rank == BROKEN_HEART else rank - 1]


def to_play(players: int = 4, first_player: int = 0, seed: int = 1,
            sets: list[list[str]] | None = None) -> MyFavouriteThingsState:
    """A game at the first trick of round 1, with known sets."""
    sets = sets or SETS
    state = GAME.setup(players, {"first_player": first_player}, seed)
    for g in range(players):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    for w in range(players):
        GAME.apply(state, w, {"write": sets[giver_for(w, 1, players)]})
    return state


def play(state: MyFavouriteThingsState, seat: int, text: str) -> None:
    GAME.apply(state, seat, {"play": text})


def assert_refused(state: MyFavouriteThingsState, seat: int, action: Any, error: type[Exception],
                   words: str) -> None:
    before, dump = copy.deepcopy(state), state_dump(GAME, state)
    with pytest.raises(error) as caught:
        GAME.apply(state, seat, action)
    assert words in str(caught.value)
    assert _same(before, state) and state_dump(GAME, state) == dump


# -- the worked example -----------------------------------------------------------------
def test_worked_example_trick_winner_by_ranks() -> None:
    # Tom 1, Becca Broken Heart, Rich 3, Samantha Broken Heart: Becca wins.
    assert trick_winner([1, BROKEN_HEART, 3, BROKEN_HEART]) == BECCA


def test_worked_example_played_through_the_engine() -> None:
    state = to_play()
    play(state, TOM, entry(TOM, 1))
    play(state, BECCA, entry(BECCA, BROKEN_HEART))
    play(state, RICH, entry(RICH, 3))
    play(state, SAMANTHA, entry(SAMANTHA, BROKEN_HEART))
    trick = state.tricks[-1]
    assert [p["rank"] for p in trick["plays"]] == [1, BROKEN_HEART, 3, BROKEN_HEART]
    assert trick["winner"] == BECCA
    assert state.hearts == [0, 1, 0, 0]


@pytest.mark.parametrize(("ranks", "winner", "why"), [
    ((1, BROKEN_HEART, 3, BROKEN_HEART), BECCA, "broken_heart"),  # the worked example
    ((4, BROKEN_HEART, 3, BROKEN_HEART), RICH, "lowest"),
    ((2, 2, 3, BROKEN_HEART), TOM, "lowest_first"),  # a tie goes to the one played first
])
def test_each_trick_says_why_its_winner_won(ranks: tuple[int, ...], winner: int,
                                            why: str) -> None:
    state = to_play()
    for seat, rank in zip((TOM, BECCA, RICH, SAMANTHA), ranks, strict=True):
        play(state, seat, entry(seat, rank))
    assert (state.tricks[-1]["winner"], state.tricks[-1]["won_by"]) == (winner, why)
    assert GAME.view(state, None)["tricks"][-1]["won_by"] == why


@pytest.mark.parametrize(
    ("becca", "samantha"),
    [(2, 4), (5, 2)],  # no Broken Heart played: whatever else they played
)
def test_worked_example_if_no_broken_heart_had_been_played_tom_wins(becca: int,
                                                                  samantha: int) -> None:
    assert trick_winner([1, becca, 3, samantha]) == TOM
    state = to_play()
    for seat, rank in ((TOM, 1), (BECCA, becca), (RICH, 3), (SAMANTHA, samantha)):
        play(state, seat, entry(seat, rank))
    assert state.tricks[-1]["winner"] == TOM
    assert state.hearts == [1, 0, 0, 0]


@pytest.mark.parametrize("tom", [4, 5])
def test_worked_example_if_no_one_had_been_played_rich_wins(tom: int) -> None:
    # Without Tom's 1 (his card left out, or a 4 or 5 instead) Rich's 3 is the lowest number.
    assert trick_winner([BROKEN_HEART, 3, BROKEN_HEART]) == 1
    assert trick_winner([tom, BROKEN_HEART, 3, BROKEN_HEART]) == RICH
    state = to_play()
    for seat, rank in ((TOM, tom), (BECCA, BROKEN_HEART), (RICH, 3),
                       (SAMANTHA, BROKEN_HEART)):
        play(state, seat, entry(seat, rank))
    assert state.tricks[-1]["winner"] == RICH
    assert state.hearts == [0, 0, 1, 0]


def test_worked_example_with_tom_not_first_keeps_turn_order_ties() -> None:
    # With Rich holding the marker, Samantha plays before Becca, so her Broken Heart wins.
    state = to_play(first_player=RICH)
    for seat, rank in ((RICH, 3), (SAMANTHA, BROKEN_HEART), (TOM, 1), (BECCA, BROKEN_HEART)):
        play(state, seat, entry(seat, rank))
    assert state.tricks[-1]["winner"] == SAMANTHA


# -- trick winners ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ranks", "winner"),
    [
        ([3, 1, 2], 1),                       # lowest number wins
        ([4, 0, 5], 0),                       # a Broken Heart loses to every number
        ([2, 1, 0, 5], 2),                    # with a 1 in the trick, the Broken Heart wins all
        ([0, 2, 1], 0),
        ([2, 1, 1], 1),                       # tie: earliest in turn order
        ([0, 0, 0], 0),                       # only Broken Hearts: earliest
        ([5, 5, 4, 4, 3, 3], 4),
        ([1, 1, 1, 1, 0, 0], 4),
    ],
)
def test_trick_winner(ranks: list[int], winner: int) -> None:
    assert trick_winner(ranks) == winner


def test_broken_heart_beats_every_number_when_a_one_is_in_the_trick() -> None:
    state = to_play()
    for seat, rank in ((TOM, 2), (BECCA, 1), (RICH, BROKEN_HEART), (SAMANTHA, 5)):
        play(state, seat, entry(seat, rank))
    assert state.tricks[-1]["winner"] == RICH


def test_a_trick_of_only_broken_hearts_goes_to_the_earliest() -> None:
    state = to_play(first_player=BECCA)
    for seat in (BECCA, RICH, SAMANTHA, TOM):
        play(state, seat, entry(seat, BROKEN_HEART))
    assert state.tricks[-1]["winner"] == BECCA


# -- the flow of a game -------------------------------------------------------------------
def test_categories_go_left_in_round_one_and_right_in_round_two() -> None:
    assert [writer_of(g, 1, 4) for g in range(4)] == [1, 2, 3, 0]
    assert [writer_of(g, 2, 4) for g in range(4)] == [3, 0, 1, 2]
    state = GAME.setup(4, seed=3)
    assert spec_of(state, TOM)["for"] == BECCA
    for g in range(4):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    # Becca writes on Tom's cards, for Tom's category.
    spec = spec_of(state, BECCA)
    assert (spec["for"], spec["category"]) == (TOM, "Animals")
    finish_round(state)
    assert state.round == 2
    for g in range(4):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    spec = spec_of(state, BECCA)
    assert (spec["for"], spec["category"]) == (RICH, "Colours")


def finish_round(state: MyFavouriteThingsState) -> None:
    """Play on to the end of the current round, writing SETS and playing hands in order."""
    round_no = state.round
    while state.round == round_no and not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        if state.phase == "category":
            GAME.apply(state, seat, {"category": CATEGORIES[seat]})
        elif state.phase == "writing":
            GAME.apply(state, seat, {"write": SETS[giver_for(seat, state.round, 4)]})
        else:
            play(state, seat, state.hands[seat][0])


def test_writing_starts_only_when_every_category_is_given() -> None:
    state = GAME.setup(4, seed=3)
    for g in (0, 1, 2):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    assert state.phase == "category" and GAME.to_act(state) == {3}
    assert_refused(state, 1, {"write": SETS[0]}, NotYourTurn, "already given a category")
    GAME.apply(state, 3, {"category": "Seasons"})
    assert state.phase == "writing" and GAME.to_act(state) == {0, 1, 2, 3}


def test_the_writers_entries_come_back_to_the_giver_as_a_shuffled_hand() -> None:
    state = to_play()
    for g in range(4):
        assert sorted(state.hands[g]) == sorted(SETS[g])
        assert state.sets[g] == SETS[g]


def test_hand_order_does_not_follow_rank_order() -> None:
    # The writer shuffles the sleeves: over many games the 1 lands in many places.
    positions = {to_play(seed=s).hands[TOM].index(entry(TOM, 1)) for s in range(40)}
    assert len(positions) >= 5


def test_plays_are_sequential_from_the_marker_and_face_up() -> None:
    state = to_play(first_player=RICH)
    assert GAME.to_act(state) == {RICH}
    assert_refused(state, TOM, {"play": entry(TOM, 1)}, NotYourTurn,
                   "it is Player 3's turn to play, not Player 1's")
    play(state, RICH, entry(RICH, 4))
    assert GAME.to_act(state) == {SAMANTHA}
    trick = GAME.view(state, TOM)["trick"]
    assert trick["plays"] == [{"seat": RICH, "entry": entry(RICH, 4)}]  # no rank yet


def test_marker_passes_left_after_every_trick_across_rounds() -> None:
    state = to_play(players=3, first_player=2, sets=SETS[:3])
    finish_round(state)
    leaders = [t["leader"] for t in state.tricks]
    assert leaders == [2, 0, 1, 2, 0]
    engine_play(match_of(state), scripted(3, CATEGORIES, SETS))
    assert [t["leader"] for t in state.tricks] == [2, 0, 1, 2, 0, 1, 2, 0, 1, 2]


def test_five_tricks_a_round_and_the_sixth_sleeve_is_not_played() -> None:
    state = to_play()
    finish_round(state)
    assert len(state.tricks) == 5 and state.round == 2
    summary = state.rounds[0]
    assert summary["hearts"] == [sum(1 for t in state.tricks if t["winner"] == s)
                                 for s in range(4)]
    for g in range(4):
        played = [p["entry"] for t in state.tricks for p in t["plays"] if p["seat"] == g]
        assert len(played) == 5 and summary["unplayed"][g] not in played
        assert sorted([*played, summary["unplayed"][g]]) == sorted(SETS[g])


def test_round_summary_reveals_the_sixth_sleeve() -> None:
    state = to_play()
    finish_round(state)
    summary = GAME.view(state, None)["history"][0]
    assert summary["sets"] == SETS
    assert summary["categories"] == CATEGORIES
    assert summary["writers"] == [1, 2, 3, 0]


def test_two_rounds_then_most_hearts_wins_and_scores_are_hearts() -> None:
    state = to_play()
    result = engine_play(match_of(state), scripted(4, CATEGORIES, SETS))
    assert sum(result.scores) == 10 and len(state.tricks) == 10
    assert result.scores == [float(h) for h in state.hearts]
    assert result.winners == [s for s in range(4) if state.hearts[s] == max(state.hearts)]
    assert [sum(r) for r in result.details["hearts_by_round"]] == [5, 5]
    assert GAME.to_act(state) == frozenset()
    assert_refused(state, 0, {"play": "Dogs"}, GameOver, "over")


def test_tied_players_share_the_victory() -> None:
    # In trick k everyone plays their k: every trick is a tie won by its leader.
    # Leaders run 0,1,2,3,0 then 1,2,3,0,1, so seats 0 and 1 end on 3 hearts each.
    match = Match.new(GAME, 4, None, 5)
    result = engine_play(match, scripted(
        4, CATEGORIES, SETS, lambda view, seat, hand: entry(seat, view["trick_number"])))
    assert [t["winner"] for t in match.state.tricks] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert result.scores == [3.0, 3.0, 2.0, 2.0]
    assert result.winners == [0, 1]
    assert result.details["hearts_by_round"] == [[2, 1, 1, 1], [1, 2, 1, 1]]


# -- bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [("", "cannot be empty"), ("   ", "cannot be empty"), ("x" * 61, "at most 60"),
     ("Dogs\nCats", "control characters"), ("Bell\x07", "control characters"),
     (42, "must be text")],
)
def test_bad_categories_are_refused(text: Any, words: str) -> None:
    state = GAME.setup(3, seed=0)
    assert_refused(state, 0, {"category": text}, MalformedAction, words)


def test_categories_are_trimmed_and_sixty_characters_fit() -> None:
    state = GAME.setup(3, seed=0)
    GAME.apply(state, 0, {"category": "  Board Games \t"})
    GAME.apply(state, 1, {"category": "y" * 60})
    assert state.categories[:2] == ["Board Games", "y" * 60]


def test_any_category_text_is_accepted_also_twice() -> None:
    state = GAME.setup(3, seed=0)
    for g in range(3):
        GAME.apply(state, g, {"category": "Socks I have loved"})
    assert state.categories == ["Socks I have loved"] * 3


@pytest.mark.parametrize(
    ("entries", "words"),
    [
        (["a", "b", "c", "d", "e"], "write six entries"),
        (["a", "b", "c", "d", "e", "f", "g"], "write six entries"),
        ("abcdef", "write six entries"),
        (["Dogs", "Cats", "Owls", " dogs ", "Bats", "Rats"],
         "4th favourite repeats the 1st favourite"),
        (["a", "b", "c", "d", "e", "A"], "Broken Heart (a thing you dislike) repeats"),
        (["a", "b", "", "d", "e", "f"], "3rd favourite cannot be empty"),
        (["a", "b", "c", "d", "e", "z" * 61], "at most 60"),
        (["a", "b", "c", "d\te", "e", "f"], "control characters"),
        (["a", "b", "c", "d", None, "f"], "must be text"),
    ],
)
def test_bad_sets_are_refused(entries: Any, words: str) -> None:
    state = GAME.setup(3, seed=0)
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    assert_refused(state, 0, {"write": entries}, MalformedAction, words)


def test_entries_are_trimmed() -> None:
    state = to_play(sets=[[f"  {e} " for e in s] for s in SETS])
    assert state.sets == SETS


def test_wrong_phase_and_unknown_actions_are_refused() -> None:
    state = GAME.setup(3, seed=0)
    assert_refused(state, 0, {"write": SETS[0]}, IllegalAction,
                   "cannot write entries now: it is time to give a category")
    assert_refused(state, 0, {"play": "Dogs"}, IllegalAction, "cannot play a sleeve now")
    assert_refused(state, 0, {"category": "A", "play": "B"}, MalformedAction, "single key")
    state = to_play()
    assert_refused(state, TOM, {"category": "Hats"}, IllegalAction,
                   "cannot give a category now: it is time to play a sleeve")
    assert_refused(state, TOM, {"write": SETS[0]}, IllegalAction, "cannot write entries now")


def test_playing_a_sleeve_not_in_hand_is_refused() -> None:
    state = to_play()
    assert_refused(state, TOM, {"play": "Pizza"}, IllegalAction, "no sleeve 'Pizza'")
    assert_refused(state, TOM, {"play": 3}, MalformedAction, "name the sleeve")
    play(state, TOM, entry(TOM, 2))
    assert_refused(state, BECCA, {"play": entry(TOM, 3)}, IllegalAction, "your hand:")


def test_play_accepts_a_sleeve_named_in_any_case() -> None:
    state = to_play()
    play(state, TOM, "  dOGS ")
    assert state.trick == [(TOM, "Dogs")]


def test_writing_twice_or_out_of_phase_is_refused() -> None:
    state = GAME.setup(3, seed=0)
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    GAME.apply(state, 0, {"write": SETS[0]})
    assert_refused(state, 0, {"write": SETS[1]}, NotYourTurn, "already written")


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (7, {}), (3, {"first_player": 3}), (4, {"first_player": -1}),
     (4, {"first_player": "0"}), (4, {"marker": 1})],
)
def test_bad_set_ups_are_refused(players: int, options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.setup(players, options, 0)


def test_registered_with_its_id_and_default_bot() -> None:
    game = get_game("my-favourite-things")
    assert game is GAME or game.id == GAME.id
    assert (game.min_players, game.max_players, game.default_bot) == (3, 6, "fan")
    assert GAME.setup(5, seed=0).marker == 0


# -- issue 12: text is grapheme clusters ---------------------------------------------------
TECHNOLOGIST, RAINBOW, PIRATE, FAMILY = "👩‍💻", "🏳️‍🌈", "🏴‍☠️", "👨‍👩‍👧"
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


def test_emoji_with_joiners_and_subdivision_flags_are_accepted() -> None:
    state = GAME.setup(3, seed=0)
    GAME.apply(state, 0, {"category": "Emojis"})
    GAME.apply(state, 1, {"category": f"Flags {RAINBOW}"})
    GAME.apply(state, 2, {"category": "Animals"})
    emoji = [TECHNOLOGIST, RAINBOW, PIRATE, FAMILY, SCOTLAND, "🦄"]
    GAME.apply(state, 1, {"write": emoji})
    assert state.sets[0] == emoji and state.categories[1] == f"Flags {RAINBOW}"


def test_length_is_counted_as_a_person_counts_characters() -> None:
    state = GAME.setup(3, seed=0)
    # Sixty families are 300 code points but sixty characters.
    GAME.apply(state, 0, {"category": FAMILY * 60})
    assert_refused(state, 1, {"category": FAMILY * 61}, MalformedAction,
                   "at most 60 characters (got 61)")


@pytest.mark.parametrize("sneaky", ["abc\u202edcba", "\u2066x\u2069", "a\u200bb"])
def test_bidi_overrides_and_invisible_separators_are_still_refused(sneaky: str) -> None:
    state = GAME.setup(3, seed=0)
    assert_refused(state, 0, {"category": sneaky}, MalformedAction, "control characters")
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    assert_refused(state, 0, {"write": ["a", "b", sneaky, "d", "e", "f"]}, MalformedAction,
                   "the 3rd favourite cannot contain control characters")


# -- issue 12: category ideas come from the game's seed -----------------------------------------
def ideas(seed: int, seat: int = 0, players: int = 3) -> list[str]:
    return list(spec_of(GAME.setup(players, seed=seed), seat)["suggestions"])


def test_category_ideas_differ_from_game_to_game_and_cover_every_category() -> None:
    assert ideas(1) == ideas(1) and len(ideas(1)) == 8
    assert len({tuple(ideas(seed)) for seed in range(20)}) == 20
    seen = {idea for seed in range(150) for seat in range(3) for idea in ideas(seed, seat)}
    every = GAME.legal(GAME.setup(3, seed=0), 0).spec.pool  # type: ignore[union-attr]
    assert seen == set(every) and len(every) >= 150


def test_category_ideas_say_nothing_of_the_deal() -> None:
    # The ideas are drawn from a stream of their own: looking at them (or not) leaves the
    # sleeves shuffled the same, and the shuffle's stream never produces them.
    looked, unlooked = GAME.setup(4, seed=9), GAME.setup(4, seed=9)
    for seat in range(4):
        spec_of(looked, seat)
    for state in (looked, unlooked):
        for g in range(4):
            GAME.apply(state, g, {"category": CATEGORIES[g]})
        for w in range(4):
            GAME.apply(state, w, {"write": SETS[giver_for(w, 1, 4)]})
    assert looked.hands == unlooked.hands
    every = list(GAME.legal(GAME.setup(4, seed=9), 0).spec.pool)  # type: ignore[union-attr]
    assert ideas(9, players=4) == generator(9, "ideas:1").sample(every, 8)
    assert ideas(9, players=4) != generator(9).sample(every, 8)


# -- issue 12: rulings the code made silently -------------------------------------------------
def test_categories_become_public_when_writing_starts() -> None:
    state = GAME.setup(4, seed=0)
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    assert [s["category"] for s in GAME.view(state, None)["seats"]] == [None] * 4
    GAME.apply(state, 3, {"category": CATEGORIES[3]})
    assert state.phase == "writing"
    assert [s["category"] for s in GAME.view(state, None)["seats"]] == CATEGORIES


def test_two_players_are_refused_as_both_neighbours_would_be_one_player() -> None:
    # With two, the left and the right neighbour are the same seat.
    assert writer_of(0, 1, 2) == writer_of(0, 2, 2) == 1
    with pytest.raises(InvalidOptions, match="My Favourite Things takes 3–6 players"):
        GAME.setup(2, seed=0)
    assert writer_of(0, 1, 3) != writer_of(0, 2, 3)


def test_these_rulings_are_written_down() -> None:
    rulings = (Path(__file__).parents[3] / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("## My Favourite Things")[1].split("\n## ")[0]
    for ruling, test in [
        ("**Are categories public?**", "test_categories_become_public_when_writing_starts"),
        ("**Three to six players.**",
         "test_two_players_are_refused_as_both_neighbours_would_be_one_player"),
        ("**Typed text.**", "test_emoji_with_joiners_and_subdivision_flags_are_accepted"),
    ]:
        assert ruling in section and test in section and test in globals()
