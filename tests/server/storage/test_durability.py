"""Every move acknowledged is on disk: a server killed with SIGKILL (no shutdown at all)
loses none of them, and its game goes on after a restart."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect


@pytest.fixture(params=["full", "normal"])
def server(kit: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A server whose commits are synced to disk (``--sync full``, the default) or handed to
    the operating system (``normal``): either way a killed process loses no ``ok``."""
    srv = kit.Server(tmp_path / "parlour.sqlite3", tmp_path / "server.log",
                     sync=request.param).start()
    yield srv
    srv.kill()


class Seat:
    """One player's websocket (whole snapshots, no patches)."""

    def __init__(self, sockets: ExitStack, port: int, code: str, token: str | None) -> None:
        self.ws: ClientConnection = sockets.enter_context(
            connect(f"ws://127.0.0.1:{port}/ws/{code}"))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.token = token
        self.last: dict[str, Any] = self.next(("room",))

    def next(self, kinds: tuple[str, ...], ident: int | None = None) -> dict[str, Any]:
        """The next message of one of ``kinds`` (with ``id`` ``ident`` if given)."""
        while True:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if msg["type"] == "room":
                self.last = msg
            if msg["type"] == "token":
                self.token = msg["token"]
            if msg["type"] in kinds and (ident is None or msg.get("id") == ident):
                return msg

    def ask(self, message: dict[str, Any], ident: int) -> None:
        self.ws.send(json.dumps({**message, "id": ident}))
        reply = self.next(("ok", "error"), ident)
        assert reply["type"] == "ok", reply


@pytest.fixture
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def test_every_acknowledged_move_survives_kill_9(server: Any, sockets: ExitStack) -> None:
    room = httpx.post(f"http://127.0.0.1:{server.port}/api/rooms", json={}).json()
    code = room["code"]
    host = Seat(sockets, server.port, code, room["token"])
    host.ask({"type": "sit", "seat": 0, "name": "Ann"}, 1)
    guest = Seat(sockets, server.port, code, None)
    guest.ask({"type": "sit", "seat": 1, "name": "Bob"}, 1)
    host.ask({"type": "configure", "options": {"matches": 1}}, 2)
    host.ask({"type": "start"}, 3)
    acknowledged = 0
    for turn in range(3):  # three turns of Love Me Not: both seats keep a card each turn
        for person in (host, guest):
            while not person.last["play"] or not person.last["play"]["legal"]:
                person.next(("room",))
            person.ask({"type": "act", "action": person.last["play"]["legal"]["choices"][0]},
                       10 + turn)
            acknowledged += 1
    server.kill()  # no shutdown: whatever was acknowledged must already be on disk
    with sqlite3.connect(server.db) as con:
        stored = con.execute("SELECT count(*) FROM actions WHERE room=?", (code,)).fetchone()
    assert stored == (acknowledged,) == (6,)
    server.start()
    again = Seat(sockets, server.port, code, guest.token)
    assert again.last["play"]["version"] == 6 and again.last["you"]["seat"] == 1
    assert again.last["play"]["legal"] is not None  # the game goes on
