"""Two ``parlour serve`` processes behind HAProxy (``deploy/haproxy.cfg``) on PostgreSQL and
Redis: each room's connections reach the one process its code hashes to, a process killed
mid-game leaves its rooms to the other, and the client addresses behind the proxy are the
clients' own."""

from __future__ import annotations

import csv
import io
import itertools
import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed

from parlour.engine import Record
from parlour.perf.fleet import Fleet, spawned
from parlour.perf.proxy import has_haproxy
from parlour.perf.services import has_postgres
from parlour.server.rooms.codes import ALPHABET, CODE_LENGTH

from .conftest import REDIS

ROOMS = 6
TURNS = 5
"""A single match of Love Me Not: each player keeps a card five times."""
SERVE = ("--no-access-log", "--bot-delay", "0.01")

# In CI a missing program is a failure, not a skip: make test installs them.
needs_cluster = pytest.mark.skipif(
    (not has_postgres() or REDIS is None or not has_haproxy()) and not os.environ.get("CI"),
    reason="PostgreSQL, redis-server or haproxy is not installed (make test installs them"
           " as root)")


@dataclass(frozen=True)
class Address:
    """Where the test's clients connect (``kit.Remote`` takes anything with a port)."""

    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Fleet]:
    with spawned(2, "postgres", tmp_path / "cluster", serve_args=SERVE) as fleet:
        yield fleet


def set_up(kit: Any, sockets: ExitStack, proxy: Address, room: dict[str, str]) -> list[Any]:
    """Both players of a new room seated, a single-match game started."""
    host = kit.Remote(sockets, proxy, room["code"], room["token"])
    guest = kit.Remote(sockets, proxy, room["code"])
    assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
    assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
    host.until(lambda m: m["room"]["seats"][1]["name"] == "Bob")
    assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
    assert host.request({"type": "start"})["type"] == "ok"
    return [host, guest]


def play(people: list[Any], turns: int) -> int:
    """Each person keeps a card ``turns`` times; the number of moves acknowledged."""
    acknowledged = 0
    for _ in range(turns):
        for person in people:
            snap = person.until(lambda m: bool(m["play"] and m["play"]["legal"]))
            reply = person.request({"type": "act",
                                    "action": snap["play"]["legal"]["choices"][0]})
            assert reply["type"] == "ok", reply
            acknowledged += 1
    return acknowledged


def rejoin(kit: Any, sockets: ExitStack, proxy: Address, code: str, token: str) -> Any:
    """A player back in room ``code`` after its process died, as the browser comes back:
    connect again until the room is served (the proxy sends them to the live process,
    which takes the room over once the dead one's lease has run out)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with ExitStack() as attempt:
                player = kit.Remote(attempt, proxy, code, token)
                player.until(lambda m: m["play"] is not None, limit=5)
                sockets.push(attempt.pop_all())
                return player
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def statuses(fleet: Fleet) -> list[dict[str, Any]]:
    """``GET /api/server`` of each live process, asked directly (not through the proxy)."""
    found = []
    for proc, port in zip(fleet.servers, fleet.ports, strict=True):
        if proc.poll() is None:
            found.append(httpx.get(f"http://127.0.0.1:{port}/api/server", timeout=10).json())
    return found


def owners(fleet: Fleet, codes: list[str]) -> dict[str, int]:
    """Which of the fleet's processes owns each room, as Redis names it."""
    names = [status["process"] for status in statuses(fleet)]
    assert fleet.redis_url is not None
    with redis.Redis.from_url(fleet.redis_url) as db:
        return {code: names.index(db.get(f"parlour:owner:{code}").decode()) for code in codes}


@needs_cluster
def test_each_rooms_connections_reach_one_process_and_a_killed_ones_rooms_play_on(
        kit: Any, cluster: Fleet) -> None:
    assert cluster.proxy is not None
    proxy = Address(cluster.proxy.http_port)
    # Opening a room names none: the proxy gives these to the processes in turn.
    rooms = [httpx.post(f"{proxy.url}/api/rooms", json={}, timeout=10).json()
             for _ in range(ROOMS)]
    codes = [room["code"] for room in rooms]
    with ExitStack() as sockets:
        tables = [set_up(kit, sockets, proxy, room) for room in rooms]
        moves = [play(people, 2) for people in tables]
        owner = owners(cluster, codes)
        status = statuses(cluster)
        # Every connection reached the process that owns its room: none was relayed,
        # and each room is loaded there alone.
        assert [s["relayed"] for s in status] == [0, 0]
        assert sum(s["connections"] for s in status) == 2 * ROOMS
        assert [s["rooms"] for s in status] == [list(owner.values()).count(i) for i in (0, 1)]
        victim = owner[codes[0]]
        killed_at = time.monotonic()
        os.kill(cluster.servers[victim].pid, signal.SIGKILL)  # no shutdown at all
        # The other process's tables play on over the connections they have.
        for code, people in zip(codes, tables, strict=True):
            if owner[code] != victim:
                moves[codes.index(code)] += play(people, 1)
    lost = [i for i, code in enumerate(codes) if owner[code] == victim]
    with ExitStack() as sockets:
        back = {i: [rejoin(kit, sockets, proxy, codes[i], rooms[i]["token"]),
                    rejoin(kit, sockets, proxy, codes[i], tables[i][1].token)] for i in lost}
        failover = time.monotonic() - killed_at
        for i, people in back.items():
            # Every acknowledged move is there, and the game plays on to its end.
            assert [p.until(lambda m: True)["play"]["version"] for p in people] == [moves[i]] * 2
            moves[i] += play(people, TURNS - moves[i] // 2)
            assert all(p.until(lambda m: m["play"]["over"])["play"]["over"] for p in people)
    print(f"the killed process's {len(lost)} room(s) served again {failover:.1f} s after")
    survivor = statuses(cluster)
    assert len(survivor) == 1
    for i in lost:
        record = Record.from_json(httpx.get(
            f"{proxy.url}/api/rooms/{codes[i]}/record", timeout=10,
            headers={"Authorization": f"Bearer {rooms[i]['token']}"}).json())
        assert len(record.actions) == 2 * TURNS == moves[i]


def served(fleet: Fleet) -> dict[str, int]:
    """Requests each process has been sent by the proxy so far (its admin socket's count)."""
    assert fleet.proxy is not None
    rows = csv.DictReader(io.StringIO(fleet.proxy.command("show stat").lstrip("# ")))
    return {row["svname"]: int(row["stot"]) for row in rows
            if row["pxname"] == "parlour" and row["svname"].startswith("parlour")}


@needs_cluster
def test_the_proxy_sends_every_request_naming_a_code_to_one_process_and_spreads_codes(
        cluster: Fleet) -> None:
    """Over every code, the hash ring as configured gives the two processes 24,527 and
    26,098 codes (48% and 52%); a sample of 200 lands within a few points of that."""
    codes = random.Random(7).sample(
        ["".join(c) for c in itertools.product(ALPHABET, repeat=CODE_LENGTH)], 200)
    places = []
    with httpx.Client(base_url=cluster.url, timeout=10) as client:
        for code in codes:
            before = served(cluster)
            for path in (f"/api/rooms/{code}", f"/api/rooms/{code.lower()}/record",
                         f"/r/{code}", f"/ws/{code}"):
                assert client.get(path).status_code in (200, 400, 404), path
            gained = {name: n - before[name] for name, n in served(cluster).items()}
            assert sorted(gained.values()) == [0, 4], (code, gained)
            places.append(max(gained, key=gained.__getitem__))
    assert all(0.35 < places.count(name) / len(codes) < 0.65 for name in set(places))


@needs_cluster
def test_a_process_stopped_for_an_upgrade_hands_its_rooms_over_at_once(
        kit: Any, cluster: Fleet) -> None:
    assert cluster.proxy is not None and cluster.redis_url is not None
    proxy = Address(cluster.proxy.http_port)
    room = httpx.post(f"{proxy.url}/api/rooms", json={}, timeout=10).json()
    code = room["code"]
    with ExitStack() as sockets:
        people = set_up(kit, sockets, proxy, room)
        moves = play(people, 2)
        victim = owners(cluster, [code])[code]
        name = statuses(cluster)[victim]["process"]
        cluster.servers[victim].send_signal(signal.SIGTERM)
        # uvicorn's graceful shutdown: "service restart", and the client reconnects.
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(100):  # what was already on its way, then the close
                people[0].next_text()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # Its shutdown done, uvicorn ends with the signal it was stopped by.
        assert cluster.servers[victim].wait(30) == -signal.SIGTERM
    # It said it was gone as it stopped: the other takes its rooms without waiting for
    # their lease to run out.
    with redis.Redis.from_url(cluster.redis_url) as db:
        assert db.exists(f"parlour:alive:{name}") == 0
    with ExitStack() as sockets:
        back = [rejoin(kit, sockets, proxy, code, room["token"]),
                rejoin(kit, sockets, proxy, code, people[1].token)]
        assert [p.until(lambda m: True)["play"]["version"] for p in back] == [moves] * 2
        assert owners(cluster, [code]) == {code: 0}  # the one process left
        assert play(back, TURNS - 2) == 2 * (TURNS - 2)
        assert all(p.until(lambda m: m["play"]["over"])["play"]["over"] for p in back)


def from_host(last: int) -> httpx.Client:
    """HTTP from loopback address 127.0.0.``last``: one of many hosts on the internet."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=f"127.0.0.{last}"),
                        timeout=10, trust_env=False)


def open_room(client: httpx.Client, url: str, forged: str | None = None) -> int:
    headers = {"X-Forwarded-For": forged} if forged else {}
    return client.post(f"{url}/api/rooms", json={}, headers=headers).status_code


@needs_cluster
def test_behind_the_proxy_each_client_address_has_its_own_room_quota(tmp_path: Path) -> None:
    """``--forwarded-allow-ips``: the processes trust the proxy's X-Forwarded-For, and only
    the address the proxy wrote there (a client's own entries come before it)."""
    with spawned(2, "postgres", tmp_path / "cluster", limits=True, serve_args=SERVE) as fleet:
        assert fleet.proxy is not None
        url = fleet.proxy.url
        # Forty hosts open a room each, through the proxy, whose own address is one.
        for host in range(2, 42):
            with from_host(host) as client:
                assert open_room(client, url) == 201, host
        # One host gets its 30 rooms an hour and no more, whatever it says it is.
        with from_host(50) as client:
            assert [open_room(client, url) for _ in range(30)] == [201] * 30
            assert open_room(client, url) == 429
            assert open_room(client, url, forged="203.0.113.7") == 429
            assert open_room(client, url, forged="203.0.113.8, 198.51.100.9") == 429
            # Straight to a process, its forged header is not believed either: only the
            # proxy (127.0.0.1) is trusted.
            direct = f"http://127.0.0.1:{fleet.ports[0]}"
            assert open_room(client, direct, forged="203.0.113.9") == 429
        with from_host(51) as client:
            assert open_room(client, url) == 201


def test_without_forwarded_allow_ips_a_forged_header_changes_nothing(
        servers: Any) -> None:
    (server,) = servers(1)  # parlour serve, its limits on, no --forwarded-allow-ips
    with from_host(1) as client:
        made = [open_room(client, server.url, forged=f"203.0.113.{i}") for i in range(31)]
    assert made == [201] * 30 + [429]
