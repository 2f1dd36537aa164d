"""``parlour serve --processes 2`` on PostgreSQL + Redis: every connection reaches its room's
owner, and when a worker is killed its rooms play on through the other one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from parlour.engine import Record
from parlour.perf.procfs import children
from parlour.perf.services import has_postgres, start_postgres
from parlour.server.cluster.front import read_settings, send_settings
from parlour.server.cluster.workers import worker_command
from parlour.server.config import Settings
from parlour.server.rooms.codes import route
from parlour.server.run import serve_worker

from .conftest import REDIS

ROOMS = 10


@dataclass
class Front:
    """``parlour serve --processes 2`` in a process of its own (with its two workers)."""

    port: int
    proc: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def worker_pid(self, index: int) -> int:
        for pid in children(self.proc.pid):
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if f"{index}/2".encode() in args and b"--worker" in args:
                return pid
        raise AssertionError(f"no worker {index}")

    def statuses(self) -> dict[int, dict[str, Any]]:
        """``GET /api/server`` of each live worker (new connections go to them in turn)."""
        found: dict[int, dict[str, Any]] = {}
        for _ in range(10):
            status = httpx.get(f"{self.url}/api/server", timeout=10).json()
            found[status["worker"]] = status
        return found


@pytest.fixture
def front(kit: Any, tmp_path: Path, redis_url: str) -> Iterator[Front]:
    cluster = start_postgres(fsync=False)
    port = kit.free_port()
    with (tmp_path / "serve.log").open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--processes", "2", "--port", str(port),
             "--db", cluster.url, "--redis", redis_url, "--no-limits", "--bot-delay", "0.01"],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        server = Front(port, proc)
        deadline = time.monotonic() + 90
        while True:
            try:
                httpx.get(f"{server.url}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                assert proc.poll() is None and time.monotonic() < deadline, \
                    (tmp_path / "serve.log").read_text()
                time.sleep(0.1)
        yield server
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        cluster.stop()


def set_up(kit: Any, sockets: ExitStack, front: Front, room: dict[str, str]) -> list[Any]:
    """Both players of a new room seated, a single-match game started."""
    host = kit.Remote(sockets, front, room["code"], room["token"])
    guest = kit.Remote(sockets, front, room["code"])
    assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
    guest.until(lambda m: m["room"]["seats"][0]["name"] == "Ann")
    assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
    host.until(lambda m: m["room"]["seats"][1]["name"] == "Bob")
    assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
    assert host.request({"type": "start"})["type"] == "ok"
    return [host, guest]


def play(people: list[Any], turns: int) -> int:
    """Each person keeps a card ``turns`` times (Love Me Not: both move each turn); the
    number of moves acknowledged."""
    acknowledged = 0
    for _ in range(turns):
        for person in people:
            snap = person.until(lambda m: bool(m["play"] and m["play"]["legal"]))
            reply = person.request({"type": "act",
                                    "action": snap["play"]["legal"]["choices"][0]})
            assert reply["type"] == "ok", reply
            acknowledged += 1
    return acknowledged


def rejoin(kit: Any, sockets: ExitStack, front: Front, code: str, token: str) -> Any:
    """A player back in room ``code`` once its owner has died: the front sends them to the
    live worker, which relays them to the dead owner (and closes the connection on
    finding it dead) until Redis stops counting it alive (at most 10 s), and then owns
    the room."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with ExitStack() as attempt:
                player = kit.Remote(attempt, front, code, token)
                player.until(lambda m: m["play"] is not None, limit=5)
                sockets.push(attempt.pop_all())
                return player
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


# In CI a missing PostgreSQL or redis-server is a failure, not a skip: make test installs them.
@pytest.mark.skipif((not has_postgres() or REDIS is None) and not os.environ.get("CI"),
                    reason="PostgreSQL or redis-server is not installed (make test installs"
                           " them as root)")
def test_connections_reach_their_rooms_owner_and_a_killed_workers_rooms_play_on(
        kit: Any, front: Front) -> None:
    # Each POST on a new connection: the front gives them to the workers in turn.
    rooms = [httpx.post(f"{front.url}/api/rooms", json={}, timeout=10).json()
             for _ in range(ROOMS)]
    owners = [route(room["code"], 2) for room in rooms]
    assert sorted(owners) == [0] * (ROOMS // 2) + [1] * (ROOMS // 2)
    with ExitStack() as sockets:
        tables = [set_up(kit, sockets, front, room) for room in rooms]
        moves = [play(people, 2) for people in tables]
        statuses = front.statuses()
        assert sorted(statuses) == [0, 1]
        # Every connection reached the process that owns its room: none was relayed.
        assert [statuses[w]["relayed"] for w in (0, 1)] == [0, 0]
        assert sum(statuses[w]["connections"] for w in (0, 1)) == 2 * ROOMS
        assert [statuses[w]["rooms"] for w in (0, 1)] == [ROOMS // 2, ROOMS // 2]
        guest_tokens = [people[1].token for people in tables]
        victim = owners[0]
        os.kill(front.worker_pid(victim), signal.SIGKILL)  # no shutdown at all
    code, token = rooms[0]["code"], rooms[0]["token"]
    with ExitStack() as sockets:
        people = [rejoin(kit, sockets, front, code, token),
                  rejoin(kit, sockets, front, code, guest_tokens[0])]
        # Every acknowledged move is there, and the game plays on to its end.
        assert moves[0] == 4
        assert [p.until(lambda m: True)["play"]["version"] for p in people] == [4, 4]
        assert play(people, 3) == 6
        assert all(p.until(lambda m: m["play"]["over"])["play"]["over"] for p in people)
    statuses = front.statuses()
    assert sorted(statuses) == [1 - victim]
    record = Record.from_json(httpx.get(f"{front.url}/api/rooms/{code}/record", timeout=10,
                                        headers={"Authorization": f"Bearer {token}"}).json())
    assert len(record.actions) == 10


@pytest.mark.skipif((not has_postgres() or REDIS is None) and not os.environ.get("CI"),
                    reason="PostgreSQL or redis-server is not installed (make test installs"
                           " them as root)")
def test_sigterm_stops_the_front_and_its_workers_which_close_their_connections(
        kit: Any, front: Front) -> None:
    workers = [front.worker_pid(0), front.worker_pid(1)]
    room = httpx.post(f"{front.url}/api/rooms", json={}, timeout=10).json()
    with ExitStack() as sockets:
        host = kit.Remote(sockets, front, room["code"], room["token"])
        front.proc.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            host.next_text()
        # uvicorn's graceful shutdown: "service restart", and the client reconnects.
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    assert front.proc.wait(30) == 0
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)


def test_serve_refuses_several_processes_without_redis_and_a_shared_database() -> None:
    from typer.testing import CliRunner

    from parlour.cli.main import app

    runner = CliRunner()
    out = runner.invoke(app, ["serve", "--processes", "2", "--db", "rooms.sqlite3"])
    assert out.exit_code == 2 and "give --redis URL and --db postgresql://" in out.output
    out = runner.invoke(app, ["serve", "--processes", "2", "--redis", "redis://127.0.0.1:1/0"])
    assert out.exit_code == 2 and "--db postgresql://" in out.output
    out = runner.invoke(app, ["serve", "--processes", "0"])
    assert out.exit_code == 2 and "--processes is 1 to 64" in out.output


def test_a_worker_is_the_servers_entry_point_told_its_settings_on_its_channel() -> None:
    """A worker's process calls ``serve_worker`` (no command line of its own): its
    command line names it and holds no address, its settings come on its channel."""
    settings = Settings(db_url="postgresql+asyncpg://parlour:s3cret@db/parlour",
                        redis_url="redis://:s3cret@cache:6379/0", workers=2)
    command = worker_command(serve_worker, 7, 1, 2)
    assert command[1:] == ["-c", "from parlour.server.run import serve_worker;"
                           " serve_worker(7)", "--worker", "1/2"]
    assert not any("s3cret" in part for part in command)
    front, worker = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    with front, worker:
        send_settings(front, replace(settings, worker=1))
        assert read_settings(worker) == replace(settings, worker=1)
