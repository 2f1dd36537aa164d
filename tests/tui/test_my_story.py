"""My Story's terminal renderer: every view renders, every action has a label; played
with the card set the tests were written for (the second edition)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from parlour.bots import make_agent
from parlour.engine import Action, Legal, Match, View, play
from parlour.games.my_story import bundled_card_set, with_cards
from parlour.games.my_story.state import MyStoryState
from parlour.games.my_story.tracks import open_reunions
from parlour.games.my_story.turns import start_turn
from parlour.tui import load_renderer
from parlour.tui.my_story import MyStoryScreens
from tests.games.my_story.table import seat_order
from tests.games.my_story.test_card_sets import renamed

WIDE = 200  # wide enough that no cell wraps: the tests read whole phrases
G = with_cards(bundled_card_set("second-edition"))
tui = MyStoryScreens(G.words())


def shown(thing: object) -> str:
    console = Console(width=WIDE, record=True, file=io.StringIO())
    console.print(thing)
    return console.export_text()


def started(draw_top_first: list[str], cv: list[str], seed: int = 0) -> MyStoryState:
    """Player 1's turn, past the occupation choice, with a chosen draw pile and CV; the
    markers are in seat order, so Player 1 plays first and Player 2's eight cards are still
    in their draw pile."""
    state = G.setup(2, seed=seed)
    seat_order(state)
    for s in range(2):
        G.apply(state, s, {"occupation": state.seats[s].dealt[0]})
    me = state.seats[0]
    me.cv, me.occupation = list(cv), cv[0]
    me.draw, me.discard, me.secret = list(reversed(draw_top_first)), [], None
    state.turn = None
    start_turn(state, 0)
    return state


class Reader:
    """A random player who renders its view now and then and reads every label."""

    def __init__(self, console: Console, seed: int) -> None:
        self.console, self.rng, self.moves = console, random.Random(seed), 0

    def act(self, view: View, legal: Legal) -> Action:
        if self.moves % 25 == 0:
            self.console.print(tui.render(view))
        self.moves += 1
        choices = legal.choices or []
        labels = [tui.action_label(a) for a in choices]
        assert all(labels) and all(not lab.startswith("{") for lab in labels)
        return self.rng.choice(choices)


def test_every_view_renders_and_every_action_is_labelled() -> None:
    match = Match.new(G, 3, None, 12)
    console = Console(width=120, record=True, file=io.StringIO())
    play(match, [Reader(console, 12 + s) for s in range(3)],
         lambda seat, action: console.print(tui.render(match.view(None)))
         if match.record.actions and len(match.record.actions) % 25 == 0 else None)
    console.print(tui.render(match.view(0)))
    text = console.export_text()
    assert "Life Story track" in text and "retired" in text


def test_labels_name_the_cards() -> None:
    assert tui.action_label({"occupation": "O01"}) == \
        "keep Organic Farmer (the other goes into your deck)"


# -- issue 12: the terminal, for a first-time player ----------------------------------------
STARTERS = ["hobby@0", "salary-a@0", "salary-b@0", "best-friends@0"]


def test_the_work_track_shows_what_completing_or_switching_costs_and_gives() -> None:
    state = started(STARTERS, ["O01"])
    state.work_track = ["P22", "O09", "P06"]
    text = shown(tui.render(G.view(state, 0)))
    # Sabbatical: complete for a year, 1 Money and 1 Smile; in a CV its ability costs a card
    # a turn.
    assert "complete: y1 $1 S1" in text and "ability: play 1 card fewer each turn" in text
    # Teacher: switch for 2 Books plus its Switching Year of 2 years; its ability.
    assert "switch: B2 + 2 years (Switching Year)" in text
    assert "as your Occupation: for each Book you gain, gain 1 more Money" in text
    # Community Garden brings the Bonus Heart & Cross card.
    assert "take the Bonus Heart & Cross card into your CV" in text


def test_labels_name_the_card_and_what_the_move_costs() -> None:
    # Salary x2, Hobby, Best Friends with Organic Farmer: 2 Money, 1 Heart, 1 Smile
    # (+ its House Bonus, as Hobby is green, and 1 Money for that House).
    state = started(["P22", *STARTERS[1:]], ["O01"])
    state.life_track[1] = "L36"  # World Tour: 3 Money, 1 Heart & Cross; slot 2 adds 1 year
    view = G.view(state, 0)
    assert view["turn"]["pool"] == {"money": 2, "smile": 2, "star": 1}
    assert tui.action_label({"grow": "P22", "stars": 0}, view) == \
        "complete Sabbatical (Project, 2 VP; play 1 card fewer each turn): pay 1 year, " \
        "1 Money and 1 Smile"
    assert tui.action_label({"take": "life", "slot": 1, "stars": 1}, view) == \
        "take World Tour (Life Story, 3 VP; slot 2): pay 2 years, 2 Money and 1 Star"
    # Rendering a seat's view makes it the one labels are read against.
    tui.render(view)
    assert tui.action_label({"take": "life", "slot": 1, "stars": 0}) == \
        "take World Tour (Life Story, 3 VP; slot 2): pay 3 years and 2 Money"


def test_switching_names_its_switching_year() -> None:
    # Journalist (switch: 2 Books, 1 Money, Switching Year 3) played with Hobby, Salary and
    # Best Friends under Organic Farmer: 1 Book, 2 Money (one from the House Bonus).
    state = started(["O13", "hobby@0", "salary-a@0", "best-friends@0"], ["O01"])
    view = G.view(state, 0)
    assert view["turn"]["pool"] == {"book": 1, "smile": 2, "heart": 1, "money": 2, "house": 1}
    assert tui.action_label({"grow": "O13", "stars": 0}, view) == (
        "switch to Journalist (Occupation; play 1 more card each turn): pay 4 years, 1 Money "
        "and 1 Book "
        "(3 years of them its Switching Year)")


def test_planning_labels_say_what_they_do() -> None:
    state = started(["young-heart-35@0", "L06", "L01", "hobby@0"], ["O08"])  # Carpenter
    view = G.view(state, 0)
    assert tui.action_label({"gain": "house"}, view) == "gain 1 House"
    G.apply(state, 0, {"gain": "house"})
    view = G.view(state, 0)
    assert [tui.action_label(a, view) for a in G.legal_actions(state, 0)][:3] == \
        ["convert nothing", "convert 2 Houses into 1 Star", "convert 4 Houses into 2 Stars"]


def test_the_bonus_resource_colour_names_the_card() -> None:
    # Community Garden (P06): complete for 2 Hearts & Crosses, 1 Smile; brings the Bonus
    # Heart & Cross card, whose colour its owner then chooses.
    state = started(["P06", "hobby@0", "best-friends@0", "L05"], ["O01"])
    G.apply(state, 0, {"grow": "P06", "stars": 0})
    view = G.view(state, 0)
    assert tui.action_label({"colour": "blue"}, view) == "colour Bonus Heart blue"
    assert "Choose your new Bonus Resource card's colour" in shown(tui.render(view))


def test_discard_piles_and_what_is_known_of_draw_piles_are_shown() -> None:
    state = started(STARTERS, ["O01"])
    state.seats[0].discard = ["L14", "education@0"]
    bob = state.seats[1]
    bob.discard = ["L21"]
    text = shown(tui.render(G.view(state, 0)))
    assert "Discard pile (newest last): Wedding, Education" in text
    assert "Discard pile (newest last): Birth of a Child" in text
    known = tui.names(sorted(c for c in bob.draw if c != bob.secret))
    assert f"Draw pile: 8 cards: {known} and their other starting occupation (unseen)" in text
    # What the seat may not know stays hidden: Bob's unplayed starting occupation.
    assert bob.secret is not None and tui.card_name(bob.secret) not in text


def test_achievement_progress_is_shown() -> None:
    state = started([*STARTERS, "education@0"], ["O02"])  # Librarian: Bonus Book, Money
    for p in state.seats:
        p.age = 30
    open_reunions(state)
    state.achievements[0] = "A07"  # Bookworm: Book icons, 5/7/10+ give 3/5/8 VP
    state.seats[0].discard = ["L34"]  # Yoga Retreat: 1 Heart & Cross, 1 Book when played
    view = G.view(state, 0)
    # Education in the draw pile, Yoga Retreat in the discard pile, Librarian's Bonus
    # in the CV: 3 Books (the cards played this turn show none).
    assert view["private"]["progress"]["A07"] == {"count": 3, "points": 0}
    text = shown(tui.render(view))
    assert "Bookworm" in text and "3 → 0 VP (5 for 3 VP)" in text
    attend = {"reunion": state.reunions[0], "achievement": "A07", "stars": 0}
    assert "take Bookworm (yours now: 3 → 0 VP (5 for 3 VP)): pay " in \
        tui.action_label(attend, view)


def test_the_final_screen_says_which_achievements_scored_and_the_majority_counts() -> None:
    result = G.result(finished())
    assert result is not None
    text = shown(tui.result(result, ["Ann", "Bob"]))
    scored = result.details["achievements"]
    for held, who in zip(scored, ("Ann", "Bob"), strict=True):
        line = next(row for row in text.splitlines() if row.startswith(f"│ {who} "))
        for aid, vp in held.items():
            assert f"{tui.achievement_name(aid)} {vp}" in line
    counts, points = result.details["resource_icons"], result.details["majority_points"]
    row = next(r for r in text.splitlines() if r.startswith("│ Books "))
    assert [f"{c['book']} → {p} VP" for c, p in zip(counts, points["book"], strict=True)] == \
        [cell.strip() for cell in row.split("│")[2:4]]


def finished() -> MyStoryState:
    match: Match[MyStoryState] = Match.new(G, 2, None, 3)
    play(match, [make_agent(G, "heuristic", s, s) for s in range(2)])
    assert any(match.state.seats[s].achievements for s in range(2))
    return match.state


def test_no_shorthand_a_player_cannot_read() -> None:
    state = started(STARTERS, ["O01"])
    state.log = [{"seat": 1, "event": "colour", "card": "B3", "colour": "red"},
                 {"seat": 0, "event": "take", "card": "L01", "slot": 1, "track": "life",
                  "years": 1, "stars": 0}]
    text = shown(tui.render(G.view(state, 0)))
    assert "P2 colour" not in text and "(1 years)" not in text and "P1 (" not in text
    assert "You (22) → Player 2 (22)" in text or "Player 2 (22) → You (22)" in text


def test_progress_leaves_out_a_young_heart_that_is_leaving() -> None:
    deck = ["young-heart-30@0", "hobby@0", "salary-a@0", "salary-b@0", "education@0",
            "best-friends@0", "young-heart-35@0"]
    state = started(deck, ["O01"])
    for p in state.seats:
        p.age = 30
    open_reunions(state)
    state.achievements[0] = "A06"  # Storyteller: Life Story and starting cards in the deck
    # Seven starting cards, but the Young Heart (30) played at 30 leaves at the turn's end.
    assert G.view(state, 0)["private"]["progress"]["A06"] == {"count": 6, "points": 0}
    state.seats[0].age = 29
    assert G.view(state, 0)["private"]["progress"]["A06"]["count"] == 7


def test_the_terminal_names_the_cards_of_the_set_being_played() -> None:
    match = Match.new(G, 2, {"cards": renamed()}, seed=2)
    renderer = load_renderer("my-story", G.words(match.record.options))
    text = shown(renderer.render(match.view(0)))
    # Each renderer keeps its own words: the standard set's, made after, names its cards.
    standard = load_renderer("my-story", G.words())
    life_story = match.view(0)["life_track"][0]
    assert G.card_set.cards[life_story].name in shown(standard.render(match.view(0)))
    assert "Chapter " in shown(renderer.render(match.view(0)))
    assert "Chapter " in text
    assert not any(c.name in text for c in G.card_set.of_kind("life_story")
                   if c.name not in ("Chapters",))
