"""A game in the browser through HAProxy over TLS (``make cluster``'s set-up: PostgreSQL,
Redis, two Parlour processes), on through the kill of the process serving it."""

from __future__ import annotations

import os
import random
import signal
import ssl
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from playwright.sync_api import Browser, WebSocket, expect

from parlour.perf.fleet import Fleet, spawned
from parlour.perf.proxy import has_haproxy
from parlour.perf.services import has_postgres

from .conftest import DESKTOP, PHONE, Person, open_room, play_until_over
from .test_play import check_result


@dataclass
class Proxied:
    """The cluster as the browser tests' helpers see a server: its address, its records."""

    fleet: Fleet
    url: str

    def record(self, code: str, token: str) -> dict[str, Any]:
        # The certificate is the cluster's own: trust that file and nothing else.
        assert self.fleet.proxy is not None
        reply = httpx.get(f"{self.url}/api/rooms/{code}/record", timeout=10,
                          verify=ssl.create_default_context(cafile=self.fleet.proxy.cert),
                          headers={"Authorization": f"Bearer {token}"})
        reply.raise_for_status()
        data: dict[str, Any] = reply.json()
        return data

    def kill_owner(self, code: str) -> None:
        """SIGKILL the process that owns room ``code``: no shutdown at all."""
        assert self.fleet.redis_url is not None
        with redis.Redis.from_url(self.fleet.redis_url) as db:
            owner = db.get(f"parlour:owner:{code}").decode()
        for proc, port in zip(self.fleet.servers, self.fleet.ports, strict=True):
            status = httpx.get(f"http://127.0.0.1:{port}/api/server", timeout=10).json()
            if status["process"] == owner:
                os.kill(proc.pid, signal.SIGKILL)
                return
        raise AssertionError(f"no process owns {code}")


def watch_snapshots(person: Person) -> list[str]:
    """The whole snapshots the page is sent from now on: each new connection's first frame
    (a page that has reconnected shows its old snapshot until one comes)."""
    whole: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: whole.append(str(payload))
                  if '"type":"room"' in str(payload) else None)

    person.page.on("websocket", on_socket)
    return whole


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Proxied]:
    with spawned(2, "postgres", tmp_path / "cluster", limits=True,
                 serve_args=("--no-access-log", "--bot-delay", "0.05")) as fleet:
        assert fleet.proxy is not None
        yield Proxied(fleet, fleet.proxy.https_url)


# In CI a missing program is a failure, not a skip: make test installs them.
@pytest.mark.skipif(not (has_postgres() and has_haproxy()) and not os.environ.get("CI"),
                    reason="PostgreSQL or haproxy is not installed (make test installs them)")
def test_a_game_plays_through_the_proxy_and_on_when_its_process_is_killed(
        browser: Browser, cluster: Proxied) -> None:
    # The throwaway certificate is accepted as a person accepts it, once, in the browser.
    host = Person(browser, DESKTOP, "Ann", ignore_https_errors=True)
    guest = Person(browser, PHONE, "Bob", ignore_https_errors=True)
    people = [host, guest]
    code = open_room(host, cluster, "love-me-not")  # type: ignore[arg-type]
    host.sit(0)
    guest.page.goto(f"{cluster.url}/r/{code}")
    guest.sit(1)
    host.page.select_option("#opt-matches", "1")
    host.page.click("#start")
    for p in people:
        expect(p.page.locator("#play")).to_be_visible()
        assert p.page.url.startswith(f"{cluster.url}/r/")
    rng = random.Random(3)
    play_until_over(people, rng, pause=lambda _: host.moves + guest.moves >= 4)
    version = max(p.version() for p in people)
    snapshots = [watch_snapshots(p) for p in people]
    cluster.kill_owner(code)
    # Both pages find the room again by themselves, served by the other process from
    # what the database holds: every move they were told of is there.
    for p, whole in zip(people, snapshots, strict=True):
        deadline = time.monotonic() + 60
        while not whole and time.monotonic() < deadline:
            p.page.wait_for_timeout(100)
        assert whole, f"{p.name}'s page was not served the room again"
        expect(p.page.locator("#conn")).to_have_text("Connected")
        p.page.wait_for_function("([v]) => Number(document.body.dataset.version) === v",
                                 arg=[version])
    play_until_over(people, rng)
    check_result(people, cluster, code)  # type: ignore[arg-type]
    for p in people:
        # The page said what it could not reach while the process was gone; nothing else.
        assert p.dialogs == [] and [e for e in p.errors if "WebSocket" not in e] == []
        p.close()
