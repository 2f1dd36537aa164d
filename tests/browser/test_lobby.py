"""The lobby and the host's screens: bots by level under people's names, the pace, seats
counted from 1, a late joiner given a bot's seat, another game with the same people, and
the host's role handed on."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, expect

from parlour.bots import bot_names
from parlour.games import game_ids, get_game

from .conftest import DESKTOP, PHONE, Person, Server, open_room, play_until_over

# "random" is also a word players read ("drawn at random"); the others are engines alone.
ENGINES = sorted({name for gid in game_ids() for name in bot_names(get_game(gid))} - {"random"})
ENGINE_WORD = re.compile(r"\b(" + "|".join(ENGINES) + r")\b")


def test_bots_by_level_the_pace_and_seats_counted_from_one(browser: Browser,
                                                           server: Server) -> None:
    ann = Person(browser, DESKTOP, "Ann")
    page = ann.page
    page.goto(server.url + "/")
    expect(page.locator("#new-game option[value='love-me-not']")).to_have_text(
        "Love Me Not (2 players)")
    code = open_room(ann, server, "my-favourite-things")
    ann.sit(0)
    # Levels, not engines: the lobby offers Easy and Medium for this game's bots.
    expect(page.locator("#bot-kind-1 option")).to_have_text(["Easy", "Medium"])
    page.select_option("#bot-kind-1", "easy")
    page.click("#bot-1")
    expect(page.locator(".seat-name").nth(1)).to_have_text(re.compile(r"^\w+ · bot, easy$"))
    page.click("#bot-2")
    expect(page.locator(".seat-name").nth(2)).to_have_text(re.compile(r"^\w+ · bot, medium$"))
    # The first player is a seat, counted from 1 as the seats are.
    expect(page.locator("#opt-first_player option").first).to_have_text("Seat 1 (Ann)")
    page.select_option("#opt-first_player", "1")
    page.select_option("#pace", "relaxed")
    page.click("#save-settings")
    bob = Person(browser, PHONE, "Bob")
    bob.page.goto(f"{server.url}/r/{code}")
    expect(bob.page.locator("#lobby")).to_contain_text("First player seat 2")
    expect(bob.page.locator("#lobby")).to_contain_text("Pace: relaxed.")
    for person in (ann, bob):
        shown = person.page.locator("body").inner_text()
        assert not ENGINE_WORD.search(shown), ENGINE_WORD.search(shown)
        assert "JSON" not in shown and "docs/" not in shown
    # A card set file is offered in players' words, with the page that explains it.
    page.select_option("#game-select", "my-story")
    expect(page.locator("label[for='opt-cards']")).to_have_text(
        "Your own cards (a card set file)")
    expect(page.locator("#opt-cards-how")).to_have_attribute(
        "href", "/games/my-story#your-own-cards")
    assert "JSON" not in page.locator("#lobby").inner_text()
    for person in (ann, bob):
        assert person.errors == [], (person.name, person.errors)
        person.close()


def test_a_late_joiner_takes_a_bot_s_seat_and_the_same_people_play_another_game(
        browser: Browser, server: Server) -> None:
    ann = Person(browser, DESKTOP, "Ann")
    code = open_room(ann, server, "love-me-not")
    ann.sit(0)
    ann.page.click("#bot-1")
    ann.page.select_option("#opt-matches", "1")
    ann.page.click("#start")
    # Dee comes while the game runs: she watches, and asks to play once it is over.
    dee = Person(browser, PHONE, "Dee")
    dee.page.goto(f"{server.url}/r/{code}")
    expect(dee.page.locator("#banner")).to_contain_text("You are watching")
    play_until_over([ann], random.Random(4))
    dee.page.fill("#ask-name", "Dee")
    dee.page.click("#ask-send")
    expect(dee.page.locator("#asked")).to_be_visible()
    requests = ann.page.locator("#requests")
    expect(requests).to_contain_text("Dee")
    expect(ann.page.locator("#request-seat-1 option")).to_have_text(
        [re.compile(r"^Seat 2: \w+ · bot, medium$")])
    ann.page.click("#give-seat-1")
    expect(ann.page.locator("#requests")).to_have_count(0)
    # Another game with the same people: back to the lobby, Dee in the bot's seat.
    ann.page.click("#another")
    for person in (ann, dee):
        expect(person.page.locator("#lobby")).to_be_visible()
    expect(dee.page.locator(".seat.you .seat-name")).to_have_text("Dee")
    # Ann hands the host's controls to Dee: they move to Dee's phone.
    ann.page.click("#make-host-1")
    expect(dee.page.locator("#game-select")).to_be_visible()
    expect(ann.page.locator("#game-select")).to_have_count(0)
    dee.page.select_option("#game-select", "whats-it-to-ya")
    expect(ann.page.locator("#lobby h2")).to_have_text("What's It to Ya?")
    expect(ann.page.locator(".seat-name").nth(1)).to_have_text("Dee")
    for person in (ann, dee):
        assert person.errors == [], (person.name, person.errors)
        person.close()
