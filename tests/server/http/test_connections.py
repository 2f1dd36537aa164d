"""Connections hold the server only as long as they earn it: a request's head must arrive
within its time, and each address, and all of them together, hold a bounded number.

A real server process (``run.serve``, as ``parlour serve`` starts it) with its limits set
low, so that the tests run in seconds; connections come from several loopback addresses.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest

START = ("import json, sys; from parlour.server.config import Settings;"
         " from parlour.server.run import serve; serve(Settings(**json.loads(sys.argv[1])))")


@pytest.fixture
def serve(kit: Any, tmp_path: Path) -> Iterator[Any]:
    """Start ``run.serve`` with the settings given; the process is killed at the end."""
    started: list[subprocess.Popen[bytes]] = []

    def start(**settings: Any) -> str:
        port = kit.free_port()
        settings = {"port": port, "db_url": f"sqlite+aiosqlite:///{tmp_path / 'p.sqlite3'}",
                    "access_log": False, **settings}
        log = (tmp_path / "server.log").open("ab")
        started.append(subprocess.Popen([sys.executable, "-c", START, json.dumps(settings)],
                                        stdout=log, stderr=subprocess.STDOUT))
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{url}/api/games", timeout=1)
                return url
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError((tmp_path / "server.log").read_text())

    yield start
    for proc in started:
        proc.kill()
        proc.wait()


def open_from(url: str, source: str, stack: ExitStack) -> socket.socket:
    """A connection to the server from the loopback address ``source``."""
    host, port = url.removeprefix("http://").split(":")
    sock = stack.enter_context(socket.socket())
    sock.bind((source, 0))
    sock.settimeout(5)
    sock.connect((host, int(port)))
    return sock


def answer(sock: socket.socket) -> bytes:
    """What the server sends before it closes the connection (or within the timeout)."""
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return got


def get_from(url: str, source: str) -> httpx.Response:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=5) as client:
        return client.get(f"{url}/api/games")


def test_a_request_head_that_trickles_in_is_cut_off(serve: Any) -> None:
    """Before: 300 connections sending a header line every 2 s were all still open after
    12 s (the server had no time limit on a request's head)."""
    url = serve(header_seconds=1.0, body_seconds=1.0)
    with ExitStack() as stack:
        slow = [open_from(url, "127.0.0.2", stack) for _ in range(10)]
        began = time.monotonic()
        for sock in slow:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        while time.monotonic() - began < 2.5:
            for sock in slow:
                with suppress(OSError):  # cut off already
                    sock.sendall(b"X-Slow: yes\r\n")
            time.sleep(0.3)
        answers = [answer(sock) for sock in slow]
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers), answers[0]
    assert answers[0].endswith(b"the request's head did not arrive within 1 seconds")
    # A kept-alive connection gets the same time for each request's head.
    with ExitStack() as stack:
        sock = open_from(url, "127.0.0.3", stack)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")
        assert b"HTTP/1.1 408 " in answer(sock)
    # So does a body: it must be whole within its time once the server reads it.
    with ExitStack() as stack:
        sock = open_from(url, "127.0.0.3", stack)
        sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 100\r\n\r\n")
        for _ in range(3):  # then nothing: the body is not whole a second later
            sock.sendall(b" ")
            time.sleep(0.2)
        slow_body = answer(sock)
        assert slow_body.startswith(b"HTTP/1.1 408 ")
        assert b"the request body did not arrive within 1 seconds" in slow_body
    assert get_from(url, "127.0.0.4").status_code == 200


def test_connections_are_capped_per_address_and_in_all(serve: Any) -> None:
    """Before: idle connections from two addresses took every file descriptor, and an
    ordinary GET from a third address got no answer."""
    url = serve(connections_per_address=20, max_connections=50, header_seconds=30.0)
    with ExitStack() as stack:
        first = [open_from(url, "127.0.0.2", stack) for _ in range(20)]
        one_too_many = answer(open_from(url, "127.0.0.2", stack))
        assert one_too_many.startswith(b"HTTP/1.1 429 ")
        assert one_too_many.endswith(b"too many connections from your address (at most 20)")
        second = [open_from(url, "127.0.0.3", stack) for _ in range(20)]
        assert get_from(url, "127.0.0.4").status_code == 200  # a third address is served
        third = [open_from(url, "127.0.0.5", stack) for _ in range(10)]
        full = answer(open_from(url, "127.0.0.6", stack))
        assert full.startswith(b"HTTP/1.1 503 ")
        assert full.endswith(b"the server has too many connections (at most 50): try again soon")
        for sock in first[:5]:
            sock.close()
        time.sleep(0.3)
        assert get_from(url, "127.0.0.6").status_code == 200  # places given back are taken
        assert len(first) + len(second) + len(third) == 50


def test_websockets_count_at_the_gate_and_give_their_place_back(serve: Any) -> None:
    from websockets.sync.client import connect

    url = serve(connections_per_address=3, header_seconds=30.0)
    code = httpx.post(f"{url}/api/rooms", json={}).json()["code"]
    ws_url = url.replace("http", "ws") + f"/ws/{code}"
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(ws_url)) for _ in range(3)]
        assert get_from(url, "127.0.0.1").status_code == 429
        sockets[0].close()
        time.sleep(0.3)
        assert get_from(url, "127.0.0.1").status_code == 200


def test_a_trusted_proxys_connections_count_in_all_not_as_one_address(serve: Any) -> None:
    """Before: behind a proxy every client's connection came from the proxy's address, so
    a process let in ``connections_per_address`` (256) for the whole site and refused the
    next client with a 429 (the proxy caps connections per client itself)."""
    url = serve(connections_per_address=3, max_connections=10, header_seconds=30.0,
                forwarded_allow_ips="127.0.0.1")
    with ExitStack() as stack:
        clients = [open_from(url, "127.0.0.1", stack) for _ in range(8)]
        assert get_from(url, "127.0.0.1").status_code == 200
        # Another address is no proxy: its own cap holds, and the total counts everyone.
        others = [open_from(url, "127.0.0.2", stack) for _ in range(2)]
        full = answer(open_from(url, "127.0.0.1", stack))
        assert full.startswith(b"HTTP/1.1 503 "), full
        assert len(clients) + len(others) == 10
    with ExitStack() as stack:
        [open_from(url, "127.0.0.2", stack) for _ in range(3)]
        assert answer(open_from(url, "127.0.0.2", stack)).startswith(b"HTTP/1.1 429 ")
