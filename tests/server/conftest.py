"""Helpers for driving the server through its HTTP API and websocket, as a client would."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
import httpx
import jsonpatch  # type: ignore[import-untyped]
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from parlour.engine import Legal
from parlour.games import get_game
from parlour.server import Settings, create_app
from parlour.server.storage.stores import store_for

T = TypeVar("T")


def settings_for(db: Path, **overrides: Any) -> Settings:
    base: dict[str, Any] = {"db_url": f"sqlite+aiosqlite:///{db}", "bot_delay": 0.01,
                            "beat_scale": 0.0,
                            "actions_per_second": 1000.0, "action_burst": 1000,
                            "refusals_per_second": 1000.0, "refusal_burst": 1000}
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
            patches: bool = True, table_only: bool = False) -> Player:
    """A new connection to room ``code`` that has said hello (with ``token`` if given; a
    shared screen showing the table if ``table_only``), and asked for patches after the
    first snapshot unless ``patches`` is false."""
    session = client.sessions.enter_context(  # type: ignore[attr-defined]
        client.websocket_connect(f"/ws/{code}"))
    return Player(session, token, patches, table_only)


def new_room(client: TestClient, game: str = "love-me-not") -> tuple[str, str]:
    reply = client.post("/api/rooms", json={"game": game})
    assert reply.status_code == 201, reply.text
    body = reply.json()
    return body["code"], body["token"]


def read(client: TestClient, path: str, token: str | None) -> Any:
    """GET ``path`` as the holder of ``token`` (a record is only for its room's people)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(path, headers=headers)


RECEIVE_TIMEOUT = 30.0


async def _receive_within(session: WebSocketTestSession, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await session._send_rx.receive()


class Player:
    """One websocket connection; keeps every message it received (``raw``), and each with
    its patch applied by the reference implementation of RFC 6902 (``frames``)."""

    def __init__(self, ws: WebSocketTestSession, token: str | None = None,
                 patches: bool = True, table_only: bool = False) -> None:
        self.ws = ws
        self.token = token
        self.raw: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.next_id = 1
        ws.send_json({"type": "hello", "token": token, "patches": patches,
                      "table_only": table_only})
        self.room()

    def next_text(self, timeout: float = RECEIVE_TIMEOUT) -> str:
        # A bounded wait, so a missing message fails the test instead of hanging the suite.
        frame = self.ws.portal.call(_receive_within, self.ws, timeout)
        assert frame["type"] == "websocket.send", f"the server closed the connection: {frame}"
        text: str = frame["text"]
        return text

    def receive(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.next_text(timeout))
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


class Remote(Player):
    """A connection to a server in another process (``websockets``' own client)."""

    def __init__(self, stack: ExitStack, server: Server, code: str,
                 token: str | None = None) -> None:
        self.conn: ClientConnection = stack.enter_context(
            ws_connect(f"ws://127.0.0.1:{server.port}/ws/{code}", open_timeout=30))
        super().__init__(self, token)  # type: ignore[arg-type]

    def send_json(self, message: dict[str, Any]) -> None:
        self.conn.send(json.dumps(message))

    def next_text(self, timeout: float = RECEIVE_TIMEOUT) -> str:
        text = self.conn.recv(timeout=timeout)
        assert isinstance(text, str)
        return text


def my_move(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal action from what this client was told (its view and legal), if any."""
    play = snapshot.get("play")
    if not play or not play["legal"]:
        return None
    legal = Legal.from_json(play["legal"])
    game = get_game(snapshot["room"]["game"])
    return game.random_action(play["view"], legal, rng)


QUICK = {"love-me-not": {"matches": 1}}
"""Options for a short game (Love Me Not's single match)."""


def seat_ann_and_bob(host: Player, guest: Player, game_id: str) -> None:
    """Ann (the host) and Bob take seats 1 and 2, bots the others; a short game is set."""
    assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
    assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
    for seat in range(2, get_game(game_id).min_players):
        assert host.request({"type": "add_bot", "seat": seat})["type"] == "ok"
    options = QUICK.get(game_id, {})
    assert host.request({"type": "configure", "options": options})["type"] == "ok"


def play_to_end(people: list[Player], rng: random.Random, limit: int = 5000) -> None:
    """Each person plays a random legal move from their own snapshot whenever they may,
    until the game is over (bots play the other seats)."""
    host = people[0]
    for _ in range(limit):
        for p in people:
            p.until(lambda m: m["play"] is not None)
        if all(p.last is not None and p.last["play"]["over"] for p in people):
            return
        mover = next((p for p in people if p.last and p.last["play"]["legal"]), None)
        if mover is None:
            version = max(p.last["play"]["version"] for p in people if p.last)
            host.until(lambda m, v=version: m["play"]["version"] > v or m["play"]["over"])
            for p in people[1:]:
                p.until(lambda m, v=host.last["play"]["version"]: m["play"]["version"] >= v)
            continue
        assert mover.last is not None
        reply = mover.request({"type": "act", "action": my_move(mover.last, rng)})
        assert reply["type"] == "ok", reply
        for other in people:
            other.until(lambda m, v=mover.last["play"]["version"]: m["play"]["version"] >= v)
    raise AssertionError("the game did not end")


def run_async(make: Callable[[], Awaitable[T]]) -> T:
    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    async def main() -> T:
        return await make()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


def seat_two_people(client: TestClient, code: str, token: str) -> tuple[Player, Player]:
    """The host sits at seat 1, a guest (who gets a token) at seat 2."""
    host = connect(client, code, token)
    assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
    guest = connect(client, code)
    assert guest.token is None
    assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
    assert guest.token is not None and guest.token != token
    return host, guest


def start_love_me_not(client: TestClient) -> tuple[str, Player, Player]:
    code, token = new_room(client)
    host, guest = seat_two_people(client, code, token)
    assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
    assert host.request({"type": "start"})["type"] == "ok"
    return code, host, guest


def play_out(players: list[Player], seed: int, stop_after: int | None = None) -> None:
    """Each person plays a random legal move from their own snapshot until the game ends."""
    rng = random.Random(seed)
    moves = 0
    while True:
        for p in players:
            p.until(lambda m: m["play"] is not None)
        if all(p.last["play"]["over"] for p in players):
            return
        acted = False
        for p in players:
            action = my_move(p.last, rng)
            if action is not None:
                reply = p.request({"type": "act", "action": action})
                assert reply["type"] == "ok", reply
                acted, moves = True, moves + 1
                if stop_after is not None and moves >= stop_after:
                    return
        if not acted:
            # Someone else (a bot) is to move: wait for the game to move on.
            version = players[0].last["play"]["version"]
            players[0].until(lambda m, v=version: m["play"]["version"] > v or m["play"]["over"])
        for p in players:
            while p.last["play"]["version"] < players[0].last["play"]["version"]:
                p.room()


@pytest.fixture(scope="session")
def kit() -> Any:
    """These helpers, for the tests (test modules cannot import a conftest)."""
    return sys.modules[__name__]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "parlour.sqlite3"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``parlour serve`` on a database, in a process of its own (killed by pid)."""

    def __init__(self, db: Path, log: Path, *, limits: bool = True, sync: str = "full") -> None:
        self.db, self.log, self.port = db, log, free_port()
        self.limits, self.sync = limits, sync
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> Server:
        with self.log.open("ab") as out:
            # Without limits (``parlour serve --no-limits``) people may move as fast as
            # a test plays; with them, as a public server does.
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "parlour", "serve", "--port", str(self.port),
                 "--db", str(self.db), "--sync", self.sync, "--bot-delay", "0.01",
                 "--beat-scale", "0",
                 "--limits" if self.limits else "--no-limits"],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        return self

    def ready(self) -> Server:
        """Wait until it answers (its start-up replays every room being played)."""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{self.url}/api/games", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start:\n{self.log.read_text()}")

    def start(self) -> Server:
        return self.launch().ready()

    def kill(self) -> None:
        """SIGKILL: no shutdown at all, whatever it was doing."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


async def migrate(url: str) -> None:
    store = store_for(url)
    await store.start()
    await store.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., list[Server]]]:
    """Start ``n`` servers at once on one SQLite file (``tmp_path / "parlour.sqlite3"``),
    with their limits against abuse unless ``limits`` is false; all are killed at the end."""
    started: list[Server] = []

    def start(n: int, limits: bool = True) -> list[Server]:
        db = tmp_path / "parlour.sqlite3"
        if not db.exists():  # migrate once, not in several processes at the same moment
            with ThreadPoolExecutor(1) as pool:
                pool.submit(asyncio.run, migrate(f"sqlite+aiosqlite:///{db}")).result()
        first = len(started)
        started.extend(Server(db, tmp_path / f"server{first + i}.log", limits=limits).launch()
                       for i in range(n))
        return [server.ready() for server in started[first:]]

    yield start
    for server in started:
        server.kill()
