"""A phone that stays a hand: every decision of every game, played on a 390×844 phone with
bots in the other seats, fits two and a half screens with at most 24 buttons, every target
a thumb can hit; the pages players see speak to players; limited text counts down."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from parlour.games import game_ids, get_game

from .conftest import PHONE, Person, Server, open_room, play_until_over, shot
from .moments import Moments

Paced = Callable[[float], Server]
SCREENS = 2.5
MOST_BUTTONS = 24
TARGET_PX = 44
PLAYERS = {"my-story": 4}
"""Seats per game (the fewest, but My Story at its most: four lives on the table)."""

DEVELOPER_WORDS = re.compile(
    r"\bJSON\b|\bdocs/|/api/|\bAPI\b|Authorization|Bearer|\btokens?\b|\bnull\b|\bundefined\b"
    r"|\b(mcts|cfr|greedy|persona|heuristic)\b|\(fan\)", re.IGNORECASE)
"""Words for developers, never for players: formats, the docs, API paths, secrets, the
bots' engines, and a program's empty values."""

ON_SCREEN = """(px) => {
  const shown = (el) => !el.closest('[hidden]');
  const buttons = [...document.querySelectorAll('button, [role=button]')].filter(shown);
  const targets = 'button, [role=button], summary, select, input, textarea';
  const small = [...document.querySelectorAll(targets)]
    .filter((el) => el.checkVisibility())
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, box]) => box.width < px - 0.5 || box.height < px - 0.5)
    .map(([el, box]) => {
      const said = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30);
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      return `${el.tagName.toLowerCase()} "${said}" ${size}`;
    });
  const staged = document.querySelector('#controls [data-screen]');
  return {height: document.scrollingElement.scrollHeight, buttons: buttons.length, small,
          screen: staged ? staged.dataset.screen : null,
          instruction: document.getElementById('instruction').textContent};
}"""
PLAYER_TEXT = """() => {
  const shown = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => !el.closest('[hidden]'));
  const labels = shown('[title], [aria-label]')
    .map((el) => `${el.title || ''} ${el.getAttribute('aria-label') || ''}`);
  return [document.body.innerText, ...shown('details').map((d) => d.textContent), ...labels]
    .join('\\n');
}"""
"""What a player can read: the page's text, what opens on a tap, and the words of titles
and labels (a hidden part, such as the lobby during play, is not shown)."""


def developer_words(person: Person) -> list[str]:
    """Developer words on the page a player sees."""
    return [m.group(0) for m in DEVELOPER_WORDS.finditer(person.page.evaluate(PLAYER_TEXT))]


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[Paced]:
    """A server whose moments hold the room for ``scale`` times their beat (the other
    browser tests play at 0, without one)."""
    servers: list[Server] = []

    def start(scale: float) -> Server:
        srv = Server(tmp_path / "paced.sqlite3", tmp_path / "paced.log", beat_scale=scale)
        servers.append(srv)
        srv.start()
        return srv
    yield start
    for srv in servers:
        srv.stop()


def host_with_bots(browser: Browser, server: Server, game_id: str, players: int,
                   options: dict[str, str] | None = None,
                   ann: Person | None = None) -> tuple[Person, str]:
    """Ann opens a room on her phone, sits in the first seat and fills the rest with bots
    (choosing ``options`` from the lists of the host's settings)."""
    ann = ann or Person(browser, PHONE, "Ann")
    code = open_room(ann, server, game_id)
    ann.sit(0)
    page = ann.page
    for seat in range(1, players):
        if page.locator(f"#bot-{seat}").count() == 0:
            page.click("#add-seat")
        page.click(f"#bot-{seat}")
        expect(page.locator(".seat-name").nth(seat)).not_to_have_text("empty")
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    page.click("#start")
    expect(page.locator("#play")).to_be_visible()
    return ann, code


class Screens:
    """What every screen of a phone's decisions measured, and what broke the rules."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.seen = 0
        self.tallest = 0
        self.most = 0
        self.faults: list[str] = []

    def check(self) -> dict[str, Any]:
        found: dict[str, Any] = self.person.page.evaluate(ON_SCREEN, TARGET_PX)
        self.seen += 1
        self.tallest = max(self.tallest, found["height"])
        self.most = max(self.most, found["buttons"])
        where = f"{found['instruction'][:60]!r} ({found['screen'] or 'one screen'})"
        if found["height"] > SCREENS * PHONE["height"]:
            self.faults.append(f"{where}: {found['height']} px tall")
        if found["buttons"] > MOST_BUTTONS:
            self.faults.append(f"{where}: {found['buttons']} buttons")
        if found["small"]:
            self.faults.append(f"{where}: small targets {found['small']}")
        words = developer_words(self.person)
        if words:
            self.faults.append(f"{where}: developer words {words}")
        return found


REVEALS = {"love-me-not": ".lmn-end", "my-favourite-things": ".mft-trick",
           "whats-it-to-ya": ".wity-phone", "take-your-pick": ".typ-round-over",
           "my-story": ".ms-summary"}
"""Each game's own picture of its biggest reveal, which its phones must show."""
PHOTO = {"take-your-pick": "arrangement"}
"""The kind of decision photographed, where a game has several (a reader's, not the Subject's)."""
GAME_SCALE = 0.1
"""The beat of a whole game: every moment holds the room a tenth of its time (0.4 s for a
short one, 0.9 s for a long one), long enough for the phone to show it."""


def decide(person: Person, screens: Screens, rng: random.Random, shots: dict[str, Path]) -> None:
    """Measure a decision, and each further question of it (My Story's: what, which, how
    to pay), then make it; the first screen of each kind is photographed."""
    found = screens.check()
    game = person.page.locator("body").get_attribute("data-game")
    name = f"{game}-phone"
    kind = person.page.locator("#controls").get_attribute("data-kind")
    photo = screens.seen >= 2 and found["screen"] in (None, "what") \
        and kind == PHOTO.get(str(game), kind)
    if "decision" not in shots and photo:
        shots["decision"] = shot(person.page, name, shots["folder"])
    while found["screen"] not in (None, "pay"):
        steps = person.page.locator("#controls button.step")
        if not steps.count():
            break
        person.press(steps.nth(rng.randrange(steps.count())))
        found = screens.check()
        if found["screen"] not in shots:
            shots[found["screen"]] = shot(person.page, f"{name}-{found['screen']}", shots["folder"])
    person.move(rng)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_decision_of_every_game_fits_a_phone(browser: Browser, paced: Paced,
                                                   game_id: str, tmp_path: Path) -> None:
    players = PLAYERS.get(game_id, get_game(game_id).min_players)
    ann = Person(browser, PHONE, "Ann")
    moments = Moments(ann.page)
    host_with_bots(browser, paced(GAME_SCALE), game_id, players, ann=ann)
    screens = Screens(ann)
    shots: dict[str, Path] = {"folder": tmp_path}
    rng = random.Random(26)
    deadline = time.monotonic() + 300
    while not ann.over():
        assert time.monotonic() < deadline, f"the game did not finish; errors: {ann.errors}"
        revealing = ann.page.locator(f"#notice.revealing {REVEALS[game_id]}")
        if "reveal" not in shots and revealing.count():
            shots["reveal"] = shot(ann.page, f"{game_id}-phone-reveal", tmp_path, full_page=False)
        if ann.my_turn():
            decide(ann, screens, rng, shots)
        else:
            ann.page.wait_for_timeout(40)
    expect(ann.page.locator("#result h2")).to_be_visible()
    print(f"{game_id}: {screens.seen} screens, the tallest {screens.tallest} px,"
          f" at most {screens.most} buttons, {len(moments.made)} moments")  # pytest -s
    assert screens.seen >= 3 and moments.made, screens.seen
    assert "reveal" in shots, f"the phone never showed {REVEALS[game_id]}"
    assert screens.faults == [], screens.faults[:5]
    assert screens.tallest <= SCREENS * PHONE["height"] and screens.most <= MOST_BUTTONS
    assert developer_words(ann) == []
    assert ann.too_wide() == []
    assert ann.errors == [] and ann.dialogs == []
    ann.close()


def test_the_pages_players_see_speak_to_players(browser: Browser, server: Server) -> None:
    reader = Person(browser, PHONE, "Ann")
    page = reader.page
    page.goto(server.url + "/")
    expect(page.locator("#new-game option[value='love-me-not']")).to_have_text(
        "Love Me Not (2 players)")
    assert developer_words(reader) == []
    # The developers' links are on the about page, a tap from the start page's footer.
    page.click("footer a[href='/about']")
    expect(page.locator("h1")).to_have_text("About Parlour")
    expect(page.locator("main a[href='/docs']")).to_have_count(1)
    for gid in game_ids():
        page.goto(f"{server.url}/games/{gid}")
        assert developer_words(reader) == [], gid
        # The rulings in plain words, on the page itself (not a file of the source).
        assert page.locator("#rulings + ul > li").count() >= 3, gid
        assert reader.too_wide() == [], gid
    assert reader.errors == []
    reader.close()


def content_option(game_id: str) -> str | None:
    """The option through which a host gives the game content of their own, if it has one."""
    return next((o["name"] for o in get_game(game_id).describe()["options"] if o.get("content")),
                None)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if content_option(g)])
def test_each_rules_page_explains_its_own_content_with_an_example_that_plays(
        browser: Browser, server: Server, game_id: str) -> None:
    reader = Person(browser, PHONE, "Ann")
    page = reader.page
    page.goto(f"{server.url}/games/{game_id}#your-own-cards")
    section = page.locator("#your-own-cards")
    expect(section).to_be_in_viewport()
    link = page.locator("#your-own-cards ~ p a.download")
    with page.expect_download() as download:
        link.click()
    example = json.loads(Path(download.value.path()).read_text())
    # The example plays: the game takes it as the host's upload would give it.
    game = get_game(game_id)
    state = game.setup(game.min_players, {str(content_option(game_id)): example}, seed=1)
    assert not game.is_over(state)
    assert reader.errors == []
    reader.close()


def test_limited_text_counts_down_and_is_never_cut(browser: Browser, server: Server) -> None:
    ann, _ = host_with_bots(browser, server, "my-favourite-things", 3)
    page = ann.page
    expect(page.locator("#controls")).to_have_attribute("data-kind", "text")
    box, count = page.locator("#free-text"), page.locator("#free-text-count")
    send = page.locator("#controls button[type=submit]")
    expect(count).to_have_text("60 of 60 characters left")
    long = "Things I would take to a desert island, ranked by how much I would miss them"
    box.fill(long)
    expect(count).to_have_text(f"{len(long) - 60} too many: at most 60 characters")
    assert box.input_value() == long  # never cut: the person shortens it
    expect(send).to_be_disabled()
    box.fill("👩‍💻 coders")  # counted as a person counts: the emoji is one character
    expect(count).to_have_text("52 of 60 characters left")
    send.click()
    # Taken; the six favourites each have their own count.
    expect(page.locator("#controls")).to_have_attribute("data-kind", "texts")
    expect(page.locator("#free-0-count")).to_have_text("60 of 60 characters left")
    assert ann.errors == []
    ann.close()


def test_a_replay_is_refused_in_plain_words_to_those_who_did_not_play(
        browser: Browser, server: Server) -> None:
    ann, code = host_with_bots(browser, server, "love-me-not", 2, {"matches": "1"})
    play_until_over([ann], random.Random(3))
    watcher = Person(browser, PHONE, "Cy")
    watcher.page.goto(f"{server.url}/r/{code}/replay")
    expect(watcher.page.locator("#error")).to_have_text(
        "Only the people who played this game can see its replay. Back to Parlour")
    assert developer_words(watcher) == [] and watcher.errors == []
    ann.page.click("text=Step through the replay")
    expect(ann.page.locator("#where")).to_contain_text("Move 0 of 10")
    ann.page.click("#last")
    expect(ann.page.locator("#result")).to_be_visible()
    assert developer_words(ann) == [] and ann.errors == []
    for p in (ann, watcher):
        p.close()


SCALE = 1 / 3
"""The beat of the tests that watch one moment: a long one holds the room 3 s."""


def wait_for_moment(person: Person, moments: Moments, kind: str, rng: random.Random) -> None:
    """Play the phone's moves until the server makes a moment of ``kind``."""
    while kind not in moments.kinds():
        if person.my_turn():
            person.move(rng)
        person.page.wait_for_timeout(30)


def test_love_me_nots_phone_shows_its_match_end_and_holds_it_for_the_rooms_beat(
        browser: Browser, paced: Paced) -> None:
    ann = Person(browser, PHONE, "Ann")
    moments = Moments(ann.page)
    host_with_bots(browser, paced(SCALE), "love-me-not", 2, ann=ann)
    wait_for_moment(ann, moments, "long", random.Random(8))
    seen = time.monotonic()
    end = next(m for m in moments.made if m["kind"] == "long")
    assert end["beat"] == pytest.approx(9 * SCALE)  # a long moment, at the normal pace
    # Both players' kept cards and piles, and how their points add up, as the rules counted
    # them (the view's breakdown), big on the phone.
    reveal = ann.page.locator("#notice.revealing .lmn-end")
    expect(reveal).to_be_visible()
    match = end["after"]["history"][0]
    seats = reveal.locator(".lmn-end-seat")
    expect(seats).to_have_count(2)
    # The bot is called by its name alone, as the log calls it, and painted in its colour.
    bot = seats.nth(1).locator(".who").first
    expect(bot).to_have_class(re.compile(r"\bc1\b"))
    assert "· bot" not in (bot.text_content() or "") and bot.text_content() in end["text"]
    for s in (0, 1):
        total = match["breakdown"][s]["total"]
        expect(seats.nth(s).locator(".lmn-points")).to_have_text(
            f" {total} point{'' if total == 1 else 's'}")
        cards = len(match["tableau"][s]) + len(match["pile"][s])
        expect(seats.nth(s).locator(".card")).to_have_count(cards)
        for x in match["breakdown"][s]["suits"]:
            if x["points"]:
                expect(seats.nth(s)).to_contain_text(f"{x['tableau']}×{x['pile']} = {x['points']}")
    # The next match's first keep waits under it: the server offers it, the phone holds it.
    expect(ann.page.locator("#banner")).to_contain_text("Your move next")
    expect(ann.page.locator("#controls")).to_be_hidden()
    assert ann.page.evaluate("document.body.dataset.turn") == "no"
    # Once the beat is over the decision shows, and the reveal folds to its one line.
    expect(ann.page.locator("#controls")).to_be_visible(timeout=10_000)
    assert time.monotonic() - seen >= end["beat"] - 1.0
    expect(ann.page.locator("#notice")).not_to_have_class(re.compile("revealing"))
    expect(ann.page.locator("#banner")).to_contain_text("Your move")
    assert ann.errors == []
    ann.close()


def test_whats_it_to_yas_phones_show_the_reveal_table_before_the_next_ranking_until_next(
        browser: Browser, paced: Paced, tmp_path: Path) -> None:
    ann = Person(browser, PHONE, "Ann")
    moments = Moments(ann.page)
    host_with_bots(browser, paced(1.0), "whats-it-to-ya", 3, ann=ann)
    wait_for_moment(ann, moments, "long", random.Random(4))
    round_ = next(m for m in moments.made if m["kind"] == "long")["after"]["history"][0]
    grid = ann.page.locator("#notice.revealing .wity-phone")
    expect(grid).to_be_visible()
    shot(ann.page, "whats-it-to-ya-phone-reveal", tmp_path, full_page=False)
    guessers = [s for s in range(3) if s != round_["dealer"]]
    rows = grid.locator("tbody tr")
    expect(rows).to_have_count(len(guessers))
    for row, s in zip(range(len(guessers)), guessers, strict=True):
        # A tick where the rules matched the guess; the count is the rules' count.
        expect(rows.nth(row).locator("td.tick")).to_have_count(sum(round_["matches"][s]))
        expect(rows.nth(row).locator("td.count")).to_have_text(str(round_["correct"][s]))
    expect(grid.locator(".wity-order li")).to_have_text(round_["rankings"][round_["dealer"]])
    # The next ranking is offered, but the phone shows the table for the beat (9 s) first...
    expect(ann.page.locator("#controls")).to_have_attribute("data-kind", "ranking")
    expect(ann.page.locator("#controls")).to_be_hidden()
    # ... unless the host moves the room on: then it shows at once.
    ann.press(ann.page.locator("#next-moment"))
    expect(ann.page.locator("#controls")).to_be_visible(timeout=3_000)
    expect(ann.page.locator("#notice")).not_to_have_class(re.compile("revealing"))
    assert ann.errors == []
    ann.close()


def test_the_phones_header_says_the_connection_in_words_on_one_line(
        browser: Browser, server: Server) -> None:
    ann, _ = host_with_bots(browser, server, "love-me-not", 2)
    page = ann.page
    expect(page.locator("#conn")).to_have_text("Connected")
    expect(page.locator("#conn-text")).to_be_visible()
    alerts = page.locator("#alerts")
    expect(alerts).to_have_text("🔔 Sound on")  # its word "Sound" shows beside the bell off phones
    header = page.locator("header.top").bounding_box()
    button = alerts.bounding_box()
    assert header is not None and button is not None
    assert header["height"] < 60 and button["height"] <= 48  # one line, not three
    ann.press(alerts)
    expect(alerts).to_have_attribute("aria-pressed", "false")
    expect(alerts).to_contain_text("off")
    assert ann.errors == []
    ann.close()


def test_no_console_error_when_a_phone_nobody_tapped_yet_is_called_to_play(
        browser: Browser, server: Server) -> None:
    phone = Person(browser, PHONE, "Bob")
    # The page calls its player as a turn comes, before anyone has touched it (a phone that
    # just reloaded): the browser must not be asked for a buzz it refuses. The call is made
    # by the page itself: a script run by the test would count as a tap.
    phone.page.add_init_script("""addEventListener('load', () => setTimeout(async () => {
      const { chime } = await import('/static/js/alert.js');
      chime(false);
      document.body.dataset.called = navigator.userActivation.hasBeenActive ? 'tapped' : 'untapped';
    }, 100));""")
    phone.page.goto(server.url + "/")
    phone.page.wait_for_timeout(800)  # a wait that runs nothing in the page (a check would)
    expect(phone.page.locator("body")).to_have_attribute("data-called", "untapped")
    expect(phone.page.locator("body")).to_have_attribute("data-chimes", "1")
    assert phone.errors == []
    phone.close()



@pytest.mark.parametrize(("game_id", "options"), [
    ("take-your-pick", {"first_subject": "1"}),  # Ann and a bot read together
    ("whats-it-to-ya", {"first_dealer": "1"}),  # Ann and a bot guess together
    ("my-favourite-things", {}),  # everyone names a category at once
])
def test_the_buttons_do_not_move_under_a_finger_when_another_player_finishes(
        browser: Browser, tmp_path: Path, game_id: str, options: dict[str, str]) -> None:
    # Bots that take a second or two: Ann is mid-decision when one finishes.
    server = Server(tmp_path / "slow.sqlite3", tmp_path / "slow.log", bot_delay=0.5)
    server.start()
    try:
        ann, _ = host_with_bots(browser, server, game_id, 3, options)
        expect(ann.page.locator("body")).to_have_attribute("data-turn", "yes")
        controls = ann.page.locator("#controls")
        before, version = controls.bounding_box(), ann.version()
        # A bot's chip loses "▶ to play" and may get a line shorter; news of its move may
        # come: the buttons stay where they were.
        ann.page.wait_for_function("([v]) => Number(document.body.dataset.version) > v",
                                   arg=[version], timeout=30_000)
        expect(ann.page.locator("body")).to_have_attribute("data-turn", "yes")
        assert controls.bounding_box() == before
        ann.move(random.Random(1), {"text": "Rivers"})
        assert ann.errors == []
        ann.close()
    finally:
        server.stop()
