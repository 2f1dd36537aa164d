"""Playing together in a real browser against the real server."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from parlour.engine import Record, replay
from parlour.games import game_ids, get_game

from .conftest import DESKTOP, PHONE, TV, Person, Server, open_room, play_until_over, shot

XSS = "<img src=x onerror=alert(1)>"

NOTICE_COVERS = """() => {
  const notice = document.getElementById('notice').getBoundingClientRect();
  return [...document.querySelectorAll('button, input, select, textarea, a')]
    .filter((el) => !el.closest('#notice') && el.getClientRects().length)
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.left < notice.right && notice.left < box.right
        && box.top < notice.bottom && notice.top < box.bottom;
    }).map((el) => el.outerHTML.slice(0, 80));
}"""
UNNAMED = """() => [...document.querySelectorAll('button, input, select, textarea')]
  .filter((el) => el.offsetParent !== null)
  .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim()
    || (el.id && document.querySelector(`label[for="${el.id}"]`))))
  .map((el) => el.outerHTML.slice(0, 80))"""
SHOT_AFTER = {"love-me-not": 4, "my-favourite-things": 9, "whats-it-to-ya": 3,
              "take-your-pick": 3, "my-story": 12}


def set_up_game(browser: Browser, server: Server, game_id: str,
                options: dict[str, str] | None = None) -> tuple[Person, Person, str]:
    """The host (desktop) opens a room and sits; a guest joins on a phone by typing the code."""
    host = Person(browser, DESKTOP, "Ann")
    guest = Person(browser, PHONE, "Bob")
    code = open_room(host, server, game_id)
    host.sit(0)
    guest.page.goto(server.url + "/")
    guest.page.fill("#join-code", code.lower())
    guest.page.get_by_role("button", name="Join").click()
    guest.page.wait_for_selector("#sit-1")
    guest.sit(1)
    for seat in range(2, get_game(game_id).min_players):
        host.page.click(f"#bot-{seat}")
        expect(host.page.locator(".seat-name").nth(seat)).to_contain_text("· bot, medium")
    for name, value in (options or {}).items():
        host.page.select_option(f"#opt-{name}", value)
    host.page.click("#start")
    for p in (host, guest):
        expect(p.page.locator("#play")).to_be_visible()
    return host, guest, code


def check_result(people: list[Person], server: Server, code: str) -> None:
    """The final screen shows the engine's result for the stored record."""
    token = people[0].page.evaluate("(key) => localStorage.getItem(key)", f"parlour:token:{code}")
    record = Record.from_json(server.record(code, token))
    result = replay(record, get_game).result()
    assert result is not None
    for p in people:
        cells = p.page.locator("#final-scores td")
        shown = [float(cells.nth(i).text_content() or "nan") for i in range(cells.count())]
        assert shown == result.scores
        expect(p.page.locator("#result h2")).to_be_visible()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_complete_game_through_the_ui(browser: Browser, server: Server, game_id: str,
                                        tmp_path: Path) -> None:
    options = {"matches": "1"} if game_id == "love-me-not" else {}
    host, guest, code = set_up_game(browser, server, game_id, options)
    table = Person(browser, TV, "Table")
    table.page.goto(f"{server.url}/r/{code}?table=1")
    expect(table.page.locator("#play")).to_be_visible()
    people = [host, guest]
    texts = {"texts0": XSS, "text": XSS[:60]}
    slug = game_id
    taken: dict[str, bool] = {}

    def screenshots(_: Person) -> bool:
        # The phone at a decision of its own (its screenshots: test_phone.py).
        if not taken and sum(p.moves for p in people) >= SHOT_AFTER.get(game_id, 3) \
                and guest.my_turn():
            taken["yes"] = True
            # The table across the room: full width, and no text smaller than 28 px.
            assert table.small_text() == []
            assert table.page.evaluate("document.querySelector('main').offsetWidth") >= 1800
            # (The TV's own screenshots: tests/browser/test_tv.py.)
            # One notice at a time, in its own place: it covers no control.
            assert guest.page.evaluate(NOTICE_COVERS) == []
            assert guest.page.locator("#notice .notice-text").count() <= 1
            assert guest.page.evaluate(UNNAMED) == [] and table.page.evaluate(UNNAMED) == []
        return False

    play_until_over(people, random.Random(11), texts=texts, pause=screenshots)
    assert taken, "the phone had no decision to show after the first moves"
    # The TV's finale comes once its last moments have had their time on the screen.
    expect(table.page.locator("#result")).to_be_visible(timeout=60_000)
    check_result([host, guest, table], server, code)
    # The phone never had anything wider than its screen, after any move or at the end.
    assert guest.too_wide() == []
    assert table.small_text() == []
    # The shared screen tells what the moves made public (the last lines, newest last).
    ticker = table.page.locator("#ticker li").all_text_contents()
    assert ticker and ticker[-1].startswith("Game over. Winner: "), ticker
    # Every move line tells something or says the choice was secret: never a bare name.
    lines = host.page.locator("#log-list li").all_text_contents()
    assert host.page.locator("#log-list li.kind-move").count() > 0, lines
    bare = re.compile(r"Moves? [\d–]+: (a bot for )?(Ann|Bob|Bot \d+ \(\w+\))$")
    assert not [line for line in lines if bare.match(line)], lines
    shot(guest.page, f"{slug}-result", tmp_path)
    if game_id == "my-favourite-things":
        # A favourite typed as markup shows as text and runs nothing.
        assert any(XSS in (p.page.locator("main").text_content() or "") for p in people)
    for p in (host, guest, table):
        assert p.page.locator("img[src='x']").count() == 0
        assert p.dialogs == [] and p.errors == []
        p.close()


def test_reload_and_server_restart_lose_nothing(browser: Browser, server: Server) -> None:
    host, guest, code = set_up_game(browser, server, "love-me-not", {"matches": "1"})
    rng = random.Random(5)

    def after(moves: int) -> Any:
        return lambda _: host.moves + guest.moves >= moves

    play_until_over([host, guest], rng, pause=after(3))
    # Reloading the page brings the player back to the same seat with the same view.
    guest.page.wait_for_timeout(200)
    before = guest.page.locator("#table").text_content()
    version = guest.version()
    guest.page.reload()
    expect(guest.page.locator("#banner")).to_contain_text("You are Bob")
    guest.page.wait_for_function("([v]) => Number(document.body.dataset.version) === v",
                                 arg=[version])
    assert guest.page.locator("#table").text_content() == before
    # By keyboard alone: the first control has the focus, Enter keeps that card.
    if host.my_turn():
        v = host.version()
        host.page.keyboard.press("Enter")
        host.page.wait_for_function("([v]) => document.body.dataset.pending === '0'"
                                    " && Number(document.body.dataset.version) > v", arg=[v])
        host.moves += 1
    play_until_over([host, guest], rng, pause=after(6))
    # The server restarts: both pages reconnect by themselves and play goes on.
    version = max(host.version(), guest.version())
    server.stop()
    for p in (host, guest):
        expect(p.page.locator("#conn")).to_have_text("Connection lost: reconnecting…")
    server.start()
    for p in (host, guest):
        expect(p.page.locator("#conn")).to_have_text("Connected", timeout=20_000)
        assert p.version() == version
    play_until_over([host, guest], rng)
    check_result([host, guest], server, code)
    replay_page = host.page
    replay_page.click("text=Step through the replay")
    expect(replay_page.locator("#where")).to_contain_text("Move 0 of 10")
    replay_page.click("#last")
    expect(replay_page.locator("#where")).to_contain_text("Move 10 of 10")
    for p in (host, guest):
        assert p.errors == []
        p.close()


def test_refusals_are_shown_inline_with_the_engines_reason(browser: Browser, server: Server,
                                                          tmp_path: Path) -> None:
    host = Person(browser, PHONE, "Ann")
    code = open_room(host, server, "my-favourite-things")
    page = host.page
    # The room's own refusal: a seat needs a name.
    page.fill("#player-name", "   ")
    page.click("#sit-0")
    expect(page.locator("#error")).to_have_text("please type a name")
    host.sit(0)
    guest = Person(browser, DESKTOP, "Bob")
    guest.page.goto(f"{server.url}/r/{code}")
    guest.sit(1)
    host.page.click("#bot-2")
    expect(page.locator(".seat-name").nth(2)).to_contain_text("· bot, medium")
    assert page.evaluate(UNNAMED) == []
    shot(page, "lobby", tmp_path)
    page.click("#start")
    rng = random.Random(1)
    for p in (host, guest):
        expect(p.page.locator("#controls")).to_have_attribute("data-kind", "text")
        p.move(rng)
    expect(page.locator("#controls")).to_have_attribute("data-kind", "texts")
    assert page.evaluate(UNNAMED) == []
    # The engine's refusal: six entries that are not all different.
    fields = page.locator("#controls input[type=text]")
    for i in range(fields.count()):
        fields.nth(i).fill("Same thing")
    page.locator("#controls button[type=submit]").click()
    expect(page.locator("#error")).to_contain_text("each of the six entries must be different")
    # Refused, nothing was taken: still Ann's turn, her six entries kept to mend. (The
    # game's version is no witness: Bob and the bot write theirs meanwhile.)
    expect(page.locator("body")).to_have_attribute("data-turn", "yes")
    assert [fields.nth(i).input_value() for i in range(fields.count())] == ["Same thing"] * 6
    host.move(rng)  # and a good answer is taken
    expect(page.locator("#error")).to_be_hidden()
    for p in (host, guest):
        assert p.errors == []
        p.close()


def test_others_moving_do_not_wipe_a_half_made_ranking(browser: Browser, server: Server) -> None:
    host, guest, _ = set_up_game(browser, server, "whats-it-to-ya")
    for p in (host, guest):
        expect(p.page.locator("#controls")).to_have_attribute("data-kind", "ranking")
    pool = guest.page.locator("#controls .ranking .choices button")
    first, second = pool.nth(0).text_content(), pool.nth(1).text_content()
    pool.nth(0).click()
    pool.nth(0).click()
    before = guest.version()
    host.move(random.Random(2))  # meanwhile Ann ranks: Bob's page gets a newer snapshot
    guest.page.wait_for_function("([v]) => Number(document.body.dataset.version) > v",
                                 arg=[before])
    ranked = guest.page.locator("#controls .ranked li")
    assert [ranked.nth(i).text_content() for i in range(ranked.count())] == [first, second]
    # Tapping a placed item takes it back; the keyboard works as well as touch.
    guest.page.get_by_role("button", name=f"2: {second} (tap to take back)").click()
    assert ranked.count() == 1
    guest.page.keyboard.press("Enter")  # the focus moved to the next item to place
    assert ranked.count() == 2
    for p in (host, guest):
        assert p.errors == []
        p.close()


def test_my_story_tracks_show_what_each_card_costs_and_gives(browser: Browser,
                                                             server: Server) -> None:
    host, guest, _ = set_up_game(browser, server, "my-story")
    cards = json.loads((Path(__file__).resolve().parents[2] / "parlour" / "games" / "my_story"
                        / "cards.json").read_text())
    by_name: dict[str, list[dict[str, Any]]] = {}
    for c in cards["cards"]:
        by_name.setdefault(c["name"], []).append(c)
    track = ".ms-track:has(> summary:has-text('Life Story track'))"
    items = host.page.locator(f"{track} .ms-track-card")
    expect(items).to_have_count(len(cards["life_story_slots"]))
    checked = 0
    for slot in range(items.count()):
        name = items.nth(slot).locator(".card-title .choice-text").text_content() or ""
        take = items.nth(slot).locator(".take .icons").get_attribute("aria-label") or ""
        if len(by_name.get(name, [])) != 1:
            continue  # a card printed twice (Daydreaming): no single card to check against
        card = by_name[name][0]
        cost = dict(cards["life_story_slots"][slot])
        for resource, n in card.get("requirement", {}).items():
            cost[resource] = cost.get(resource, 0) + n
        years = cost.pop("years", 0)
        expected = [f"{n} {LABELS[r] if n == 1 else PLURALS[r]}" for r, n in sorted(
            cost.items(), key=lambda item: list(LABELS).index(item[0])) if n]
        time = [f"{years} year{'' if years == 1 else 's'}"] if years else []
        said = " + ".join(filter(None, [", ".join(expected), *time])) or "free"
        assert take == said, (name, slot, take)
        vp = items.nth(slot).locator(".vp")
        if card.get("vp"):
            expect(vp).to_have_attribute("aria-label", f"{card['vp']} VP")
        else:
            expect(vp).to_have_count(0)
        checked += 1
    assert checked >= 3
    for p in (host, guest):
        assert p.errors == []
        p.close()


LABELS = {"money": "Money", "book": "Book", "heart": "Heart & Cross", "house": "House",
          "smile": "Smile", "star": "Star"}
PLURALS = {"money": "Money", "book": "Books", "heart": "Hearts & Crosses", "house": "Houses",
           "smile": "Smiles", "star": "Stars"}


def test_a_ranking_can_be_reordered_by_dragging_and_by_keyboard(browser: Browser,
                                                                server: Server) -> None:
    host, guest, _ = set_up_game(browser, server, "whats-it-to-ya")
    page = guest.page
    expect(page.locator("#controls")).to_have_attribute("data-kind", "ranking")
    pool = page.locator("#controls .ranking .choices button")
    words = [pool.nth(i).text_content() for i in range(pool.count())]
    while pool.count():
        pool.first.click()
    ranked = page.locator("#controls .ranked li")

    def shown() -> list[str | None]:
        return [ranked.nth(i).text_content() for i in range(ranked.count())]

    assert shown() == words
    # The bot ranks first: its "ranked" note on the seats would move the list under the drag.
    expect(page.locator('.seat-chip[data-seat="2"]')).to_contain_text("ranked")
    # Drag the fourth word above the first, as a finger or mouse would.
    start, target = ranked.nth(3).bounding_box(), ranked.nth(0).bounding_box()
    assert start is not None and target is not None
    page.mouse.move(start["x"] + 20, start["y"] + start["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):
        y = start["y"] + (target["y"] + 2 - start["y"]) * step / 10
        page.mouse.move(start["x"] + 20, y)
    page.mouse.up()
    assert shown() == [words[3], words[0], words[1], words[2], words[4]]
    # A plain tap still takes an item back; Alt+Down moves the focused item down.
    page.locator("#controls .ranked button").nth(1).focus()
    page.keyboard.press("Alt+ArrowDown")
    assert shown() == [words[3], words[1], words[0], words[2], words[4]]
    ranked.nth(4).locator("button").click()
    assert shown() == [words[3], words[1], words[0], words[2]]
    for p in (host, guest):
        assert p.errors == []
        p.close()


def test_my_story_folds_a_person_opened_stay_open_while_the_game_goes_on(
        browser: Browser, server: Server) -> None:
    host, guest, _ = set_up_game(browser, server, "my-story")
    board = guest.page.locator("details.ms-board")
    track = guest.page.locator("details.ms-track[data-fold='Life Story track']")
    guest.press(board.locator("> summary"))
    guest.press(track.locator("> summary"))
    expect(track).to_have_attribute("open", "")
    # Two moves later (the Life Story track's count may have changed), both still open:
    # before, every new snapshot closed them under the reader's finger.
    rng = random.Random(3)
    for _ in range(2):
        deadline = time.monotonic() + 30
        while not (host.my_turn() or guest.my_turn()) and time.monotonic() < deadline:
            host.page.wait_for_timeout(50)
        (host if host.my_turn() else guest).move(rng)
    for fold in (board, track):
        expect(fold).to_have_attribute("open", "")
    for p in (host, guest):
        assert p.errors == []
        p.close()
