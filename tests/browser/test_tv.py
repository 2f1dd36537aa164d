"""The TV (tv.html): the stage for a screen across the room, in a real browser against the
real server: it never scrolls, whatever the game and however many play; each moment holds
the screen at least 3 s, however fast people move; it speaks in players' words."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from parlour.engine import Match, Record, replay
from parlour.games import game_ids, get_game
from parlour.server.config import Settings
from tests.games.love_me_not.test_rules import KEEPS as KEEPS_PLAYED
from tests.games.love_me_not.test_rules import STACKED

from .conftest import DESKTOP, TV, Person, Server, open_room, shot

OUTSIDE = """() => {
  // What sticks out of the screen: any element past an edge, unless it is the end of a line
  // cut short on purpose ("…") or a decoration that floats over everything.
  const shortened = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      if (clips) return style.textOverflow === 'ellipsis';
    }
    return false;
  };
  return [...document.querySelectorAll('body *')]
    .filter((el) => !el.closest('#floats, .confetti') && el.getClientRects().length)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5
        || r.left < -0.5 || r.top < -0.5;
    })
    .filter((el) => !shortened(el));
}"""
WATCH = """addEventListener("DOMContentLoaded", () => {
  // Each drawing (body[data-version], body[data-stage]) is looked at: what sticks out of
  // the screen, whether it scrolls, developer words. Each moment shown is noted with its time.
  window.tvFaults = [];
  window.tvMoments = [];
  const outside = (""" + OUTSIDE + """);
  const look = () => {
    const out = outside();
    const page = document.scrollingElement;
    if (out.length || page.scrollHeight > innerHeight || page.scrollWidth > innerWidth) {
      tvFaults.push({stage: document.body.dataset.stage, version: document.body.dataset.version,
                     height: page.scrollHeight,
                     what: out.slice(-3).map((el) => el.outerHTML.slice(0, 120))});
    }
    // A track card's lines (its cost, what it plays for, its CV Bonus) are shown whole.
    const lines = '.ms-card > .ms-cost, .ms-card > .ms-play, .ms-card > .ms-bonus';
    const cut = [...document.querySelectorAll(lines)]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent);
    if (cut.length) tvFaults.push({stage: document.body.dataset.stage, cut});
    const words = document.body.innerText.match(new RegExp(window.DEV_WORDS, 'gi'));
    if (words) tvFaults.push({stage: document.body.dataset.stage, words});
  };
  new MutationObserver(look).observe(document.body,
    {attributes: true, attributeFilter: ['data-version', 'data-stage']});
  const moment = document.getElementById('moment');
  new MutationObserver(() => {
    if (moment.hidden) return;
    tvMoments.push({n: Number(moment.dataset.n), t: performance.now(), kind: moment.dataset.kind});
  }).observe(moment, {attributes: true, attributeFilter: ['data-n']});
});"""
DEV_WORDS = (r"\((random|greedy|mcts|cfr|persona|fan|heuristic)\)|\bJSON\b|\bnull\b|\bundefined\b"
             r"|\bNaN\b|\[object|docs/|/api/|Bearer")
"""Words no player should read on the TV: engines' names, data, addresses of the API."""
LEAST_MS = 3000
MAIN_PX = 40
"""The big line and a moment's title are at least this large at 1920×1080."""
LARGEST = [("love-me-not", 2), ("my-favourite-things", 6), ("whats-it-to-ya", 6),
           ("take-your-pick", 10), ("my-story", 4)]
SMALLEST = [("love-me-not", 2), ("my-favourite-things", 3), ("whats-it-to-ya", 3),
            ("take-your-pick", 3), ("my-story", 2)]
REVEAL = {"love-me-not": ".lmn-end", "my-favourite-things": ".mft-trick",
          "whats-it-to-ya": ".wity-reveal", "take-your-pick": ".typ-half.picked",
          "my-story": ".ms-deed"}
"""Each game's key reveal on the TV (its picture in the moment), shown in the docs."""


def tv_at(browser: Browser, url: str, size: dict[str, int] = TV) -> Person:
    """The TV: a page of its own at `size`, watched from its first drawing."""
    tv = Person(browser, size, "TV")
    tv.context.add_init_script(f"window.DEV_WORDS = {DEV_WORDS!r};")
    tv.context.add_init_script(WATCH)
    tv.page.goto(url)
    return tv


def faults(tv: Person) -> list[Any]:
    """What went wrong on the TV: at any drawing so far, and now."""
    found: list[Any] = tv.page.evaluate("window.tvFaults")
    now: list[Any] = tv.page.evaluate(
        f"() => ({OUTSIDE})().map((el) => el.outerHTML.slice(0, 120))")
    if tv.page.evaluate("document.scrollingElement.scrollHeight > innerHeight"):
        now.append("the page scrolls")
    return found + now


def sizes(tv: Person) -> dict[str, float]:
    """The font sizes of the big line, and of a moment's title when one is up."""
    return dict(tv.page.evaluate("""() => Object.fromEntries(
      ['#instruction .say-main', '#moment .moment-title', '.finale-cheer h2']
      .map((s) => [s, document.querySelector(s)])
      .filter(([, el]) => el && el.getClientRects().length)
      .map(([s, el]) => [s, parseFloat(getComputedStyle(el).fontSize)]))"""))


def seat_bots(host: Person, tv: Person, players: int, first: int = 0) -> None:
    """The host fills seats `first`.. with bots (adding seats up to `players`)."""
    page = host.page
    for seat in range(first, players):
        if page.locator(f"#bot-{seat}").count() == 0:
            page.click("#add-seat")
        page.click(f"#bot-{seat}")
        expect(tv.page.locator(".welcome-seat.bot")).to_have_count(seat + 1 - first)


def final_scores(tv: Person, server: Server, code: str, host: Person) -> None:
    """The finale's scores are the engine's for the stored record, seat by seat."""
    token = host.page.evaluate("(key) => localStorage.getItem(key)", f"parlour:token:{code}")
    result = replay(Record.from_json(server.record(code, token)), get_game).result()
    assert result is not None
    cells = tv.page.locator("#final-scores td")
    assert [float(c) for c in cells.all_text_contents()] == result.scores


@pytest.fixture
def paced_server(tmp_path: Path) -> Iterator[Server]:
    """The server with the bots' default pace (not the tests' quick one)."""
    srv = Server(tmp_path / "paced.sqlite3", tmp_path / "paced.log", bot_delay=Settings().bot_delay)
    srv.start()
    yield srv
    srv.stop()


def test_the_tv_is_served_at_its_own_address_and_at_the_older_one(server: Server) -> None:
    code = httpx.post(f"{server.url}/api/rooms", json={"game": "love-me-not"}).json()["code"]
    for path in (f"/r/{code}/tv", f"/r/{code}?table=1"):
        page = httpx.get(server.url + path)
        assert page.status_code == 200 and "/static/js/tv.js" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "/static/js/room.js" in httpx.get(f"{server.url}/r/{code}").text


@pytest.mark.parametrize(("game_id", "players"), LARGEST)
def test_the_tv_never_scrolls_with_the_most_players(
        browser: Browser, server: Server, game_id: str, players: int, tmp_path: Path) -> None:
    host = Person(browser, DESKTOP, "Host")
    code = open_room(host, server, game_id)
    tv = tv_at(browser, f"{server.url}/r/{code}/tv")
    seat_bots(host, tv, players)
    # The lobby: how to join, large, and every seat.
    expect(tv.page.locator(".join-code")).to_have_text(code)
    assert faults(tv) == [] and tv.small_text() == []
    if game_id == "take-your-pick":  # the fullest lobby
        shot(tv.page, "tv-lobby", tmp_path, full_page=False)
    host.page.click("#start")
    expect(tv.page.locator("body")).to_have_attribute("data-stage", "play")
    tv.page.wait_for_function("() => window.tvMoments.length >= 1", timeout=60_000)
    assert tv.small_text() == [] and sizes(tv)["#instruction .say-main"] >= MAIN_PX
    expect(tv.page.locator("body")).to_have_attribute("data-stage", "finale", timeout=240_000)
    final_scores(tv, server, code, host)
    assert faults(tv) == [] and tv.small_text() == []
    assert sizes(tv)[".finale-cheer h2"] >= MAIN_PX
    tv.page.wait_for_timeout(1500)  # the confetti has fallen
    shot(tv.page, f"{game_id}-tv-finale", tmp_path, full_page=False)
    for p in (host, tv):
        assert p.errors == [], (p.name, p.errors)
        p.close()


def shown_gaps(tv: Person) -> list[float]:
    moments = tv.page.evaluate("window.tvMoments")
    return [b["t"] - a["t"] for a, b in pairwise(moments)]


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_each_moment_holds_the_screen_while_a_person_moves_at_once(
        browser: Browser, paced_server: Server, game_id: str, players: int, tmp_path: Path) -> None:
    server = paced_server
    host = Person(browser, DESKTOP, "Ann")
    code = open_room(host, server, game_id)
    host.sit(0)
    tv = tv_at(browser, f"{server.url}/r/{code}/tv")
    seat_bots(host, tv, players, first=1)
    host.page.click("#start")
    expect(tv.page.locator("body")).to_have_attribute("data-stage", "play")
    tv.page.click("#table")  # someone taps the TV: its sound may start
    expect(tv.page.locator("#tap-for-sound")).to_be_hidden()
    rng = random.Random(7)
    # Ann moves the instant she may, bots at their own pace; My Story's game is long, so
    # it is watched for its first turns (its whole game is the test above).
    deadline = time.monotonic() + (60 if game_id == "my-story" else 240)
    shots: set[str] = set()
    while not host.over() and time.monotonic() < deadline:
        if host.my_turn():
            host.move(rng, {"text": "Breakfast cereals"})
        else:
            host.page.wait_for_timeout(20)
        if "play" not in shots and tv.page.evaluate("window.tvMoments.length") >= 2:
            # The table under the moments (which follow one another while Ann moves at once).
            shots.add("play")
            up = tv.page.evaluate("() => { const m = document.getElementById('moment');"
                                  " const up = !m.hidden; m.hidden = true; return up; }")
            shot(tv.page, f"{game_id}-tv", tmp_path, full_page=False)
            tv.page.evaluate("(up) => { document.getElementById('moment').hidden = !up; }", up)
        if "moment" not in shots and tv.page.locator(f"#moment {REVEAL[game_id]}").count():
            shots.add("moment")
            assert tv.small_text() == [] and sizes(tv)["#moment .moment-title"] >= MAIN_PX
            # (Its cards shown turned over: a screenshot finishes the animations.)
            shot(tv.page, f"{game_id}-tv-moment", tmp_path, full_page=False)
    if game_id != "my-story":
        expect(tv.page.locator("body")).to_have_attribute("data-stage", "finale", timeout=60_000)
        final_scores(tv, server, code, host)
    assert "moment" in shots
    gaps = shown_gaps(tv)
    assert len(gaps) >= 3, tv.page.evaluate("window.tvMoments")
    assert min(gaps) >= LEAST_MS, gaps
    assert int(tv.page.evaluate("document.body.dataset.chimes || 0")) >= len(gaps)
    assert faults(tv) == [] and tv.small_text() == []
    for p in (host, tv):
        assert p.errors == [], (p.name, p.errors)
        p.close()


def test_sound_waits_for_a_tap_and_the_mute_is_remembered(browser: Browser, server: Server) -> None:
    code = httpx.post(f"{server.url}/api/rooms", json={"game": "whats-it-to-ya"}).json()["code"]
    tv = tv_at(browser, f"{server.url}/r/{code}/tv")
    prompt = tv.page.locator("#tap-for-sound")
    expect(prompt).to_have_text("Tap or click anywhere for sound")
    expect(tv.page.locator("#alerts")).to_have_attribute("aria-pressed", "true")
    tv.page.mouse.click(400, 400)
    expect(prompt).to_be_hidden()
    tv.page.click("#alerts")
    expect(tv.page.locator("#alerts")).to_have_text("Muted")
    tv.page.reload()
    expect(tv.page.locator("#alerts")).to_have_attribute("aria-pressed", "false")
    expect(prompt).to_be_hidden()  # muted: nothing to tap for
    assert tv.errors == [] and re.search(DEV_WORDS, tv.page.inner_text("body")) is None
    tv.close()


FAKE_SOCKET = """(() => {
  // The server's side of the socket, played by the test: it delivers the frames it chose.
  class FakeSocket {
    constructor(url) {
      this.readyState = 0;
      this.handlers = {};
      window.tvSocket = this;
      setTimeout(() => { this.readyState = 1; this.emit('open', {}); }, 0);
    }
    addEventListener(type, fn) { (this.handlers[type] = this.handlers[type] || []).push(fn); }
    send() {}
    close() {}
    emit(type, event) { (this.handlers[type] || []).forEach((fn) => fn(event)); }
  }
  FakeSocket.OPEN = 1;
  window.WebSocket = FakeSocket;
  window.deliver = (frame) => window.tvSocket.emit('message', { data: JSON.stringify(frame) });
})();"""
SEATS = [{"name": "Ann", "bot": None, "level": None, "human": True, "presence": "online",
          "stand_in": False, "wins": 0, "you": False, "to_accept": False},
         {"name": "Robin", "bot": "greedy", "level": "hard", "human": False,
          "presence": "bot", "stand_in": False, "wins": 0, "you": False, "to_accept": False}]


def love_me_not_frames() -> tuple[list[dict[str, Any]], Any]:
    """A single match of the rulebook tests' stacked deck, as the server would send it to a
    TV: one snapshot per move, each with the moment up (a turn's kept cards turning up:
    short; the end: the finale), as the protocol's `room.moment` says."""
    match = Match.new(get_game("love-me-not"), 2, {"matches": 1, "deck": STACKED}, seed=1)
    views = [match.view(None)]
    for keeps in KEEPS_PLAYED:
        for seat, card in enumerate(keeps):
            match.act(seat, {"keep": card})
            views.append(match.view(None))
    result = match.result()
    frames, moment = [], None
    for version, view in enumerate(views):
        shown = [sum(bool(t["revealed"]) for t in s["tableau"]) for s in view["seats"]]
        before = [sum(bool(t["revealed"]) for t in s["tableau"])
                  for s in views[version - 1]["seats"]]
        over = version == len(views) - 1
        if over or (version and shown > before):
            n = moment["n"] + 1 if moment else 1
            moment = {"n": n, "kind": "finale" if over else "short", "seat": None, "move": version,
                      "text": "", "beat": None if over else 4.0, "left": None if over else 4.0}
        you = {"seat": None, "host": False, "table_only": True}
        frames.append({"type": "room", "n": version + 1, "you": you,
                       "room": {"code": "KXMP", "game": "love-me-not", "title": "Love Me Not",
                                "status": "over" if over else "playing", "paused": False,
                                "problem": None, "options": {"matches": 1, "deck": "stacked"},
                                "stacked": None, "timer": 0, "pace": "normal", "seats": SEATS,
                                "min_players": 2, "max_players": 2,
                                "game_number": 1, "log": [], "reactions": [], "moment": moment,
                                "moments_waiting": 0},
                       "play": {"version": version, "seat": None, "view": view,
                                "to_act": [] if over else [0, 1], "legal": None, "over": over,
                                "result": result.to_json() if over and result else None,
                                "deadline": None, "clocks": [None, None]}})
    return frames, result


def fake_tv(browser: Browser, server: Server, motion: str = "no-preference") -> Any:
    """A TV page whose socket the test plays; the game's words come from the engine."""
    context = browser.new_context(viewport=TV, reduced_motion=motion)  # type: ignore[arg-type]
    context.add_init_script(FAKE_SOCKET)
    context.add_init_script(f"window.DEV_WORDS = {DEV_WORDS!r};")
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    words = dict(get_game("love-me-not").words({"matches": 1}))
    page.route("**/api/rooms/KXMP/words", lambda route: route.fulfill(json=words))
    page.goto(f"{server.url}/r/KXMP/tv")
    return context, page, errors


def kept(page: Any) -> list[str]:
    return [str(label) for label in page.locator("#moment .pcard").evaluate_all(
        "(cards) => cards.map((c) => c.getAttribute('aria-label'))")]


def test_a_queued_moment_shows_its_own_move_then_the_finale(browser: Browser,
                                                             server: Server) -> None:
    frames, result = love_me_not_frames()
    # Ann: ♥ 1×1, ♠ 1×1, ♦ 2×1, ♣ 1×2 and J♠ on Robin's two spades: 8. Robin: ♠ 1×2,
    # ♥ 2×1, ♦ 1×1, ♣ 1×1 and J♥ 1, J♦ 1, J♣ 2 on Ann's pile: 10.
    assert result is not None and result.scores == [8.0, 10.0]
    context, page, errors = fake_tv(browser, server)
    page.evaluate("(f) => window.deliver(f)", frames[0])
    expect(page.locator("body")).to_have_attribute("data-version", "0")
    # Every move arrives at once (a person and a bot at top speed): the TV holds each
    # moment 3 s, each drawn from its own move's views, not from the newest.
    for frame in frames[1:]:
        page.evaluate("(f) => window.deliver(f)", frame)
    expect(page.locator("body")).to_have_attribute("data-version", "10")
    turns = [["2 of hearts", "3 of spades"], ["jack of spades", "5 of hearts"],
             ["2 of diamonds", "jack of hearts"]]
    for n, cards in enumerate(turns, start=1):
        page.wait_for_function(f"() => window.tvMoments.length >= {n}")
        assert kept(page) == cards
        expect(page.locator("#moment .moment-title")).to_have_text(f"The cards kept in turn {n}")
    # The last move: the match's end with both piles and the sums, then the finale.
    page.wait_for_function("() => window.tvMoments.length >= 4")
    assert len(kept(page)) == 20
    expect(page.locator("#moment .lmn-total")).to_have_text(["8 points", "10 points"])
    expect(page.locator("body")).to_have_attribute("data-stage", "finale", timeout=10_000)
    expect(page.locator("#moment")).to_be_hidden()
    expect(page.locator("#result h2")).to_have_text("Robin wins!")
    assert page.locator("#final-scores td").all_text_contents() == ["8", "10"]
    moments = page.evaluate("window.tvMoments")
    assert [m["n"] for m in moments] == [1, 2, 3, 4]
    assert all(b["t"] - a["t"] >= LEAST_MS for a, b in pairwise(moments))
    assert page.evaluate("window.tvFaults") == [] and errors == []
    context.close()


def test_reduced_motion_shows_the_same_cards_without_moving(browser: Browser,
                                                            server: Server) -> None:
    frames, _ = love_me_not_frames()
    turning = {}
    for motion in ("no-preference", "reduce"):
        context, page, errors = fake_tv(browser, server, motion)
        for frame in frames[:5]:
            page.evaluate("(f) => window.deliver(f)", frame)
        page.wait_for_function("() => window.tvMoments.length >= 1")
        assert kept(page) == ["2 of hearts", "3 of spades"]
        turning[motion] = page.locator("#moment .pcard").evaluate_all(
            "(cards) => cards.map((c) => getComputedStyle(c).animationName)")
        assert errors == []
        context.close()
    assert turning == {"no-preference": ["turn-over", "turn-over"], "reduce": ["none", "none"]}


def test_every_game_has_a_stage_and_a_game_without_one_gets_the_generic_stage(
        browser: Browser, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    drawn = page.evaluate("""async () => {
      const { STAGES, stageFor } = await import('/static/js/stage/stages.js');
      const stage = await stageFor('high-or-low', { high: '6 to 9' });
      const view = { game: 'high-or-low', seat: null, colours: ['Teal', null] };
      const table = stage.table(view, { names: ['Ann', 'Bob'] });
      return { registered: Object.keys(STAGES).sort(),
               generic: table.classList.contains('generic-stage'), text: table.textContent };
    }""")
    page.close()
    # Every game that ships has a stage of its own; the sixth game, the generic one.
    assert drawn["registered"] == sorted(game_ids())
    assert drawn["generic"] and "Teal" in drawn["text"]


def test_a_stage_that_fails_to_load_says_so_in_words(browser: Browser, server: Server) -> None:
    host = Person(browser, DESKTOP, "Ann")
    code = open_room(host, server, "love-me-not")
    tv = Person(browser, TV, "TV")
    tv.page.route("**/static/js/stage/love-me-not.js",
                  lambda route: route.fulfill(status=500, body="broken"))
    tv.page.goto(f"{server.url}/r/{code}/tv")
    expect(tv.page.locator("#stage-error")).to_have_text(
        "The table for this game did not load: reload this page to try again.")
    assert tv.errors and re.search(DEV_WORDS, tv.page.inner_text("body")) is None
    for p in (host, tv):
        p.close()
