"""My Story: final scoring (as the rulebook clarifies it) and the card-set format."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from parlour.bots import make_agent
from parlour.engine import ContentError, Match, play
from parlour.games.my_story import GAME as G
from parlour.games.my_story import parse_card_set, with_cards
from parlour.games.my_story.cards import DEFAULT_PATH
from parlour.games.my_story.scoring import (
    achievement_points,
    final_result,
    majority_points,
    measure,
    resource_counts,
    retirement_penalty,
    score_sheet,
)
from parlour.games.my_story.state import MyStoryState, SeatState

CARDS = G.card_set


def ended(seats: list[SeatState]) -> MyStoryState:
    state = G.setup(len(seats), seed=0)
    state.seats = seats
    state.phase = "over"
    return state


def ach(name: str) -> Any:
    return next(a for a in CARDS.achievements.values() if a.name == name)


# -- the six clarified achievements ---------------------------------------------------------
def test_social_butterfly_counts_occupations_in_the_deck_only() -> None:
    p = SeatState(draw=["O09", "O10"], discard=["O11", "L01"], cv=["O01", "O12", "O13"])
    state = ended([p, SeatState()])
    assert measure(CARDS, p, ach("Social Butterfly").measure) == 3
    assert achievement_points(CARDS, state.seats, 0, ach("Social Butterfly")) == 5


def test_spirit_of_focus_counts_multi_coloured_cards_for_each_colour() -> None:
    # Red: First Love, Adopting a Cat (red+green), Volunteering (green+red), Nurse (green+red)
    # in the CV, Young Heart 35; green: the three multi-coloured ones.
    p = SeatState(draw=["L01", "L09", "L16", "young-heart-35@0"], cv=["O11"])
    assert measure(CARDS, p, ach("Spirit of Focus").measure) == 5


def test_colorful_life_counts_multi_coloured_cards_for_each_colour() -> None:
    # Part-time Tutor is blue and yellow; Adopting a Cat is red and green: one full set,
    # below the first tier (3 sets: 3 VP).
    p = SeatState(draw=["L07", "L09"])
    assert measure(CARDS, p, ach("Colorful Life").measure) == 1
    assert achievement_points(CARDS, ended([p, SeatState()]).seats, 0,
                              ach("Colorful Life")) == 0
    # With Running a Cafe (yellow, red), Yoga Retreat (green, blue), Farmers' Market (green,
    # yellow), Volunteering (green, red) and Night Classes (blue): 3 of each colour at least.
    p = SeatState(draw=["L07", "L09", "L22", "L34", "L11", "L16", "L10"])
    assert measure(CARDS, p, ach("Colorful Life").measure) == 3
    assert achievement_points(CARDS, ended([p, SeatState()]).seats, 0,
                              ach("Colorful Life")) == 3


def test_best_of_the_best_scores_when_tied_for_the_most() -> None:
    a = SeatState(cv=["O01", "P01", "P02"])
    b = SeatState(cv=["O02", "P03", "P04"])
    c = SeatState(cv=["O03", "P05"])
    state = ended([a, b, c])
    best = ach("Best of the Best")
    assert [achievement_points(CARDS, state.seats, s, best) for s in range(3)] == [5, 5, 0]


def test_chameleon_counts_a_multi_coloured_occupation_for_one_colour() -> None:
    # Nurse (green+red) and Chef (green+yellow): at most two colours, not three.
    p = SeatState(cv=["O11", "O15"])
    assert measure(CARDS, p, ach("Chameleon").measure) == 2
    # Adding Organic Farmer (green) lets the two others stand for red and yellow.
    p = SeatState(cv=["O11", "O15", "O01"])
    assert measure(CARDS, p, ach("Chameleon").measure) == 3


def test_storyteller_counts_starting_cards_but_not_young_hearts_that_left() -> None:
    starting = [c.id for c in CARDS.starting[0]]
    kept = [c for c in starting if "young-heart" not in c]
    p = SeatState(draw=[*kept, "L01", "L02", "O09"], gone=["young-heart-30@0",
                                                          "young-heart-35@0"])
    assert measure(CARDS, p, ach("Storyteller").measure) == 5 + 2


# -- the other areas -----------------------------------------------------------------------------
def test_resource_majorities_five_and_two_ties_score_in_full() -> None:
    assert majority_points([4, 4, 2, 1]) == [5, 5, 2, 0]
    assert majority_points([3, 2, 2]) == [5, 2, 2]
    assert majority_points([0, 0]) == [0, 0]


def test_icons_in_occupation_abilities_do_not_count() -> None:
    # Librarian in the CV: its Bonus (Book, Money) counts, the ability's Book: Money does not.
    p = SeatState(cv=["O02"])
    assert resource_counts(CARDS, p) == {"money": 1, "book": 1, "heart": 0, "house": 0, "smile": 0}


def test_late_retirement_penalty() -> None:
    assert [retirement_penalty(a) for a in (50, 51, 52, 53, 54)] == [0, -1, -3, -6, -10]


def test_score_sheet_areas() -> None:
    a = SeatState(draw=["L14"], cv=["O01"], age=50)  # Wedding: 2 VP
    b = SeatState(draw=["L21"], cv=["O02", "P01"], age=51)  # Birth of a Child 3, Garden 1, -1
    state = ended([a, b])
    sheet = score_sheet(state)
    assert sheet["life_stories"] == [2, 3] and sheet["projects"] == [0, 1]
    assert sheet["retirement"] == [0, -1]
    assert final_result(state).scores == [float(t) for t in sheet["total"]] == [12.0, 25.0]


def test_rulebook_tie_on_vp_goes_to_the_most_cards_in_the_cv() -> None:
    # "If tied, the player with the most cards in their CV among the tied players wins!"
    # Ann: Wedding in her deck (2 VP; plays 2 Houses, 1 Smile), Organic Farmer in her CV
    # (Bonus House): the most Houses and Smiles, 5 + 5. 2 + 10 = 12 VP, 1 CV card.
    ann = SeatState(draw=["L14"], cv=["O01"], age=50)
    # Bob: Librarian (Bonus Book, Money), Evening Course (1 VP, Bonus Book), Side Hustle
    # (1 VP, Bonus Money): the most Money and Books, 5 + 5. 2 + 10 = 12 VP, 3 CV cards.
    bob = SeatState(cv=["O02", "P02", "P03"], age=50)
    result = final_result(ended([ann, bob]))
    assert result.scores == [12.0, 12.0] and result.details["cv_cards"] == [1, 3]
    assert result.winners == [1] and result.details["tiebreak"] == "cv"
    # Only the tied players' CVs count: Cy has the most CV cards (4) but only 2 VP (12 in
    # majorities: the most Money with Bob, the most Hearts, the second most Houses; -10 for
    # retiring at 54), so Bob still wins.
    cy = SeatState(cv=["O03", "O04", "O05", "O07"], age=54)
    result = final_result(ended([ann, bob, cy]))
    assert result.scores == [12.0, 12.0, 2.0] and result.details["cv_cards"] == [1, 3, 4]
    assert result.winners == [1] and result.details["tiebreak"] == "cv"


def test_exact_tie_with_equal_cv_is_shared() -> None:
    a = SeatState(cv=["O01"], age=50)
    b = SeatState(cv=["O03"], age=50)
    result = final_result(ended([a, b]))
    # Organic Farmer's Bonus House vs Fitness Coach's Bonus Heart: 5 VP each.
    assert result.scores == [5.0, 5.0] and result.winners == [0, 1]
    assert result.details["tiebreak"] == "shared"


# -- the card-set file ----------------------------------------------------------------------------
def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    return data


def test_bundled_set_has_every_component_of_the_box() -> None:
    cs = CARDS
    counts = {k: len(cs.of_kind(k)) for k in ("life_story", "occupation", "project",
                                               "bonus_resource", "daydreaming",
                                               "lottery_ticket")}
    assert counts == {"life_story": 37, "occupation": 25, "project": 22, "bonus_resource": 5,
                      "daydreaming": 2, "lottery_ticket": 2}
    assert len(cs.starting_occupations()) >= 8
    assert len(cs.reunions_for(30)) == len(cs.reunions_for(40)) == 4
    names = {a.name for a in cs.achievements.values()}
    assert len(names) == 14
    assert {"Social Butterfly", "Spirit of Focus", "Colorful Life", "Best of the Best",
            "Chameleon", "Storyteller"} <= names
    assert all(len(seat) == 7 for seat in cs.starting)
    kinds = {e["kind"] for c in cs.cards.values() for e in c.ability}
    assert kinds == {"bonus_card", "choose", "per_gained", "per_colour_played", "convert",
                     "extra_cards", "per_icon_card"}
    assert {e["count"] for c in cs.cards.values() for e in c.ability
            if e["kind"] == "extra_cards"} == {1, -1}


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["cards"][12].update(vp="two"), r"cards\[12\] \(L13\).*'vp'"),
    (lambda d: d["cards"][0].update(kind="wish"), r"cards\[0\] \(L01\).*unknown kind"),
    (lambda d: d["cards"][40].update(id="L01"), r"duplicate id 'L01'"),
    (lambda d: d["cards"].pop(3), r"37 life_story cards \(found 36\)"),
    (lambda d: d["cards"][40]["ability"].append({"kind": "fly"}), r"cards\[40\].*ability"),
    (lambda d: d["cards"][1]["play"].update(gold=1), r"unknown icon 'gold'"),
    (lambda d: d["life_story_slots"].pop(), r"life_story_slots.*5 slots"),
    (lambda d: d["achievements"][0].update(score={"tiers": "lots"}), r"achievements\[0\]"),
    (lambda d: d["starting_cards"][0].update(copies=3), r"exactly 7 starting cards"),
    (lambda d: d.update(wildcard="joker"), r"'wildcard' must be 'star'"),
    (lambda d: d["colours"].update(red="smile"), r"colours"),
    # Before: these two were a server error (an IndexError, a TypeError), not a refusal.
    (lambda d: (d["starting_cards"][0].update(copies=10**9),
                d["starting_cards"][1].update(copies=7 - 10**9)), r"'copies' must be 1 to 7"),
    (lambda d: d["resources"].__setitem__(0, 5), r"'resources' must be"),
    (lambda d: d["cards"][0].update(name="Tea\u202etime"), r"cannot contain control"),
])
def test_bad_card_set_is_refused_naming_the_entry(mutate: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    mutate(data)
    with pytest.raises(ContentError, match=message):
        parse_card_set(data)


def test_too_few_first_occupations_is_refused() -> None:
    data = raw()
    for card in data["cards"]:
        if card["kind"] == "occupation" and card["switching_year"] == 1:
            card["switching_year"] = 2
            break
    with pytest.raises(ContentError, match="switching_year 1"):
        parse_card_set(data)


def test_a_designers_card_set_plays_with_its_own_words() -> None:
    data = raw()
    farmer = next(c for c in data["cards"] if c["id"] == "O01")
    farmer["name"] = "Beekeeper"
    game = with_cards(parse_card_set(data))
    assert game.words()["cards"]["O01"]["name"] == "Beekeeper"
    assert G.words()["cards"]["O01"]["name"] == "Organic Farmer"
    # Deal until someone is dealt the renamed card; the log then calls it by its new name.
    seed = next(s for s in range(50)
                if "O01" in game.setup(2, seed=s).seats[0].dealt)
    match: Match[MyStoryState] = Match.new(game, 2, None, seed)
    before = match.view(None)
    match.act(0, {"occupation": "O01"})
    match.act(1, {"occupation": match.state.seats[1].dealt[0]})
    told = game.narrate(before, match.view(None), ["Ann", "Bob"])
    assert told[0].startswith("Starting occupations: Ann as Beekeeper and Bob as ")
    # Search bots imagine the hidden cards from the same set, and play to the end.
    result = play(match, [make_agent(game, "mcts:2", 0, 0), make_agent(game, "heuristic", 1, 1)])
    assert result.details["ages"] == [p.age for p in match.state.seats]
    assert all(p.retired and p.age >= 50 for p in match.state.seats)
