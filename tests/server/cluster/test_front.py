"""The front of ``parlour serve --processes N``: each connection goes, unread, to the worker
its room's code routes to (real sockets; workers played by the test's ends of the channels)."""

from __future__ import annotations

import asyncio
import collections
import itertools
import select
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from parlour.server.cluster.front import (
    MAX_LINE,
    READY,
    Front,
    NotHttp,
    Worker,
    request_target,
    room_of,
)
from parlour.server.rooms.codes import ALPHABET, CODE_LENGTH, new_code, route

ALL_CODES = ["".join(c) for c in itertools.product(ALPHABET, repeat=CODE_LENGTH)]


def test_route_is_a_fixed_hash_that_spreads_every_code_evenly() -> None:
    # CRC-32, not Python's salted hash: the same in every process and at every start.
    assert [route(code, 2) for code in ("KXMP", "MYTH", "HYPE", "TANK")] == [0, 1, 0, 1]
    assert [route(code, 4) for code in ("KXMP", "MYTH", "HYPE", "TANK")] == [0, 1, 2, 1]
    assert len(ALL_CODES) == 50_625
    for workers in (2, 3, 4, 8):
        counts = collections.Counter(route(code, workers) for code in ALL_CODES)
        assert sorted(counts) == list(range(workers))
        # Within 2% of an even share (3 workers: 16,632 to 17,008 codes each; 4: 12,652
        # to 12,659).
        even = len(ALL_CODES) / workers
        assert all(abs(n - even) < even / 50 for n in counts.values()), counts


def test_a_worker_opens_rooms_only_under_codes_routed_to_it() -> None:
    for worker in range(4):
        assert {route(new_code(worker, 4), 4) for _ in range(50)} == {worker}
    assert new_code() in ALL_CODES


def test_the_request_line_gives_the_room_code_as_the_server_reads_it() -> None:
    assert request_target(b"GET /ws/hype HTTP/1.1\r\nHost: x\r\n\r\n") == "/ws/hype"
    assert room_of("/ws/hype") == "HYPE"  # any case, as clean_code reads it
    assert room_of("/api/rooms/TANK/record") == "TANK"
    assert room_of("/api/rooms/TANK?x=1") == "TANK"
    assert room_of("/r/MYTH/replay") == "MYTH"
    # No room: the next worker in turn.
    for target in ("/", "/api/rooms", "/api/games", "/static/app.js", "/ws/KXM0", "/ws/",
                   "/wsx/HYPE", "/api/rooms/HYPEX"):
        assert room_of(target) is None, target


def test_a_request_line_not_all_there_waits_and_one_that_cannot_be_is_refused() -> None:
    assert request_target(b"GET /ws/HY") is None
    assert request_target(b"") is None
    assert request_target(b"POST /api/rooms HTTP/1.") is None
    with pytest.raises(NotHttp, match="not an HTTP/1 request line"):
        request_target(b"SSH-2.0-OpenSSH_9.2\r\n")
    with pytest.raises(NotHttp, match="not an HTTP/1 request line"):
        request_target(b"get /ws/HYPE HTTP/1.1\r\n")
    with pytest.raises(NotHttp, match="not an HTTP/1 request line"):
        request_target(b"\x16\x03\x01\x00\xa5")  # a TLS hello, at once
    with pytest.raises(NotHttp, match="first 8192 bytes"):
        request_target(b"GET /" + b"a" * MAX_LINE)


class Running:
    """A front on a loopback port in a thread of its own, with ``count`` workers whose
    channel ends the test holds (``ends``)."""

    def __init__(self, count: int, peek_seconds: float) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET) for _ in range(count)]
        self.ends = [theirs for _, theirs in pairs]

        async def make() -> Front:
            front = Front(self.listener, [Worker(i, mine) for i, (mine, _) in enumerate(pairs)],
                          peek_seconds=peek_seconds)
            front.start()
            return front

        self.front = asyncio.run_coroutine_threadsafe(make(), self.loop).result(10)
        for end in self.ends:
            end.send(READY)
            end.settimeout(5)
        self.clients: list[socket.socket] = []
        until(lambda: all(w.alive for w in self.front.workers))

    def connect(self, first: bytes = b"") -> socket.socket:
        client = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        self.clients.append(client)
        if first:
            client.sendall(first)
        return client

    def taken(self, worker: int) -> socket.socket:
        """The next connection passed to ``worker``."""
        said, fds, _, _ = socket.recv_fds(self.ends[worker], 16, 1)
        assert said == b"c" and len(fds) == 1
        conn = socket.socket(fileno=fds[0])
        conn.settimeout(5)
        self.clients.append(conn)
        return conn

    def nothing_for(self, worker: int) -> bool:
        self.ends[worker].settimeout(0.2)
        try:
            self.ends[worker].recv(16)
        except TimeoutError:
            return True
        finally:
            self.ends[worker].settimeout(5)
        return False

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.front.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
        for sock in [*self.clients, *self.ends]:
            sock.close()


def until(test: object, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():  # type: ignore[operator]
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.01)


def closed_by_peer(client: socket.socket) -> bool:
    try:
        return client.recv(16) == b""
    except ConnectionResetError:
        return True


@pytest.fixture
def front() -> Iterator[Running]:
    running = Running(2, peek_seconds=1.0)
    yield running
    running.close()


def test_a_connection_goes_unread_to_the_worker_its_room_routes_to(front: Running) -> None:
    for code, worker in (("HYPE", 0), ("MYTH", 1), ("kxmp", 0), ("TANK", 1)):
        request = f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\r\n"
        client = front.connect(request.encode())
        passed = front.taken(worker)
        assert passed.recv(1024) == request.encode()  # nothing was taken off the socket
        passed.sendall(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")  # the worker answers
        assert client.recv(1024).startswith(b"HTTP/1.1 101")
    # (counted by the front's thread once each is sent)
    until(lambda: [w.handed for w in front.front.workers] == [2, 2])


def test_requests_naming_no_room_go_to_the_workers_in_turn(front: Running) -> None:
    turns = []
    for _ in range(4):
        front.connect(b"POST /api/rooms HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
        ready, _, _ = select.select(front.ends, [], [], 5)
        assert len(ready) == 1
        turns.append(front.ends.index(ready[0]))
        front.taken(turns[-1])
    assert turns == [0, 1, 0, 1]


def test_a_request_line_in_two_packets_is_read_whole(front: Running) -> None:
    client = front.connect(b"GET /api/rooms/MY")
    time.sleep(0.05)
    assert front.nothing_for(0) and front.nothing_for(1)
    client.sendall(b"TH/qr.svg HTTP/1.1\r\n\r\n")
    passed = front.taken(route("MYTH", 2))
    assert passed.recv(1024) == b"GET /api/rooms/MYTH/qr.svg HTTP/1.1\r\n\r\n"


def test_what_is_not_http_is_dropped_and_nothing_is_passed(front: Running) -> None:
    tls = front.connect(b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03")
    long = front.connect(b"GET /" + b"x" * (MAX_LINE + 10))
    assert closed_by_peer(tls) and closed_by_peer(long)
    assert front.nothing_for(0) and front.nothing_for(1)
    assert front.front.dropped == 2


def test_a_slow_client_blocks_nobody_and_is_dropped_at_its_deadline(front: Running) -> None:
    slow = front.connect(b"GET /ws/HY")  # and then nothing, ever
    start = time.monotonic()
    for code in ("HYPE", "MYTH"):
        front.connect(f"GET /ws/{code} HTTP/1.1\r\n\r\n".encode())
        front.taken(route(code, 2))
    assert time.monotonic() - start < 1.0  # served while the slow one still waits
    assert front.front.dropped == 0
    assert closed_by_peer(slow)  # its second (peek_seconds) is up
    assert front.front.dropped == 1


def test_a_dead_workers_rooms_go_to_the_next_live_one(front: Running) -> None:
    front.ends[1].close()  # worker 1's process is gone: its channel closes
    until(lambda: not front.front.workers[1].alive)
    front.connect(b"GET /ws/MYTH HTTP/1.1\r\n\r\n")  # routed to 1, which is gone
    assert front.taken(0).recv(64).startswith(b"GET /ws/MYTH ")
    front.ends[0].close()
    until(lambda: front.front.all_gone.is_set())
    assert closed_by_peer(front.connect(b"GET /ws/HYPE HTTP/1.1\r\n\r\n"))
