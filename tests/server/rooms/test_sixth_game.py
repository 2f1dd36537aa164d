"""A sixth game, written by following docs/adding-a-game.md, is offered and played by the
server without a change to the server (tests/engine/sixth_game.py is the game)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from parlour.games import REGISTRY


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one line a new game adds to parlour/games/__init__.py."""
    monkeypatch.setitem(REGISTRY._modules, "high-or-low", "tests.engine.sixth_game")


def test_the_server_offers_and_plays_it(registered: None, kit: Any, tmp_path: Path) -> None:
    with kit.open_client(tmp_path / "db.sqlite3") as client:
        listed = {g["id"] for g in client.get("/api/games").json()}
        assert "high-or-low" in listed
        assert client.get("/api/games/high-or-low/words").json()["high"] == "6 to 9"
        code, token = kit.new_room(client, "high-or-low")
        host = kit.connect(client, code, token)
        assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
        assert host.request({"type": "add_bot", "seat": 1})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        rng = random.Random(1)
        while not host.until(lambda m: m["play"] is not None)["play"]["over"]:
            move = kit.my_move(host.last, rng)
            if move is None:
                host.room()
                continue
            assert host.request({"type": "act", "action": move})["type"] == "ok"
        assert host.last["play"]["result"]["winners"]
