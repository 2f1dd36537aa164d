"""My Story: the table's log, narrated from spectator views around real moves."""

from __future__ import annotations

import json
from typing import Any

from parlour.engine import Action, Match, RandomAgent, play
from parlour.games.my_story import GAME as G
from parlour.games.my_story.narrate import new_events
from parlour.games.my_story.state import EVENTS_KEPT, MyStoryState
from parlour.games.my_story.turns import start_turn
from tests.stacked import Stacked

from .table import no_daydream_on_top, seat_order

NAMES = ["Ann", "Bob", "Cy", "Di"]
STARTERS = ["hobby@0", "salary-a@0", "salary-b@0", "best-friends@0"]
BOB_PLAYS = "Bob plays Education, Hobby, Young Heart (35) and Estate Agent."

# Volunteering, First Salary, Marathon, Birth of a Child, Learning to Swim.
LIFE_TRACK = ["L16", "L15", "L13", "L21", "L05"]
# Morning Routine, Textbook, Evening Course, Neighbourhood Party, Musician.
WORK_TRACK = ["P12", "P17", "P02", "P10", "O18"]
# Bob's draw pile once he keeps Librarian, top first: what BOB_PLAYS says, then the rest.
BOB_DRAWS = ["education@1", "hobby@1", "young-heart-35@1", "O04", "salary-b@1",
             "young-heart-30@1", "salary-a@1", "best-friends@1"]


def dealt() -> MyStoryState:
    """Two players at the occupation choice, laid out by hand: Ann plays first, Ann is
    dealt Courier and Carpenter, Bob Librarian and Estate Agent, the tracks hold the cards
    above, and no Daydreaming or Lottery Ticket turns up unless a test puts one on top."""
    state = G.setup(2, seed=0)
    seat_order(state)
    state.seats[0].dealt, state.seats[1].dealt = ["O06", "O08"], ["O02", "O04"]
    state.life_track, state.work_track = list(LIFE_TRACK), list(WORK_TRACK)
    no_daydream_on_top(state)
    return state


def started() -> MyStoryState:
    """Past the occupation choice (Ann keeps Courier, Bob Librarian), turns by age from
    now; a test stacks every shuffle that comes after."""
    state = dealt()
    G.apply(state, 0, {"occupation": "O06"})
    G.apply(state, 1, {"occupation": "O02"})
    state.seats[1].draw = list(reversed(BOB_DRAWS))
    state.first_round = []
    state.rng = Stacked()
    return state


def stage(state: MyStoryState, seat: int, draw_top_first: list[str],
          cv: tuple[str, ...] = ("O01",), occupation: str = "O01") -> None:
    """Start ``seat``'s turn with a chosen draw pile and CV (Organic Farmer by default)."""
    p = state.seats[seat]
    p.cv, p.occupation = list(cv), occupation
    p.draw, p.discard, p.secret = list(reversed(draw_top_first)), [], None
    state.turn = None
    start_turn(state, seat)


def told(state: MyStoryState, seat: int, action: Action) -> list[str]:
    before = G.view(state, None)
    G.apply(state, seat, action)
    return G.narrate(before, G.view(state, None), NAMES[:state.players])


# -- the start ------------------------------------------------------------------------------
def test_a_hidden_occupation_choice_says_nothing_and_the_last_reveals_all() -> None:
    state = dealt()
    # The two draw piles as shuffled, top last: Ann's other occupation is in her first four.
    state.rng = Stacked(["young-heart-30@0", "salary-b@0", "hobby@0", "young-heart-35@0", "O08",
                         "education@0", "best-friends@0", "salary-a@0"],
                        ["best-friends@1", "salary-a@1", "young-heart-30@1", "salary-b@1", "O02",
                         "young-heart-35@1", "hobby@1", "education@1"])
    assert told(state, 0, {"occupation": "O06"}) == []
    assert told(state, 1, {"occupation": "O04"}) == [
        "Starting occupations: Ann as Courier and Bob as Estate Agent.",
        "Ann plays Salary, Best Friends, Education and Carpenter.",
    ]


# -- planning -------------------------------------------------------------------------------
def test_choosing_and_converting_resources() -> None:
    state = started()
    # Carpenter: Money/House choice, then House+House -> Star.
    stage(state, 0, ["young-heart-35@0", "L06", "L01", "hobby@0"], cv=("O08",),
          occupation="O08")
    assert told(state, 0, {"gain": "house"}) == ["Ann chooses to gain 1 House."]
    assert told(state, 0, {"convert": 2}) == ["Ann converts 4 Houses into 2 Stars."]


def test_converting_nothing_reveals_nothing_and_stopping_tells_the_turns_resources() -> None:
    state = started()
    stage(state, 0, ["young-heart-35@0", "L06", "L01", "hobby@0"], cv=("O08",),
          occupation="O08")
    G.apply(state, 0, {"gain": "house"})
    assert told(state, 0, {"convert": 0}) == []
    deck = ["best-friends@0", "hobby@0", "salary-a@0", "salary-b@0", "young-heart-35@0",
            "education@0"]
    stage(state, 0, deck, cv=("O07",), occupation="O07")  # Bartender: Smile card, +1
    assert told(state, 0, {"play_more": True}) == ["Ann also plays Young Heart (35)."]
    # Stopping is seen by all, and sets what the turn has to spend: the five cards give
    # 2 Smiles, 1 Heart & Cross, 2 Money and 1 House; colourless Bartender's Bonus 1 Money.
    assert told(state, 0, {"play_more": False}) == [
        "Ann stops playing cards, with 3 Money, 1 Heart & Cross, 1 House and 2 Smiles to spend."]
    assert state.turn is not None
    assert state.turn.pool == {"money": 3, "heart": 1, "house": 1, "smile": 2}


# -- exploring ------------------------------------------------------------------------------
def test_taking_a_life_story_card_paid_in_years() -> None:
    state = started()
    stage(state, 0, STARTERS)
    # Volunteering: 2 Smiles, slot 1 Year + 1 Smile; one Smile in hand, so 2 more Years.
    assert told(state, 0, {"take": "life", "slot": 0, "stars": 0}) == [
        "Ann takes Volunteering from the Life Story track (3 years).", BOB_PLAYS]


def test_taking_from_the_work_track_with_a_star() -> None:
    state = started()
    stage(state, 0, ["young-heart-30@0", "hobby@0", "salary-a@0", "best-friends@0"])
    assert told(state, 0, {"take": "work", "slot": 0, "stars": 1}) == [
        "Ann takes Morning Routine from the Occupation & Project track (2 years, 1 Star).",
        BOB_PLAYS]


def test_reunions_open_then_attending_one_for_an_achievement() -> None:
    state = started()
    state.seats[0].age, state.seats[1].age = 29, 31
    state.reunion_decks[30] = ["R30c", "R30d", "R30a", "R30b"]
    state.achievement_deck.remove("A11")
    state.achievement_deck.append("A11")  # Life of the Party: on top, so among the six shown
    stage(state, 0, STARTERS)
    # Ann plays again at 30: her discard pile, Musician on it, is shuffled; top last.
    state.rng = Stacked(["salary-a@0", "salary-b@0", "best-friends@0", "hobby@0", "O18"])
    assert told(state, 0, {"take": "work", "slot": 4, "stars": 0}) == [
        "Ann takes Musician from the Occupation & Project track (1 year).",
        "Ann is now 30.",
        "Reunions open for age 30: Housewarming and Team Dinner.",
        "Ann plays Musician, Hobby, Best Friends and Salary.",
    ]
    stage(state, 0, STARTERS)
    action = {"reunion": "R30c", "achievement": "A11", "stars": 0}
    assert told(state, 0, action) == [
        "Ann attends Housewarming and takes the Life of the Party Achievement (2 years).",
        BOB_PLAYS]


def test_daydreaming_sweeps_the_tracks() -> None:
    state = started()
    state.life_deck.remove("T1")
    state.life_deck.append("T1")  # the next Life Story card drawn
    stage(state, 0, STARTERS)
    assert told(state, 0, {"take": "life", "slot": 0, "stars": 0}) == [
        "Ann takes Volunteering from the Life Story track (3 years).",
        "Lottery Ticket is revealed: Musician, Neighbourhood Party, Learning to Swim and "
        "Birth of a Child leave the tracks with it.",
        BOB_PLAYS,
    ]


# -- self-growing ---------------------------------------------------------------------------
def test_switching_occupation() -> None:
    state = started()
    stage(state, 0, ["O09", "education@0", "hobby@0", "salary-a@0"])
    assert told(state, 0, {"grow": "O09", "stars": 0}) == [
        "Ann switches to Teacher (2 years).", BOB_PLAYS]


def test_completing_a_project_then_colouring_its_bonus_card() -> None:
    state = started()
    state.seats[1].age = 24  # Ann, a year older after completing the Project, plays again
    stage(state, 0, ["P06", "hobby@0", "best-friends@0", "L05"])
    assert told(state, 0, {"grow": "P06", "stars": 0}) == [
        "Ann completes Community Garden (1 year)."]
    state.rng = Stacked(["best-friends@0", "L05", "hobby@0"])  # Ann's next draw pile, top last
    assert told(state, 0, {"colour": "blue"}) == [
        "Ann colours Bonus Heart blue.",
        "Ann plays Hobby, Learning to Swim and Best Friends.",  # only three cards left
    ]


# -- ageing, resting, retiring, the end --------------------------------------------------
def test_young_heart_leaves_when_its_age_is_reached() -> None:
    state = started()
    state.seats[0].age = 29
    stage(state, 0, ["young-heart-30@0", "young-heart-35@0", "hobby@0", "salary-a@0"])
    state.work_track[4] = "P01"
    assert told(state, 0, {"take": "work", "slot": 4, "stars": 0}) == [
        "Ann takes Vegetable Garden from the Occupation & Project track (1 year).",
        "Ann is now 30.",
        "Ann's Young Heart (30) leaves the game.",
        BOB_PLAYS,
    ]


def test_resting_then_retiring() -> None:
    state = started()
    state.stage = 40
    state.seats[0].age = state.seats[1].age = 53
    state.seats[1].stamp = 99
    stage(state, 0, STARTERS)
    state.life_track, state.work_track = [], []
    assert told(state, 0, {"rest": True}) == [
        "Ann rests for a year.", "Ann retires at 54.", BOB_PLAYS]


def test_the_last_retirement_ends_the_game() -> None:
    state = started()
    state.stage = 40
    state.seats[1].retired, state.seats[1].age = True, 50
    state.seats[0].age = 49
    stage(state, 0, STARTERS)
    state.work_track[4] = "P01"
    assert told(state, 0, {"take": "work", "slot": 4, "stars": 0}) == [
        "Ann takes Vegetable Garden from the Occupation & Project track (1 year).",
        "Ann retires at 50.",
        "Everyone has retired; the game is over.",
    ]


# -- the capped log -------------------------------------------------------------------------
def test_a_rest_is_found_in_a_full_log_of_identical_rests() -> None:
    rest = {"seat": 0, "event": "rest"}
    turn = {"seat": 0, "explored": False, "grown": False}
    before = {"log": [rest] * EVENTS_KEPT, "turn": turn, "turns": 40}
    after = {"log": [rest] * EVENTS_KEPT, "turn": turn, "turns": 41}
    assert new_events(before, after) == [rest]
    assert new_events(before, {**after, "turns": 40}) == []


def test_a_move_in_a_full_log_finds_only_its_own_events() -> None:
    state = started()
    state.log = [{"seat": -1, "event": "daydream", "cards": [f"X{i}"]}
                 for i in range(EVENTS_KEPT)]
    stage(state, 0, STARTERS)
    before = G.view(state, None)
    G.apply(state, 0, {"take": "life", "slot": 0, "stars": 0})
    after = G.view(state, None)
    assert len(after["log"]) == EVENTS_KEPT
    assert new_events(before, after) == [
        {"seat": 0, "event": "take", "card": "L16", "slot": 0, "track": "life", "years": 3,
         "stars": 0}]


# -- whole games ----------------------------------------------------------------------------
MAIN_VERBS = {"take": (" takes ",), "grow": (" completes ", " switches to "),
              "reunion": (" attends ",), "rest": (" rests ",)}


def mentioned_names_are_public(sentence: str, public: str) -> bool:
    """Each card, Reunion or Achievement named must have an id in the view."""
    named: dict[str, set[str]] = {}
    things: list[Any] = [*G.card_set.cards.values(), *G.card_set.reunions.values(),
                         *G.card_set.achievements.values()]
    for thing in things:
        named.setdefault(thing.name, set()).add(thing.id)
    return all(any(f'"{i}"' in public for i in ids)
               for name, ids in named.items() if name in sentence)


class Listener:
    """Hears every move of a match narrated, and checks what it is told."""

    def __init__(self, match: Match[MyStoryState]) -> None:
        self.match, self.public, self.told = match, match.view(None), list[str]()

    def __call__(self, seat: int, action: Action) -> None:
        after = self.match.view(None)
        self.told = G.narrate(self.public, after, NAMES[:self.match.record.players])
        self.public = after
        text = json.dumps(after)
        assert all(mentioned_names_are_public(s, text) for s in self.told), self.told
        key = next(iter(action))
        if key in MAIN_VERBS:  # the move's own event is told exactly once
            assert sum(s.startswith(NAMES[seat] + " ") and any(v in s for v in MAIN_VERBS[key])
                       for s in self.told) == 1, self.told


def test_random_games_narrate_every_move_from_public_facts_only() -> None:
    for seed in range(6):
        players = 2 + seed % 3
        match: Match[MyStoryState] = Match.new(G, players, None, seed)
        listener = Listener(match)
        play(match, [RandomAgent(G, s, seed * 10 + s) for s in range(players)], listener)
        assert "Everyone has retired; the game is over." in listener.told
