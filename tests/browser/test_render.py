"""The generic renderer's pieces, run in the real browser on the served modules."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from parlour.games import game_ids

from .conftest import PHONE, Person, Server, open_room

REVEALS = """async ([before, after]) => {
  const { reveals } = await import('/static/js/render.js');
  return reveals(before, after);
}"""


def reveals(browser: Browser, server: Server, before: Any, after: Any) -> Any:
    page = browser.new_page()
    try:
        page.goto(server.url + "/")
        return page.evaluate(REVEALS, [before, after])
    finally:
        page.close()


def test_a_reveal_is_what_was_hidden_and_now_shows_whatever_its_key(
        browser: Browser, server: Server) -> None:
    # Love Me Not's view after turn 2: the other seat's turn-1 card shows; the new
    # draw, the counts and the new tableau slot are changes but no reveals.
    before = {"turn": 2, "deck_count": 12, "hand": ["5H", "JD"],
              "seats": [{"tableau": [{"card": "2S", "revealed": False}], "pile": ["3C"]},
                        {"tableau": [{"card": None, "revealed": False}], "pile": None}]}
    after = {"turn": 3, "deck_count": 8, "hand": ["4D", "JS"],
             "seats": [{"tableau": [{"card": "2S", "revealed": True},
                                    {"card": "5H", "revealed": False}], "pile": ["3C", "JD"]},
                       {"tableau": [{"card": "4H", "revealed": True},
                                    {"card": None, "revealed": False}], "pile": None}]}
    assert reveals(browser, server, before, after) == [
        {"path": ["seats", 1, "tableau", 0, "card"], "value": "4H"}]
    # No key is special: a face-down card in a hand that turns face up is a reveal too.
    assert reveals(browser, server, {"hand": [None, "5H"]}, {"hand": ["JD", "5H"]}) == [
        {"path": ["hand", 0], "value": "JD"}]


def test_a_registered_renderer_that_fails_to_load_is_an_error_on_the_page_and_console(
        browser: Browser, server: Server) -> None:
    ann = Person(browser, PHONE, "Ann")
    # Love Me Not's renderer is registered; its module breaks (the server answers 500).
    ann.page.route("**/static/js/games/love-me-not.js",
                   lambda route: route.fulfill(status=500, body="broken"))
    open_room(ann, server, "love-me-not")
    ann.sit(0)
    ann.page.click("#bot-1")
    ann.page.click("#start")
    error = ann.page.locator("#renderer-error")
    expect(error).to_contain_text("The screens of this game did not load (love-me-not:")
    # Nothing else is drawn in its place: no generic table, no controls.
    expect(ann.page.locator("#table .generic-view")).to_have_count(0)
    expect(ann.page.locator("#controls button")).to_have_count(0)
    assert any("did not load (love-me-not" in e for e in ann.errors), ann.errors
    ann.close()


def test_a_game_without_a_renderer_of_its_own_is_drawn_by_the_generic_one(
        browser: Browser, server: Server) -> None:
    page = browser.new_page()
    try:
        page.goto(server.url + "/")
        drawn = page.evaluate("""async () => {
          const { RENDERERS, rendererFor } = await import('/static/js/render.js');
          const r = await rendererFor('high-or-low', { high: '6 to 9' });
          const table = r.table({ game: 'high-or-low', seat: 0, colours: ['Teal', null] }, {});
          return { registered: Object.keys(RENDERERS).sort(), label: r.label({ guess: 'high' }),
                   generic: table.classList.contains('generic-view') };
        }""")
    finally:
        page.close()
    # Every game that ships has screens of its own; the sixth game, none.
    assert drawn == {"registered": sorted(game_ids()), "label": "Guess high", "generic": True}


PAINT = """async ([text, names]) => {
  const { paintNames } = await import('/static/js/seats.js');
  return paintNames(text, names).map((part) => typeof part === 'string' ? part
    : {who: part.textContent, seat: part.className});
}"""


def test_names_are_painted_in_running_text_but_not_inside_what_someone_typed(
        browser: Browser, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    # Ann's favourites name her ("Thing Ann 2.0"), and a card may say "Bob": their words.
    text = 'Ann writes “Thing Ann 2.0”; Bob reads "Bob or Ann?" to Annabel'
    assert page.evaluate(PAINT, [text, ["Ann", "Bob", "Annabel"]]) == [
        {"who": "Ann", "seat": "who c0"}, ' writes “Thing Ann 2.0”; ',
        {"who": "Bob", "seat": "who c1"}, ' reads "Bob or Ann?" to ',
        {"who": "Annabel", "seat": "who c2"}]
    page.close()
