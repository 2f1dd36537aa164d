"""The host gives the room's game its own content in the browser: a bundled card set picked
from the list, or a designer's own uploaded as a JSON file (checked by the server, which says
what is wrong with a bad one); the table then names that set's cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from parlour.games.my_story.cards import BUNDLED, DEFAULT_PATH

from .conftest import DESKTOP, Person, Server, open_room


def chapters() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEFAULT_PATH.read_text())
    data["name"] = "Chapters"
    for card in data["cards"]:
        if card["kind"] == "life_story":
            card["name"] = f"Chapter {card['id'][1:]}"
    return data


def test_the_host_picks_or_uploads_a_card_set_and_the_table_names_its_cards(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    host = Person(browser, DESKTOP, "Ann")
    open_room(host, server, "my-story")
    page = host.page
    # The bundled sets are a choice like any option.
    expect(page.locator("#opt-card_set option")).to_have_count(len(BUNDLED))
    bad = chapters()
    bad["cards"][3]["vp"] = "two"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.set_input_files("#opt-cards", str(tmp_path / "bad.json"))
    expect(page.locator("#opt-cards-status")).to_contain_text(
        "Refused: card set: cards[3] (L04): field 'vp' must be a whole number (got 'two')")
    (tmp_path / "chapters.json").write_text(json.dumps(chapters()))
    page.set_input_files("#opt-cards", str(tmp_path / "chapters.json"))
    expect(page.locator("#opt-cards-status")).to_have_text("Now: Chapters (your own).")
    host.sit(0)
    page.click("#bot-1")
    page.click("#start")
    track = page.locator(".ms-track:has(> summary:has-text('Life Story track')) .ms-track-card")
    expect(track.first).to_contain_text("Chapter ")
    # The only error in the console is the browser's note of the refused upload's 400.
    assert host.errors == ["Failed to load resource: the server responded with a status of "
                           "400 (Bad Request)"]
    host.close()


def test_the_host_uploads_phrase_pairs_and_the_table_reads_them(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    host = Person(browser, DESKTOP, "Ann")
    open_room(host, server, "take-your-pick")
    page = host.page
    pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(30)]
    (tmp_path / "pairs.json").write_text(json.dumps(pairs))
    page.set_input_files("#opt-pairs", str(tmp_path / "pairs.json"))
    expect(page.locator("#opt-pairs-status")).to_have_text("Now: 30 of your own.")
    host.sit(0)
    for seat in (1, 2):
        page.click(f"#bot-{seat}")
        expect(page.locator(".seat-name").nth(seat)).to_contain_text("· bot, medium")
    page.click("#start")
    # Whether Ann reads or is read to, a pair of her own is on the screen.
    own = page.locator("#play").get_by_text(re.compile(r"^(Tea|Coffee) \d+$"))
    expect(own.first).to_be_visible()
    assert host.errors == []
    host.close()
