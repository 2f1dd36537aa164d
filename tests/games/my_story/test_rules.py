"""My Story: rulebook clauses and worked examples, with the rulebook's numbers, played
with the card set they were written for (the second edition: every slot costs a year,
Entrepreneur plays one card fewer)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from parlour.engine import IllegalAction, MalformedAction, NotYourTurn
from parlour.games.my_story import bundled_card_set, with_cards
from parlour.games.my_story.abilities import hand_size
from parlour.games.my_story.payments import age_marker, payment_years, star_options
from parlour.games.my_story.state import MyStoryState
from parlour.games.my_story.tracks import open_reunions, refill
from parlour.games.my_story.turns import next_seat, start_turn

from .table import no_daydream_on_top, seat_order

G = with_cards(bundled_card_set("second-edition"))
CARDS = G.card_set


def chosen(state: MyStoryState) -> MyStoryState:
    """The occupation choice made: each seat keeps its first dealt card."""
    for s in range(state.players):
        G.apply(state, s, {"occupation": state.seats[s].dealt[0]})
    return state


def started(players: int = 2, seed: int = 0) -> MyStoryState:
    """A game just past the occupation choice, whatever the seed dealt: seat 0 plays first
    and the first round goes round the seats in order; no Daydreaming comes up by chance."""
    state = G.setup(players, seed=seed)
    seat_order(state)
    no_daydream_on_top(state)
    return chosen(state)


def finish(state: MyStoryState, seat: int) -> None:
    """End ``seat``'s turn unless it already ended by itself (nothing left to do)."""
    if state.turn is not None and state.turn.seat == seat and state.turn.step == "act" \
            and {"end": True} in G.legal_actions(state, seat):
        G.apply(state, seat, {"end": True})


def stage(state: MyStoryState, seat: int, draw_top_first: list[str], cv: list[str] | None = None,
          occupation: str | None = None, colours: dict[str, str] | None = None) -> None:
    """Start ``seat``'s turn with a chosen draw pile (and CV)."""
    p = state.seats[seat]
    if cv is not None:
        p.cv = list(cv)
        p.occupation = occupation
    if colours is not None:
        p.colours = dict(colours)
    p.draw = list(reversed(draw_top_first))
    p.discard = []
    p.secret = None
    state.turn = None
    start_turn(state, seat)


STARTERS = ["hobby@0", "salary-a@0", "salary-b@0", "best-friends@0"]


# -- set-up --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "specials"), [(2, 2), (3, 1), (4, 0)])
def test_daydreaming_and_lottery_tickets_per_player_count(players: int, specials: int) -> None:
    state = G.setup(players, seed=3)
    kinds = [CARDS.cards[c].kind for c in state.work_deck + state.work_track]
    assert kinds.count("daydreaming") == specials
    life = [CARDS.cards[c].kind for c in state.life_deck + state.life_track]
    assert life.count("lottery_ticket") == specials
    # They are shuffled in after the tracks are revealed, so never on a track at set-up.
    assert all(CARDS.cards[c].kind not in ("daydreaming", "lottery_ticket")
               for c in state.work_track + state.life_track)


def test_setup_deals_two_starting_occupations_and_reveals_both_tracks() -> None:
    state = G.setup(4, seed=5)
    dealt = [c for p in state.seats for c in p.dealt]
    assert len(dealt) == len(set(dealt)) == 8
    assert all(CARDS.cards[c].switching_year == 1 for c in dealt)
    assert len(state.life_track) == len(state.work_track) == 5
    assert all(p.age == 22 for p in state.seats)
    assert sorted(p.stamp for p in state.seats) == [0, 1, 2, 3]


def test_chosen_occupation_goes_to_cv_and_the_other_into_the_deck() -> None:
    state = G.setup(2, seed=2)
    dealt = [list(p.dealt) for p in state.seats]
    G.apply(state, 0, {"occupation": dealt[0][1]})
    assert state.phase == "choose" and G.to_act(state) == frozenset({1})
    G.apply(state, 1, {"occupation": dealt[1][0]})
    me = state.seats[0]
    assert me.cv == [dealt[0][1]] and me.occupation == dealt[0][1]
    assert state.turn is not None
    owned = me.draw + (state.turn.played if state.turn.seat == 0 else [])
    assert sorted(owned) == sorted([dealt[0][0], *(c.id for c in CARDS.starting[0])])


def test_first_round_is_clockwise_from_the_marker_nearest_20() -> None:
    state = chosen(G.setup(4, seed=11))
    first = min(range(4), key=lambda s: state.seats[s].stamp)
    assert state.turn is not None and state.turn.seat == first
    assert state.first_round == [(first + i) % 4 for i in (1, 2, 3)]


# -- planning ------------------------------------------------------------------------------
def test_rulebook_planning_example_with_the_organic_farmer() -> None:
    state = started(2, seed=0)
    # CV: Organic Farmer (green, Bonus House), Bonus Book card coloured yellow,
    # Photo Album (colourless, Bonus Money).
    stage(state, 0, [*STARTERS, "education@0"], cv=["O01", "B2", "P05"], occupation="O01",
          colours={"B2": "yellow"})
    turn = state.turn
    assert turn is not None and turn.played == STARTERS
    # (1) Heart 1, Money 2, Smile 1  (2) House 1, Book 1  (3) Money 1  (4) Organic Farmer: Money 1
    assert turn.pool == {"heart": 1, "money": 4, "smile": 1, "house": 1, "book": 1}
    assert turn.step == "act"


def test_colour_matched_bonus_needs_a_played_card_of_that_colour() -> None:
    state = started(2, seed=0)
    stage(state, 0, ["salary-a@0", "salary-b@0", "best-friends@0", "education@0"],
          cv=["O01", "P05"], occupation="O01")
    assert state.turn is not None
    # No green card played: Organic Farmer's House Bonus (and its Money) do not come.
    assert state.turn.pool == {"money": 3, "smile": 1, "book": 1}


def test_discard_is_reshuffled_when_the_draw_deck_runs_out() -> None:
    state = started(2, seed=0)
    p = state.seats[0]
    p.cv, p.occupation = ["O01"], "O01"
    p.draw = ["hobby@0", "salary-a@0"]
    p.discard = ["salary-b@0", "education@0", "best-friends@0"]
    p.secret = None
    state.turn = None
    start_turn(state, 0)
    assert state.turn is not None and len(state.turn.played) == 4
    assert len(p.draw) == 1 and p.discard == []


# -- paying --------------------------------------------------------------------------------
def test_rulebook_three_years_for_two_money_and_one_book() -> None:
    req = {"money": 2, "book": 1}
    assert list(star_options({}, req, age=22, max_time=5)) == [0]
    assert payment_years({}, req, 0) == 3
    state = started(2, seed=0)
    stage(state, 0, ["best-friends@0", "hobby@0", "young-heart-35@0", "L01"],
          cv=["O03"], occupation="O03")
    state.life_track[4] = "L33"  # Stock Market Win: 1 Book, 2 Money; slot 4 adds 1 year
    turn = state.turn
    assert turn is not None and "money" not in turn.pool and "book" not in turn.pool
    assert {"take": "life", "slot": 4, "stars": 0} in G.legal_actions(state, 0)
    G.apply(state, 0, {"take": "life", "slot": 4, "stars": 0})
    assert state.seats[0].age == 26  # 3 years for the resources, 1 for the slot


def test_rulebook_example_one_year_three_money_one_heart() -> None:
    state = started(2, seed=0)
    stage(state, 0, ["salary-a@0", "salary-b@0", "hobby@0", "best-friends@0"],
          cv=["O05"], occupation="O05")  # Shop Assistant: Money/House choice
    G.apply(state, 0, {"gain": "money"})
    state.life_track[1] = "L36"  # World Tour: 3 Money, 1 Heart & Cross; slot 1 adds 1 Year
    turn = state.turn
    # Salary x2 + the ability's Money; Hobby; Best Friends; the yellow CV card's House.
    assert turn is not None and turn.pool == {"money": 3, "heart": 1, "smile": 1, "house": 1}
    G.apply(state, 0, {"take": "life", "slot": 1, "stars": 0})
    assert state.seats[0].age == 23
    assert state.log[-1]["event"] == "take" and state.log[-1]["years"] == 1
    # Nothing is left to grow, so the turn ended: L36 went on top of the discard pile,
    # then the played cards on it.
    assert state.seats[0].discard[0] == "L36"


def test_time_substitutes_at_most_five_resources_per_payment() -> None:
    assert list(star_options({}, {"money": 5}, 22, 5)) == [0]
    assert list(star_options({}, {"money": 6}, 22, 5)) == []
    assert list(star_options({"star": 1}, {"money": 6}, 22, 5)) == [1]
    assert payment_years({"star": 1}, {"money": 6, "years": 1}, 1) == 6
    # Stars or time: the player chooses.
    assert list(star_options({"star": 2}, {"book": 2}, 22, 5)) == [0, 1, 2]


def test_no_payment_may_age_a_marker_past_54() -> None:
    assert list(star_options({}, {"money": 3}, 52, 5)) == []
    assert list(star_options({}, {"money": 2}, 52, 5)) == [0]


# -- turn order ----------------------------------------------------------------------------
def test_newcomer_on_a_space_is_placed_furthest_from_20() -> None:
    state = started(3, seed=4)
    a, b, c = state.seats
    a.age, b.age, c.age = 25, 24, 26
    a.stamp, b.stamp, c.stamp = 5, 6, 7
    state.next_stamp = 8
    age_marker(state, 1, 1)  # b arrives on 25 after a
    state.first_round = []
    assert next_seat(state) == 0
    age_marker(state, 0, 0)  # paying no time does not move a marker
    assert next_seat(state) == 0
    age_marker(state, 0, 1)  # a moves to 26, behind c
    assert next_seat(state) == 1
    age_marker(state, 1, 1)
    assert next_seat(state) == 2


def test_the_youngest_player_may_take_several_turns_in_a_row() -> None:
    state = started(2, seed=0)
    state.first_round = []
    state.seats[1].age = 30
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    state.work_track[4] = "P01"
    G.apply(state, 0, {"take": "work", "slot": 4, "stars": 0})  # 1 Year
    finish(state, 0)
    assert state.seats[0].age == 23 and state.turn is not None and state.turn.seat == 0


# -- exploring and growing -----------------------------------------------------------------
def test_must_explore_or_grow_before_ending() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="explore or grow"):
        G.apply(state, 0, {"end": True})
    with pytest.raises(IllegalAction, match="only rest"):
        G.apply(state, 0, {"rest": True})
    assert G.view(state, 0) == G.view(before, 0)


def test_grow_a_project_played_this_turn_after_exploring() -> None:
    state = started(2, seed=0)
    # Vegetable Garden (P01): complete for 1 Heart & Cross, 1 House.
    stage(state, 0, ["P01", "hobby@0", "young-heart-35@0", "salary-a@0"], cv=["O01"],
          occupation="O01")
    state.work_track[4] = "P02"
    G.apply(state, 0, {"take": "work", "slot": 4, "stars": 0})
    legal = G.legal_actions(state, 0)
    assert {"grow": "P01", "stars": 0} in legal and {"end": True} in legal
    assert not any("take" in a for a in legal)
    G.apply(state, 0, {"grow": "P01", "stars": 0})
    p = state.seats[0]
    assert p.cv == ["O01", "P01"] and "P01" not in p.discard
    assert state.turn is not None and state.turn.seat == 1  # nothing left: the turn ended


def test_switching_occupation_costs_its_switching_year_and_replaces_the_ability() -> None:
    state = started(2, seed=0)
    # Teacher (O09): requirement 2 Books, Switching Year 2.
    stage(state, 0, ["O09", "education@0", "hobby@0", "salary-a@0"], cv=["O01"],
          occupation="O01")
    turn = state.turn
    assert turn is not None
    books = turn.pool.get("book", 0)
    G.apply(state, 0, {"grow": "O09", "stars": 0})
    p = state.seats[0]
    assert p.occupation == "O09" and p.cv == ["O01", "O09"]
    assert p.age == 22 + 2 + max(0, 2 - books)


def test_reunions_open_when_everyone_reaches_30_and_change_at_40() -> None:
    state = started(3, seed=1)
    for p in state.seats:
        p.age = 30
    state.seats[0].age = 29
    open_reunions(state)
    assert state.stage == 0 and state.reunions == []
    state.seats[0].age = 30
    open_reunions(state)
    assert state.stage == 30 and len(state.reunions) == 2 and len(state.achievements) == 6
    assert all(CARDS.reunions[r].age == 30 for r in state.reunions)
    first_six = list(state.achievements)
    state.seats[1].achievements.append(state.achievements.pop())
    for p in state.seats:
        p.age = 40
    open_reunions(state)
    assert state.stage == 40 and all(CARDS.reunions[r].age == 40 for r in state.reunions)
    assert len(state.achievements) == 6 and not set(state.achievements) & set(first_six)
    assert set(first_six[:5]) <= set(state.removed)
    assert len(state.achievement_deck) == 2


def test_a_player_may_attend_reunions_again_for_another_achievement() -> None:
    state = started(2, seed=0)
    for p in state.seats:
        p.age = 30
    open_reunions(state)
    state.first_round = []
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    rid, aid = state.reunions[0], state.achievements[0]
    G.apply(state, 0, {"reunion": rid, "achievement": aid, "stars": 0})
    assert state.seats[0].achievements == [aid] and aid not in state.achievements
    finish(state, 0)
    nxt = state.turn
    assert nxt is not None
    stage(state, nxt.seat, [c.replace("@0", f"@{nxt.seat}") for c in STARTERS],
          cv=["O01"], occupation="O01")
    legal = G.legal_actions(state, nxt.seat)
    assert {"reunion": rid, "achievement": state.achievements[0], "stars": 0} in legal


# -- the tracks ----------------------------------------------------------------------------
def test_refill_keeps_vp_cards_left_of_cards_without_vp() -> None:
    state = started(2, seed=0)
    state.life_track = ["L13", "L01", "L02", "L03"]  # Marathon (1 VP), then no-VP cards
    state.life_deck = ["L14"]  # Wedding (2 VP): goes leftmost
    refill(state)
    assert state.life_track == ["L14", "L13", "L01", "L02", "L03"]
    state.life_track = ["L13", "L01", "L02", "L03"]
    state.life_deck = ["L04"]  # no VP: right of the rightmost VP card
    refill(state)
    assert state.life_track == ["L13", "L04", "L01", "L02", "L03"]


def test_daydreaming_removes_itself_and_two_rightmost_cards_of_both_tracks() -> None:
    state = started(2, seed=0)
    state.work_track = ["P01", "P02", "P03", "P04"]
    state.life_track = ["L01", "L02", "L03", "L04", "L05"]
    state.work_deck = ["P10", "P09", "P08", "P07", "P06", "D1"]
    state.life_deck = ["L10", "L09", "L08"]
    refill(state)
    assert state.removed[-5:] == ["D1", "P04", "P03", "L05", "L04"]
    # No VP cards: each newcomer enters just right of the (absent) VP cards, i.e. leftmost.
    assert state.life_track == ["L09", "L08", "L01", "L02", "L03"]
    assert len(state.work_track) == 5


def test_an_exhausted_deck_leaves_the_slot_empty() -> None:
    state = started(2, seed=0)
    state.life_track = ["L01", "L02"]
    state.life_deck = []
    refill(state)
    assert state.life_track == ["L01", "L02"]


# -- Young Heart, retirement ---------------------------------------------------------------
def test_young_heart_30_leaves_at_the_end_of_a_turn_played_at_30() -> None:
    state = started(2, seed=0)
    state.first_round = []
    state.seats[0].age = 29
    stage(state, 0, ["young-heart-30@0", "young-heart-35@0", "hobby@0", "salary-a@0"],
          cv=["O01"], occupation="O01")
    state.work_track[4] = "P01"
    G.apply(state, 0, {"take": "work", "slot": 4, "stars": 0})  # 1 Year: now 30
    finish(state, 0)
    p = state.seats[0]
    assert p.gone == ["young-heart-30@0"]
    assert "young-heart-35@0" in p.discard


def test_retire_at_50_and_game_ends_when_all_retired() -> None:
    state = started(2, seed=0)
    state.first_round = []
    state.seats[1].retired, state.seats[1].age = True, 50
    state.seats[0].age = 49
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    state.work_track[4] = "P01"
    G.apply(state, 0, {"take": "work", "slot": 4, "stars": 0})
    if state.phase != "over":
        finish(state, 0)
    assert state.seats[0].retired and state.phase == "over"
    result = G.result(state)
    assert result is not None
    areas = [row["area"] for row in result.details["score_sheet"]]
    assert areas == ["achievements", "life_stories", "projects", "majorities", "retirement",
                     "total"]


def test_rest_when_nothing_can_be_done() -> None:
    state = started(2, seed=0)
    state.first_round = []
    state.seats[0].age = 53
    state.seats[1].age = 53
    state.seats[1].stamp = 99
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    state.life_track, state.work_track = [], []
    assert G.legal_actions(state, 0) == [{"rest": True}]
    G.apply(state, 0, {"rest": True})
    assert state.seats[0].age == 54 and state.seats[0].retired


# -- abilities (Iconography) ---------------------------------------------------------------
def test_book_money_ability() -> None:
    state = started(2, seed=0)
    stage(state, 0, ["education@0", "hobby@0", "salary-a@0", "best-friends@0"], cv=["O02"],
          occupation="O02")  # Librarian (blue, Bonus Book + Money): for each Book, a Money
    assert state.turn is not None
    # Books: Education 1 + Bonus 1 = 2; Money: Salary 1 + Bonus 1 + two from the Books = 4.
    assert state.turn.pool == {"book": 2, "money": 4, "heart": 1, "smile": 1}


def test_green_card_heart_ability() -> None:
    state = started(2, seed=0)
    stage(state, 0, ["hobby@0", "L05", "salary-a@0", "best-friends@0"], cv=["O03"],
          occupation="O03")  # Fitness Coach; Learning to Swim is green too
    assert state.turn is not None
    # play: Heart 1 + Heart 2 + Money 1 + Smile 1; Bonus Heart 1; two green cards: Heart 2
    assert state.turn.pool == {"heart": 6, "money": 1, "smile": 1}


def test_house_house_star_conversion_is_a_choice() -> None:
    state = started(2, seed=0)
    stage(state, 0, ["young-heart-35@0", "L06", "L01", "hobby@0"], cv=["O08"],
          occupation="O08")  # Carpenter: Money/House choice, then House+House -> Star
    G.apply(state, 0, {"gain": "house"})
    turn = state.turn
    assert turn is not None and turn.step == "convert"
    houses = turn.pool["house"]
    assert G.legal_actions(state, 0) == [{"convert": k} for k in range(houses // 2 + 1)]
    G.apply(state, 0, {"convert": 2})
    assert turn.pool["house"] == houses - 4 and turn.pool["star"] == 2


def test_plus_one_plays_an_extra_card_and_empty_slot_one_fewer() -> None:
    state = started(2, seed=0)
    five = [*STARTERS, "education@0"]
    stage(state, 0, five, cv=["O13"], occupation="O13")  # Journalist: +1
    assert state.turn is not None and len(state.turn.played) == 5
    stage(state, 0, five, cv=["O16"], occupation="O16")  # Entrepreneur: empty slot
    assert state.turn is not None and len(state.turn.played) == 3


def test_smile_card_lets_you_play_more_cards() -> None:
    state = started(2, seed=0)
    deck = ["best-friends@0", "hobby@0", "salary-a@0", "salary-b@0", "young-heart-35@0",
            "education@0"]
    stage(state, 0, deck, cv=["O07"], occupation="O07")  # Bartender
    assert state.turn is not None and state.turn.step == "more"
    G.apply(state, 0, {"play_more": True})  # Young Heart 35 has a Smile: another credit
    assert state.turn.step == "more"
    G.apply(state, 0, {"play_more": True})
    assert state.turn.played == deck
    assert state.turn.step == "act"  # the draw pile is empty


def test_bonus_resource_card_is_taken_and_coloured() -> None:
    state = started(2, seed=0)
    # Community Garden (P06): Heart 2, Smile 1; takes the Bonus Heart & Cross card.
    stage(state, 0, ["P06", "hobby@0", "best-friends@0", "L05"], cv=["O01"], occupation="O01")
    G.apply(state, 0, {"grow": "P06", "stars": 0})
    turn = state.turn
    assert turn is not None and turn.step == "colour"
    G.apply(state, 0, {"colour": "blue"})
    p = state.seats[0]
    assert p.cv == ["O01", "P06", "B3"] and p.colours == {"B3": "blue"}
    assert "B3" not in state.bonus_supply


# -- errors --------------------------------------------------------------------------------
def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    before = copy.deepcopy(state)
    illegal: list[dict[str, Any]] = [{"take": "life", "slot": 9, "stars": 0},
                                     {"grow": "P22", "stars": 0},
                                     {"take": "life", "slot": 0, "stars": 3}]
    for bad in illegal:
        with pytest.raises(IllegalAction):
            G.apply(state, 0, bad)
    malformed: list[dict[str, Any]] = [{"take": "life", "slot": True, "stars": 0},
                                       {"take": "life"}, {"end": 1}]
    for bad in malformed:
        with pytest.raises(MalformedAction):
            G.apply(state, 0, bad)
    assert G.view(state, 0) == G.view(before, 0) and state.seats == before.seats


# -- rulings ------------------------------------------------------------------------------------
def test_ruling_undealt_starting_occupations_join_the_work_deck() -> None:
    state = G.setup(2, seed=9)
    dealt = {c for p in state.seats for c in p.dealt}
    firsts = {c.id for c in CARDS.starting_occupations()}
    in_work = set(state.work_deck) | set(state.work_track)
    assert firsts - dealt <= in_work and not dealt & in_work


def test_ruling_a_former_occupation_keeps_its_bonus_but_not_its_ability() -> None:
    state = started(2, seed=0)
    # Organic Farmer (House: Money) covered by Fitness Coach (green card: Heart & Cross).
    stage(state, 0, ["young-heart-35@0", "hobby@0", "best-friends@0", "L01"],
          cv=["O01", "O03"], occupation="O03")
    assert state.turn is not None
    # Organic Farmer's House Bonus comes (green/red played) but not its House: Money ability;
    # Fitness Coach gives a Heart per green card (Hobby) and its own Heart Bonus.
    assert state.turn.pool == {"house": 3, "smile": 3, "heart": 3}


def test_ruling_hand_never_drops_below_one_card() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O16", "P22"], occupation="O16")  # two empty-slot icons
    assert state.turn is not None and len(state.turn.played) == 2
    assert hand_size(state, 0) == 2


def test_ruling_reunion_check_happens_when_a_turn_ends() -> None:
    state = started(2, seed=0)
    state.first_round = []
    state.seats[1].age = 31
    state.seats[0].age = 29
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    state.work_track[4] = "P01"
    G.apply(state, 0, {"take": "work", "slot": 4, "stars": 0})  # to 30
    finish(state, 0)
    assert state.stage == 30 and len(state.reunions) == 2


def test_a_planning_decision_comes_first_and_the_error_says_so() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O05"], occupation="O05")  # Money/House choice pending
    with pytest.raises(IllegalAction, match="first choose the resource your ability gives"):
        G.apply(state, 0, {"take": "life", "slot": 4, "stars": 0})


def test_a_seat_that_may_not_act_is_told_what_it_waits_for() -> None:
    state = G.setup(3, seed=0)
    kept = state.seats[0].dealt[0]
    G.apply(state, 0, {"occupation": kept})
    with pytest.raises(NotYourTurn, match="waiting for Player 2 and Player 3 to choose"):
        G.apply(state, 0, {"occupation": kept})
    G.apply(state, 1, {"occupation": state.seats[1].dealt[0]})
    G.apply(state, 2, {"occupation": state.seats[2].dealt[0]})
    assert state.turn is not None
    idle = (state.turn.seat + 1) % 3
    with pytest.raises(NotYourTurn, match=f"it is Player {state.turn.seat + 1}'s turn"):
        G.apply(state, idle, {"end": True})


# -- refusals say what the turn expects (issue 12) ----------------------------------------
def test_a_planning_answer_at_the_explore_step_says_which_step_it_is() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")  # Organic Farmer: no choices
    assert state.turn is not None and state.turn.step == "act"
    for bad in ({"play_more": True}, {"gain": "money"}, {"convert": 1}, {"colour": "red"}):
        with pytest.raises(IllegalAction) as refused:
            G.apply(state, 0, bad)
        message = str(refused.value)
        assert "payment" not in message
        assert "Planning is over" in message
        assert "take a card from a track, attend a Reunion" in message


def test_a_planning_answer_at_another_planning_step_says_what_is_asked() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O05"], occupation="O05")  # Shop Assistant: Money or House
    with pytest.raises(IllegalAction, match="choose the resource your ability gives: "
                                            r'\{"gain": "money"\} or \{"gain": "house"\}'):
        G.apply(state, 0, {"play_more": True})
    with pytest.raises(IllegalAction, match='your ability gives "money" or "house", not "smile"'):
        G.apply(state, 0, {"gain": "smile"})


def test_refusals_number_slots_1_to_5_as_every_screen_does() -> None:
    state = started(2, seed=0)
    stage(state, 0, STARTERS, cv=["O01"], occupation="O01")
    with pytest.raises(IllegalAction, match="no card in slot 10 of the Life Story track") as e:
        G.apply(state, 0, {"take": "life", "slot": 9, "stars": 0})
    assert "slots 1–5" in str(e.value)
    turn = state.turn
    assert turn is not None and turn.pool.get("star", 0) == 0
    with pytest.raises(IllegalAction, match="you cannot pay for slot 1 of the Life Story track "
                                            "with 3 Stars"):
        G.apply(state, 0, {"take": "life", "slot": 0, "stars": 3})
