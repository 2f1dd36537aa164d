"""Helpers for driving the server through its HTTP API and websocket, as a client would."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import anyio
import jsonpatch  # type: ignore[import-untyped]
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.engine import Legal
from parlour.games import get_game
from parlour.server import Settings, create_app


def settings_for(db: Path, **overrides: Any) -> Settings:
    base: dict[str, Any] = {"db_url": f"sqlite+aiosqlite:///{db}", "bot_delay": 0.01,
                            "actions_per_second": 1000.0, "action_burst": 1000}
    base.update(overrides)
    return Settings(**base)


@contextmanager
def open_client(db: Path, **overrides: Any) -> Iterator[TestClient]:
    """A server on ``db``; every websocket opened with :func:`connect` is closed at the end."""
    # An ExitStack closes every websocket even when closing one fails: a session left open
    # keeps the test client's event loop alive, and the test hangs instead of failing.
    with TestClient(create_app(settings_for(db, **overrides))) as client, ExitStack() as stack:
        client.sessions = stack  # type: ignore[attr-defined]
        yield client


def connect(client: TestClient, code: str, token: str | None = None, *,
            patches: bool = True) -> Player:
    """A new connection to room ``code`` that has said hello (with ``token`` if given), and
    asked for patches after the first snapshot unless ``patches`` is false."""
    session = client.sessions.enter_context(  # type: ignore[attr-defined]
        client.websocket_connect(f"/ws/{code}"))
    return Player(session, token, patches)


def new_room(client: TestClient, game: str = "love-me-not") -> tuple[str, str]:
    reply = client.post("/api/rooms", json={"game": game})
    assert reply.status_code == 201, reply.text
    body = reply.json()
    return body["code"], body["token"]


RECEIVE_TIMEOUT = 30.0


async def _receive_within(session: WebSocketTestSession, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await session._send_rx.receive()


class Player:
    """One websocket connection; keeps every message it received (``raw``), and each with
    its patch applied by the reference implementation of RFC 6902 (``frames``)."""

    def __init__(self, ws: WebSocketTestSession, token: str | None = None,
                 patches: bool = True) -> None:
        self.ws = ws
        self.token = token
        self.raw: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.next_id = 1
        ws.send_json({"type": "hello", "token": token, "patches": patches})
        self.room()

    def receive(self) -> dict[str, Any]:
        # A bounded wait, so a missing message fails the test instead of hanging the suite.
        frame = self.ws.portal.call(_receive_within, self.ws, RECEIVE_TIMEOUT)
        assert frame["type"] == "websocket.send", f"the server closed the connection: {frame}"
        msg: dict[str, Any] = json.loads(frame["text"])
        self.raw.append(msg)
        if msg["type"] == "patch":
            assert self.last is not None and msg["n"] == self.last["n"] + 1, (msg, self.last)
            msg = {**jsonpatch.apply_patch(self.last, msg["ops"]), "n": msg["n"]}
        self.frames.append(msg)
        if msg["type"] == "room":
            self.last = msg
        if msg["type"] == "token":
            self.token = msg["token"]
        return msg

    def room(self) -> dict[str, Any]:
        """Wait for the next room snapshot."""
        while True:
            msg = self.receive()
            if msg["type"] == "room":
                return msg

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message and wait for its ok/error reply (snapshots are kept on the way)."""
        ident = self.next_id
        self.next_id += 1
        self.ws.send_json({**message, "id": ident})
        while True:
            msg = self.receive()
            if msg["type"] in ("ok", "error") and msg.get("id") == ident:
                return msg

    def until(self, test: Any, limit: int = 500) -> dict[str, Any]:
        """Wait for a snapshot that passes ``test`` (the last one may already do)."""
        if self.last is not None and test(self.last):
            return self.last
        for _ in range(limit):
            msg = self.room()
            if test(msg):
                return msg
        raise AssertionError("no snapshot passed the test")


def my_move(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal action from what this client was told (its view and legal), if any."""
    play = snapshot.get("play")
    if not play or not play["legal"]:
        return None
    legal = Legal.from_json(play["legal"])
    game = get_game(snapshot["room"]["game"])
    return game.random_action(play["view"], legal, rng)


@pytest.fixture
def kit() -> Any:
    """These helpers, for the tests (test modules cannot import a conftest)."""
    return sys.modules[__name__]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "parlour.sqlite3"
