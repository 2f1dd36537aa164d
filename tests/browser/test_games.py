"""Each game's screens tell each role what to do, with names; the How to play pages."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import Browser, expect

from parlour.engine import Match
from parlour.games import game_ids, get_game
from parlour.games.my_story.payments import paid
from parlour.games.my_story.words import WORDS as MY_STORY
from tests.games.love_me_not.test_rules import KEEPS as KEEPS_PLAYED
from tests.games.love_me_not.test_rules import STACKED, play_turns
from tests.games.whats_it_to_ya.test_rules import new_match, play_round

from .conftest import DESKTOP, PHONE, TV, Person, Server, open_room

TITLES = {gid: get_game(gid).describe()["title"] for gid in game_ids()}


def seated(browser: Browser, server: Server, game_id: str, humans: int,
           options: dict[str, str] | None = None) -> list[Person]:
    """Phones for the first ``humans`` seats (the first opens the room), bots elsewhere;
    the game started."""
    people = [Person(browser, PHONE, name) for name in ("Ann", "Bob", "Cy")[:humans]]
    code = open_room(people[0], server, game_id)
    people[0].sit(0)
    for seat, p in enumerate(people[1:], start=1):
        p.page.goto(f"{server.url}/r/{code}")
        p.sit(seat)
    host = people[0].page
    for seat in range(humans, get_game(game_id).min_players):
        host.click(f"#bot-{seat}")
        expect(host.locator(".seat-name").nth(seat)).to_contain_text("· bot, medium")
    for name, value in (options or {}).items():
        host.select_option(f"#opt-{name}", value)  # a seat, chosen from the list of seats
    host.click("#start")
    for p in people:
        expect(p.page.locator("#play")).to_be_visible()
    return people


def closed(people: list[Person]) -> None:
    for p in people:
        assert p.errors == [] and p.dialogs == []
        p.close()


def test_every_game_has_a_how_to_play_page_linked_from_the_start_the_lobby_and_the_room(
        browser: Browser, server: Server) -> None:
    reader = Person(browser, PHONE, "Ann")
    page = reader.page
    page.goto(server.url + "/")
    links = page.locator("#rules-links a")
    expect(links).to_have_count(len(TITLES))
    for gid, title in TITLES.items():
        page.goto(f"{server.url}/games/{gid}")
        expect(page.locator("h1")).to_have_text(title)
        # Our own short words with a worked example, readable on a phone.
        expect(page.locator(".example")).to_have_count(1)
        assert reader.too_wide() == []
    assert httpx.get(f"{server.url}/games/chess").status_code == 404
    code = open_room(reader, server, "whats-it-to-ya")
    expect(page.locator("#lobby-how-to-play")).to_have_attribute("href", "/games/whats-it-to-ya")
    expect(page.locator("#how-to-play")).to_have_attribute("href", "/games/whats-it-to-ya")
    assert code
    closed([reader])


def test_whats_it_to_ya_the_dealer_ranks_and_the_others_guess_the_dealers_order(
        browser: Browser, server: Server) -> None:
    ann, bob = seated(browser, server, "whats-it-to-ya", 2, {"first_dealer": "0"})
    expect(ann.page.locator("#instruction .say-main")).to_have_text(
        "Rank what matters to you — most important first")
    expect(bob.page.locator("#instruction .say-main")).to_have_text(
        "Guess how Ann ranks these five — most important first")
    expect(bob.page.locator("#instruction .who")).to_have_text("Ann")
    rng = random.Random(4)
    ann.move(rng)
    bob.move(rng)
    # The round's reveal: Ann's order against each guess, said in a sentence; on a phone
    # (after its moment) one tap away under the next ranking.
    for p in (ann, bob):
        p.press(p.page.locator("#table summary", has_text="how everyone guessed"))
        expect(p.page.locator("#table .wity-phone")).to_be_visible()
        expect(p.page.locator("#table .wity-phone .wity-order li").first).to_be_visible()
        expect(p.page.locator("#table .wity-phone > p").last).to_contain_text(
            re.compile(r"(takes all five cards|share the cards|no cards are won)"))
    # A fold a person opened stays open while the room goes on around them (a reaction,
    # someone's move): it closed under Bob's finger at every new snapshot before.
    fold = bob.page.locator("#table details", has_text="how everyone guessed")
    floats = bob.page.locator("#floats .float-emoji")
    ann.press(ann.page.get_by_role("button", name="React 😂"))
    expect(floats).to_have_attribute("aria-label", "Ann reacts 😂")
    expect(fold).to_have_attribute("open", "")
    bob.press(bob.page.locator("#table summary", has_text="how everyone guessed"))
    ann.press(ann.page.get_by_role("button", name="React 👏"))
    expect(floats.last).to_have_attribute("aria-label", "Ann reacts 👏")
    expect(fold).not_to_have_attribute("open", "")
    closed([ann, bob])


def test_take_your_pick_readers_guess_the_subjects_pick_and_the_subject_is_asked_which_is_more_them(
        browser: Browser, server: Server) -> None:
    ann, bob = seated(browser, server, "take-your-pick", 2, {"first_subject": "0"})
    expect(bob.page.locator("#instruction .say-main")).to_have_text(
        "Guess what Ann will pick on each card — then put your surest first")
    expect(bob.page.locator("#instruction .say-more")).to_contain_text(
        "Your first wrong guess ends your turn")
    expect(ann.page.locator("#instruction .say-main")).to_have_text(
        "You are the Subject: the others are guessing your picks")
    bob.move(random.Random(2))
    # Bob reads first (on the Subject's left): Ann answers with the words themselves.
    expect(ann.page.locator("#instruction .say-main")).to_have_text("Which is more you?")
    picks = ann.page.locator("#controls .big-choice")
    expect(picks).to_have_count(2)
    card = bob.page.locator("#hand li").first.locator(".word")
    assert sorted(picks.all_text_contents()) == sorted(card.all_text_contents())
    closed([ann, bob])


def test_my_favourite_things_names_the_player_you_give_a_category_and_whose_favourites_you_guess(
        browser: Browser, server: Server) -> None:
    ann, bob = seated(browser, server, "my-favourite-things", 2)
    main = ann.page.locator("#instruction .say-main")
    expect(main).to_contain_text(re.compile(r"^Give .+ a category$"))
    neighbour = ann.page.locator("#instruction .say-main .who").text_content() or ""
    assert neighbour in ("Bob", "Robin"), neighbour  # the bot plays under a name
    texts = {"text": "Pizza toppings"}
    rng = random.Random(1)
    ann.move(rng, texts)
    bob.move(rng, {"text": "Rivers"})
    for p in (ann, bob):
        expect(p.page.locator("#controls")).to_have_attribute("data-kind", "texts")
        expect(p.page.locator("#instruction .say-main")).to_contain_text(
            re.compile(r"^Write your favourite “.+” on .+'s cards$"))
    if neighbour == "Bob":
        expect(bob.page.locator("#instruction .say-main")).to_have_text(
            "Write your favourite “Pizza toppings” on Ann's cards")
    for p in (ann, bob):
        p.move(rng)
    # Playing: Ann's cards hold what her neighbour wrote, and she is told so by name.
    ann.page.wait_for_function("() => document.body.dataset.turn === 'yes'")
    expect(main).to_have_text(f"Play one of your cards — the one {neighbour} loves most wins")
    closed([ann, bob])


def test_my_story_shows_each_occupations_ability_and_each_cards_cost_on_its_button(
        browser: Browser, server: Server) -> None:
    (ann,) = seated(browser, server, "my-story", 1)
    page = ann.page
    expect(page.locator("#instruction .say-main")).to_have_text(
        "Keep one occupation: it starts your CV and its ability works every turn")
    buttons = page.locator("#controls button.choice")
    expect(buttons).to_have_count(2)
    for i in range(2):
        name = (buttons.nth(i).locator(".choice-text").text_content() or "").removeprefix("Keep ")
        card = next(c for c in MY_STORY["cards"].values() if c["name"] == name)
        facts = buttons.nth(i).locator(".hint").text_content() or ""
        for ability in card["ability"]:
            assert ability in facts, facts
    rng = random.Random(6)
    # Play on until the first choice of what to take: one question at a time.
    for _ in range(40):
        page.wait_for_function("() => document.body.dataset.turn === 'yes'")
        if page.locator("#controls .ms-act").count():
            break
        ann.move(rng)
    act = page.locator("#controls .ms-act")
    expect(act).to_have_attribute("data-screen", "what")
    expect(page.locator("#instruction .say-more")).to_contain_text("to spend")
    expect(page.locator("#table .age-track li")).to_have_count(2)
    # What to do, then which card (each says what it costs), then how to pay (each way the
    # server priced, said in words); Back returns to the first question.
    first = page.locator("#controls button.step").first
    what = first.locator(".choice-text").text_content()
    ann.press(first)
    if act.get_attribute("data-screen") == "which":
        cards = page.locator("#controls .ms-card")
        assert cards.count() > 0
        for i in range(cards.count()):
            expect(cards.nth(i).locator(".card-line").first).to_contain_text("Costs")
            cost = cards.nth(i).locator(".icons").first.get_attribute("aria-label") or ""
            assert re.fullmatch(r"free|\d.*", cost), cost
        ann.press(cards.first)
    expect(act).to_have_attribute("data-screen", "pay")
    pays = page.locator("#controls button.pay")
    assert pays.count() > 0
    for i in range(pays.count()):
        said = pays.nth(i).locator(".icons").get_attribute("aria-label") or ""
        assert re.fullmatch(r"free|\d+ [A-Z].*|\d+ years?", said), said
    ann.press(page.get_by_role("button", name="‹ Back"))
    expect(act).to_have_attribute("data-screen", "what")
    again = page.locator("#controls button.step").first
    expect(again.locator(".choice-text")).to_have_text(what or "")
    closed([ann])


@pytest.mark.parametrize("game_id", game_ids())
def test_presence_a_bot_for_someone_gone_pause_end_and_play_again_in_every_game(
        browser: Browser, server: Server, game_id: str) -> None:
    host = Person(browser, DESKTOP, "Ann")
    bob = Person(browser, PHONE, "Bob")
    code = open_room(host, server, game_id)
    host.sit(0)
    bob.page.goto(f"{server.url}/r/{code}")
    bob.sit(1)
    for seat in range(2, get_game(game_id).min_players):
        host.page.click(f"#bot-{seat}")
        expect(host.page.locator(".seat-name").nth(seat)).to_contain_text("· bot, medium")
    if game_id == "take-your-pick":
        # The bot in seat 3 is the Subject, so Ann and Bob read: the game starts waiting
        # for both (a Subject has nothing to do until the first card is read).
        host.page.select_option("#opt-first_subject", "2")
        host.page.click("#save-settings")
        expect(bob.page.locator("#lobby")).to_contain_text("First subject seat 3")
    table = Person(browser, TV, "Table")
    table.page.goto(f"{server.url}/r/{code}?table=1")
    host.page.click("#start")
    chips = table.page.locator("#seats .seat-chip")
    expect(chips.nth(1)).to_contain_text("online")
    if chips.count() > 2:
        expect(chips.nth(2)).to_contain_text("bot")
    # Bob goes; the game waits for him (every game starts with everyone deciding), so the
    # host is offered a bot for him, and the game goes on.
    bob.page.close()
    expect(chips.nth(1)).to_contain_text("offline")
    host.page.click("#quick-stand-in-1")
    expect(chips.nth(1)).to_contain_text("a bot plays for now")
    # The stand-in takes a person's time to choose, then moves for Bob.
    expect(host.page.locator("#log-list")).to_contain_text("a bot for Bob")
    host.page.click("#pause")
    for p in (host, table):
        expect(p.page.locator("#banner")).to_contain_text("Paused by the host")
    expect(host.page.locator("#controls")).to_have_attribute("data-kind", "")
    expect(host.page.locator("#instruction")).to_be_hidden()
    host.page.click("#resume")
    expect(host.page.locator("#controls")).not_to_have_attribute("data-kind", "")
    host.page.click("#end")
    host.page.click("#end-yes")
    expect(table.page.locator("#result h2")).to_have_text("The host ended this game")
    host.page.click("#again")
    # A new game with the same seats (the bots may have moved in it already).
    for p in (host, table):
        expect(p.page.locator("#seats .chip-wins")).to_have_count(chips.count())
        p.page.wait_for_function("() => document.body.dataset.status === 'playing'")
        expect(p.page.locator("#result")).to_be_hidden()
    expect(chips.nth(0)).to_contain_text("Ann")
    expect(chips.nth(1)).to_contain_text("Bob")
    for p in (host, table):
        assert p.errors == [], (p.name, p.errors)
        p.close()
    bob.close()


PRICES = """async (prices) => {
  const { priceText } = await import('/static/js/games/my-story.js');
  const words = await (await fetch('/api/games/my-story/words')).json();
  return prices.map((pays) => priceText(pays, words));
}"""
KEEPS = """async ([view, legal]) => {
  const make = (await import('/static/js/games/love-me-not.js')).default;
  const words = await (await fetch('/api/games/love-me-not/words')).json();
  const buttons = make(words).controls(legal, () => {}, view).querySelectorAll('button');
  return [...buttons].map((b) => b.querySelector('.hint').textContent);
}"""


def test_the_prices_and_points_on_the_buttons_are_the_engines(browser: Browser,
                                                                server: Server) -> None:
    # The engine prices each payment (own resources first, then Stars, the rest in years)
    # and the page says it in the card set's words.
    pays = [paid({"money": 1, "star": 1}, {"money": 2, "book": 1, "years": 1}, stars=1),
            paid({"money": 1, "star": 1}, {"money": 2, "book": 1, "years": 1}, stars=0),
            # The rulebook: short of 2 Money, you pay what you have and 2 years.
            paid({"money": 1, "book": 1}, {"money": 3, "book": 1}, stars=0),
            paid({}, {}, stars=0),
            paid({"book": 2, "smile": 2}, {"book": 2, "smile": 2, "years": 2}, stars=0)]
    assert pays[0] == {"money": 1, "star": 1, "years": 2}
    assert pays[2] == {"money": 1, "book": 1, "years": 2}
    # Love Me Not: after turn 1 of the stacked deck, seat 0 holds the jack of spades and
    # the 4 of hearts; keeping the jack makes hearts 1×1 and spades 1×1 (tests/games).
    match = Match.new(get_game("love-me-not"), 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS_PLAYED[:1])
    page = browser.new_page()
    page.goto(server.url + "/")
    shown = page.evaluate(PRICES, pays)
    keeps = page.evaluate(KEEPS, [match.view(0), match.legal(0).to_json()])
    page.close()
    assert shown == ["1 Money, 1 Star + 2 years", "1 Money + 3 years",
                     "1 Money, 1 Book + 2 years", "free", "2 Books, 2 Smiles + 2 years"]
    assert keeps == ["pile 4♥ · 2 points (+2)", "pile J♠ · 0 points (+0)"]


REVEAL = """async ([before, after]) => {
  const make = (await import('/static/js/games/whats-it-to-ya.js')).default;
  const words = await (await fetch('/api/games/whats-it-to-ya/words')).json();
  const names = ['Ann', 'Bob', 'Cy', 'Di'];
  const ctx = { names, you: null, seatName: (s) => names[s], seatClass: () => '' };
  const panel = make(words).reveal(before, after, ctx);
  return [...panel.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')]
    .map((td) => td.textContent));
}"""


def test_the_reveal_table_ticks_the_places_the_rules_matched(browser: Browser,
                                                            server: Server) -> None:
    match = new_match(4)
    before = match.view(None)
    order = play_round(match, {1: 3, 2: 1, 3: 0})
    page = browser.new_page()
    page.goto(server.url + "/")
    rows = page.evaluate(REVEAL, [before, match.view(None)])
    page.close()
    # Bob ranked a b c e d (3 right), Cy a c d e b (1), Di b c d e a (none): a row per
    # guesser, a cell per place of the dealer's order: ✓ where the rules matched it, else
    # the place that guesser gave the dealer's word; the count of right ones last.
    assert rows == [["✓", "✓", "✓", "5", "4", "3"], ["✓", "5", "2", "3", "4", "1"],
                    ["5", "1", "2", "3", "4", "0"]] and len(order) == 5
