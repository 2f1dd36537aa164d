"""The generic renderer's pieces, run in the real browser on the served modules."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .conftest import Server

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
