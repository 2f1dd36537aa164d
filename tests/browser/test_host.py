"""A party in the browser: presence, the host's controls, play again, watchers, reactions."""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect
from websockets.sync.client import connect

from .conftest import DESKTOP, PHONE, TV, Person, Server, open_room, play_until_over, shot

HIDE = """() => {
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def chip(page: Page, seat: int) -> Locator:
    return page.locator(f"#seats [data-seat='{seat}']")


def ann_hosts_bob(browser: Browser, server: Server) -> tuple[Person, Person, str]:
    """Ann (a laptop) opens a Love Me Not room and sits; Bob (a phone) opens its page."""
    host = Person(browser, DESKTOP, "Ann")
    guest = Person(browser, PHONE, "Bob")
    code = open_room(host, server, "love-me-not")
    host.sit(0)
    guest.page.goto(f"{server.url}/r/{code}")
    return host, guest, code


def test_a_party_with_someone_who_leaves_a_pause_and_reactions(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    host, guest, code = ann_hosts_bob(browser, server)
    # A long name is refused with the limit, never cut: the field keeps what was typed.
    page = guest.page
    long_name = "Bartholomew the Magnificent"
    page.fill("#player-name", long_name)
    expect(page.locator("#name-limit")).to_have_text(
        f"{len(long_name)} characters: a name is at most 24")
    page.click("#sit-1")
    expect(page.locator("#error")).to_have_text(
        f"a name is at most 24 characters (got {len(long_name)})")
    assert page.input_value("#player-name") == long_name
    guest.sit(1)
    # Someone who comes when every seat is taken is told they are watching.
    late = Person(browser, PHONE, "Cy")
    late.page.goto(f"{server.url}/r/{code}")
    expect(late.page.locator("#watching")).to_contain_text("you are watching")
    table = Person(browser, TV, "Table")
    table.page.goto(f"{server.url}/r/{code}?table=1")
    host.page.select_option("#opt-matches", "1")
    host.page.click("#start")
    for p in (host, guest, late, table):
        expect(p.page.locator("#play")).to_be_visible()
    expect(late.page.locator("#banner")).to_contain_text("You are watching")
    # Sound: on by default for a seat and on the TV (which asks for a tap first, as
    # browsers want); the phone chimed its turn.
    expect(page.locator("#alerts")).to_have_attribute("aria-pressed", "true")
    expect(table.page.locator("#alerts")).to_have_attribute("aria-pressed", "true")
    expect(table.page.locator("#tap-for-sound")).to_be_visible()
    page.wait_for_function("() => Number(document.body.dataset.chimes) >= 1")
    # Presence: Bob's phone goes to the background, then Bob closes the page.
    expect(chip(table.page, 1)).to_contain_text("online")
    page.evaluate(HIDE)
    expect(chip(table.page, 1)).to_contain_text("away")
    page.close()
    expect(chip(table.page, 1)).to_contain_text("offline")
    host.move(random.Random(1))
    expect(host.page.locator("#banner")).to_contain_text("Waiting for Bob (offline)")
    expect(table.page.locator("#banner")).to_contain_text("Waiting for Bob (offline)")
    shot(host.page, "host-someone-left", tmp_path)
    # The host lets a bot play for Bob: the game goes on.
    version = host.version()
    host.page.click("#quick-stand-in-1")
    expect(chip(table.page, 1)).to_contain_text("a bot plays for now")
    host.page.wait_for_function("([v]) => Number(document.body.dataset.version) > v",
                                arg=[version])
    # A pause stops everything: no move for Ann until the host resumes.
    host.page.click("#pause")
    for p in (host, table):
        expect(p.page.locator("#banner")).to_contain_text("Paused by the host")
    expect(host.page.locator("#controls")).to_have_attribute("data-kind", "")
    host.page.click("#resume")
    expect(host.page.locator("#controls")).to_have_attribute("data-kind", "choices")
    # Bob comes back on the same phone (the seat's token is kept): a bot still plays for
    # him until he says so, or the host gives him the seat back.
    guest.page = page = guest.context.new_page()
    page.on("pageerror", lambda e: guest.errors.append(str(e)))
    page.on("console", guest.console)
    page.goto(f"{server.url}/r/{code}")
    expect(page.locator("#banner")).to_contain_text("A bot is playing for you")
    expect(page.locator("#back")).to_be_visible()
    shot(page, "phone-stood-in", tmp_path)
    host.page.click("#give-back-1")
    expect(page.locator("#banner")).not_to_contain_text("A bot is playing for you")
    expect(chip(table.page, 1)).not_to_contain_text("a bot plays")
    expect(chip(table.page, 1)).to_contain_text("online")
    # A reaction from the phone floats up on the table, from Bob's seat.
    page.get_by_role("button", name="React 👏").tap()
    expect(table.page.locator("#floats .float-emoji")).to_have_attribute(
        "aria-label", "Bob reacts 👏")
    # Muted, the phone stays quiet when its turn comes again.
    page.click("#alerts")
    expect(page.locator("#alerts")).to_have_attribute("aria-pressed", "false")
    chimes = page.evaluate("Number(document.body.dataset.chimes || 0)")
    # The TV, its sound on, sounds its moments.
    table_chimes = table.page.evaluate("Number(document.body.dataset.chimes || 0)")
    play_until_over([host, guest], random.Random(2))
    assert page.evaluate("Number(document.body.dataset.chimes || 0)") == chimes
    table.page.wait_for_function("([n]) => Number(document.body.dataset.chimes || 0) > n",
                                 arg=[table_chimes])
    for p in (host, guest, late, table):
        assert p.errors == [], (p.name, p.errors)
        p.close()


def test_the_host_ends_a_game_and_the_same_seats_play_again(browser: Browser,
                                                            server: Server) -> None:
    host, guest, _ = ann_hosts_bob(browser, server)
    guest.sit(1)
    host.page.select_option("#opt-matches", "1")
    host.page.click("#start")
    rng = random.Random(3)
    play_until_over([host, guest], rng, pause=lambda _: host.moves + guest.moves >= 2)
    # Ending asks once more, then ends the game for everyone; nobody wins it.
    host.page.click("#end")
    host.page.click("#end-no")
    expect(host.page.locator("#end")).to_be_visible()
    host.page.click("#end")
    host.page.click("#end-yes")
    for p in (host, guest):
        expect(p.page.locator("#result h2")).to_have_text("The host ended this game")
    expect(host.page.locator("#instruction")).to_be_hidden()
    expect(host.page.locator("#controls")).to_have_attribute("data-kind", "")
    expect(guest.page.locator("#again")).to_have_count(0)
    expect(guest.page.locator(".next-game")).to_contain_text("The host can start another game")
    # Play again: the same seats, a new deal.
    host.page.click("#again")
    for p in (host, guest):
        p.page.wait_for_function("() => document.body.dataset.status === 'playing'"
                                 " && document.body.dataset.version === '0'")
    play_until_over([host, guest], rng)
    winner = host.page.locator("#result h2").text_content() or ""
    host.page.click("#again")
    for p in (host, guest):
        p.page.wait_for_function("() => document.body.dataset.status === 'playing'")
    # The tally counts the game that was played out, not the one that was ended.
    wins = [0, 0]
    if winner.startswith("Ann"):
        wins[0] = 1
    elif winner.startswith("Bob"):
        wins[1] = 1
    else:
        wins = [1, 1]  # a shared victory counts for both
    for p in (host, guest):
        for seat in (0, 1):
            expect(chip(p.page, seat).locator(".chip-wins")).to_have_text(f"🏆 {wins[seat]}")
    for p in (host, guest):
        assert p.errors == [], (p.name, p.errors)
        p.close()


def test_a_stacked_deck_is_shown_to_the_guest_who_accepts_before_the_start(
        browser: Browser, server: Server) -> None:
    host, guest, code = ann_hosts_bob(browser, server)
    guest.sit(1)
    # The lobby offers no deck (it is for the command line and the lab): the host's own
    # connection sends one, as a host who wanted to cheat would.
    token = host.page.evaluate("(key) => localStorage.getItem(key)", f"parlour:token:{code}")
    deck = ["5H", "2S", "JD", "3C", "4H", "2H", "3H", "JH", "2D", "3D",
            "4D", "5D", "JC", "2C", "4C", "5C", "JS", "3S", "4S", "5S"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "configure", "options": {"matches": 1, "deck": deck},
                            "id": 1}))
        while (reply := json.loads(ws.recv(timeout=10))).get("id") != 1:
            pass
        assert reply["type"] == "ok", reply
    notice = guest.page.locator("#stacked-notice")
    expect(notice).to_contain_text("The host has stacked the deck")
    expect(host.page.locator("#deck-waiting")).to_have_text("Waiting for Bob to accept it.")
    expect(host.page.locator(".seat").nth(1)).to_contain_text("deck not accepted yet")
    host.page.click("#start")
    expect(host.page.locator("#error")).to_contain_text("Bob must accept it")
    expect(host.page.locator("#lobby")).to_be_visible()
    guest.page.click("#accept-deck")
    expect(guest.page.locator("#deck-waiting")).to_have_text("Everyone has accepted it.")
    host.page.click("#start")
    for p in (host, guest):
        expect(p.page.locator("#play")).to_be_visible()
        assert p.errors == []
        p.close()
