"""A real server (uvicorn in a subprocess) and the system's Chromium, driven by Playwright."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Locator,
    Page,
    expect,
    sync_playwright,
)
from playwright.sync_api import (
    Error as PlaywrightError,
)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
TV = {"width": 1920, "height": 1080}
MAIN_TEXT_PX = 28
"""The least font size of any text on the shared table at 1920×1080 (read across a room)."""

WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((el) => el.outerHTML.slice(0, 100)).slice(-3)"""
WATCH_WIDTH = """addEventListener("DOMContentLoaded", () => {
  window.tooWide = [];
  // Every snapshot drawn sets body[data-version]: look at the width each time.
  new MutationObserver(() => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5);
    if (wide.length || document.scrollingElement.scrollWidth > innerWidth) {
      window.tooWide.push({version: document.body.dataset.version,
                          what: wide.slice(-3).map((el) => el.outerHTML.slice(0, 100))});
    }
  }).observe(document.body, {attributes: true, attributeFilter: ["data-version", "data-status"]});
});"""
SMALL_TEXT = """(least) => [...document.querySelectorAll('body *')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .filter((el) => parseFloat(getComputedStyle(el).fontSize) < least)
  .map((el) => `${el.tagName.toLowerCase()}.${el.className}`
    + ` ${getComputedStyle(el).fontSize}: ${el.textContent.trim().slice(0, 40)}`)"""
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``parlour serve`` on a loopback port, with an SQLite file; can be restarted.
    ``beat_scale`` multiplies how long the room's moments hold it (0: not at all);
    ``bot_delay`` is a bot's usual time to decide (the tests' is quick)."""

    def __init__(self, db: Path, log: Path, beat_scale: float = 0.0,
                 bot_delay: float = 0.05) -> None:
        self.db = db
        self.log = log
        self.beat_scale = beat_scale
        self.bot_delay = bot_delay
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--port", str(self.port),
             "--db", str(self.db), "--bot-delay", str(self.bot_delay),
             "--beat-scale", str(self.beat_scale)],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 90  # a loaded CI machine starts slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                break
        self.stop()  # never leave a server behind
        raise RuntimeError(f"the server did not start:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def record(self, code: str, token: str) -> dict[str, Any]:
        """A finished game's record, read with a seat's (or the host's) token."""
        reply = httpx.get(f"{self.url}/api/rooms/{code}/record", timeout=5,
                          headers={"Authorization": f"Bearer {token}"})
        reply.raise_for_status()
        data: dict[str, Any] = reply.json()
        return data


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "parlour.sqlite3", tmp_path / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"the browser tests need Chromium at {CHROMIUM}"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Person:
    """One person with their own browser context (their own storage: their own seat token)."""

    def __init__(self, browser: Browser, viewport: dict[str, int], name: str,
                 **context: Any) -> None:
        # On a phone-sized screen, a touch screen: its moves are made by tapping.
        self.touch = viewport == PHONE
        self.context = browser.new_context(viewport=viewport,  # type: ignore[arg-type]
                                           has_touch=self.touch, **context)
        if self.touch:
            self.context.add_init_script(WATCH_WIDTH)
        self.page: Page = self.context.new_page()
        self.name = name
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self.console)
        self.page.set_default_timeout(30_000)
        self.moves = 0

    def console(self, message: ConsoleMessage) -> None:
        """Errors in the console count, but not a refused connection while the server
        restarts (the page reconnects by itself: a test checks that)."""
        if message.type == "error" and "net::ERR_CONNECTION_REFUSED" not in message.text:
            self.errors.append(message.text)

    def close(self) -> None:
        self.context.close()

    def instruction(self) -> str:
        """The big line of the instruction on screen (what to do now)."""
        return (self.page.locator("#instruction .say-main").text_content() or "").strip()

    def state(self) -> dict[str, Any]:
        """What the page shows of its connection and its last move, to say why a wait failed."""
        found: dict[str, Any] = self.page.evaluate(
            "() => ({version: document.body.dataset.version,"
            " pending: document.body.dataset.pending, turn: document.body.dataset.turn,"
            " status: document.body.dataset.status,"
            " conn: document.getElementById('conn-text')?.textContent,"
            " sent: document.getElementById('sent').textContent,"
            " error: document.getElementById('error').textContent,"
            " controls: document.getElementById('controls').innerHTML.slice(0, 2000)})")
        return {**found, "page errors": self.errors}

    def version(self) -> int:
        return int(self.page.locator("body").get_attribute("data-version") or -1)

    def my_turn(self) -> bool:
        return bool(self.page.evaluate(
            "document.body.dataset.turn === 'yes'"
            " && Boolean(document.getElementById('controls').dataset.kind)"))

    def over(self) -> bool:
        return self.page.locator("body").get_attribute("data-status") == "over"

    def too_wide(self) -> list[Any]:
        """What stuck out past the right edge of the screen: now, and (on a phone) at any
        snapshot drawn since the page was opened."""
        wide: list[Any] = self.page.evaluate(WIDEST)
        if self.page.evaluate("document.scrollingElement.scrollWidth > window.innerWidth"):
            wide.append("the page scrolls sideways")
        if self.touch:
            wide += self.page.evaluate("window.tooWide || []")
        return wide

    def small_text(self) -> list[str]:
        """Text on the page smaller than the shared table's least size."""
        found: list[str] = self.page.evaluate(SMALL_TEXT, MAIN_TEXT_PX)
        return found

    def sit(self, seat: int) -> None:
        page = self.page
        page.fill("#player-name", self.name)
        page.click(f"#sit-{seat}")
        expect(page.locator(".seat.you .seat-name")).to_have_text(self.name)

    def press(self, target: Locator) -> None:
        """Tap on a touch screen, click elsewhere."""
        if self.touch:
            target.tap()
        else:
            target.click()

    def move(self, rng: random.Random, texts: dict[str, str] | None = None) -> None:
        """Make a legal move through the controls, whatever their kind; wait until it is taken."""
        page = self.page
        before = self.version()
        kind = page.locator("#controls").get_attribute("data-kind")
        # Every decision has its game's own instruction for this seat, in one big line.
        said = page.locator("#instruction .say-main")
        shown = page.locator("#instruction").text_content()
        assert said.count() == 1 and (said.text_content() or "").strip(), (
            f"{self.name} has no instruction for a {kind} move: {shown!r}")
        self.moves += 1
        tag = f"{self.name} {self.moves}"
        if kind == "choices":
            # One question at a time (My Story's turn): a step leads to the next question.
            for _ in range(4):
                buttons = page.locator("#controls button.choice")
                pick = buttons.nth(rng.randrange(buttons.count()))
                step = "step" in (pick.get_attribute("class") or "").split()
                self.press(pick)
                if not step:
                    break
        elif kind == "text":
            page.fill("#free-text", (texts or {}).get("text", f"Topic {tag}"))
            self.press(page.locator("#controls button[type=submit]"))
        elif kind == "texts":
            fields = page.locator("#controls input[type=text]")
            for i in range(fields.count()):
                fields.nth(i).fill((texts or {}).get(f"texts{i}", f"Thing {tag}.{i}"))
            self.press(page.locator("#controls button[type=submit]"))
        elif kind == "ranking":
            pool = page.locator("#controls .ranking .choices button")
            while pool.count():
                self.press(pool.nth(rng.randrange(pool.count())))
            self.press(page.get_by_role("button", name="Send ranking"))
        elif kind == "arrangement":
            cards = page.locator("#controls .arrangement > li")
            for i in range(cards.count()):
                options = cards.nth(i).locator("[role=radio]")
                self.press(options.nth(rng.randrange(options.count())))
            if cards.count() > 1 and rng.random() < 0.5:
                self.press(page.get_by_role("button", name="Move card 2 up"))
            self.press(page.locator("#controls button.primary"))
        else:
            raise AssertionError(f"no control for kind {kind!r} (page errors: {self.errors})")
        # The move is settled once the server answered (the page shows its newer version,
        # or an error says why not): someone else's move meanwhile must not fool us.
        try:
            page.wait_for_function(
                "([v]) => document.body.dataset.pending === '0'"
                " && (Number(document.body.dataset.version) > v"
                "     || !document.getElementById('error').hidden)", arg=[before])
        except PlaywrightError as exc:
            raise AssertionError(f"{self.name}'s {kind} move was not settled: {self.state()}"
                                 f" (from version {before})") from exc
        error = page.locator("#error")
        assert error.is_hidden(), f"{self.name}'s move was refused: {error.text_content()}"
        # Taken: the page says so until this seat's next decision (or the end).
        assert page.evaluate(
            "document.body.dataset.turn === 'yes' || document.body.dataset.status !== 'playing'"
            " || /✓ Sent/.test(document.getElementById('sent').textContent)"), (
            page.locator("#sent").text_content())


def play_until_over(people: list[Person], rng: random.Random, limit: float = 120.0,
                    texts: dict[str, str] | None = None,
                    pause: Any = None) -> None:
    """Each person moves whenever it is their turn, until every page shows the game over."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(p.over() for p in people):
            return
        acted = False
        for p in people:
            if p.my_turn() and not p.over():
                p.move(rng, texts)
                acted = True
                if pause is not None and pause(p):
                    return
        if not acted:
            people[0].page.wait_for_timeout(40)
    states = [p.page.evaluate(
        "() => ({version: document.body.dataset.version, turn: document.body.dataset.turn,"
        " kind: document.getElementById('controls').dataset.kind,"
        " conn: document.getElementById('conn').textContent,"
        " banner: document.getElementById('banner').textContent,"
        " error: document.getElementById('error').textContent})") for p in people]
    raise AssertionError(f"the game did not finish in time: {states}; errors:"
                         f" {[p.errors for p in people]}")


def open_room(host: Person, server: Server, game: str) -> str:
    """The host opens a room for ``game`` from the start page; returns its code."""
    page = host.page
    page.goto(server.url + "/")
    page.select_option("#new-game", game)
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#sit-0")
    return page.url.rstrip("/").split("/")[-1]


def shot(page: Page, name: str, tmp_path: Path, full_page: bool = True) -> Path:
    """Screenshot to docs/screenshots when PARLOUR_SCREENSHOTS=1 (else a temporary file)."""
    folder = SHOTS if os.environ.get("PARLOUR_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path
