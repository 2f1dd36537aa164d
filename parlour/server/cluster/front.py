"""The front of ``parlour serve --processes N``: one process accepts every connection and
hands it to the worker process that owns its room.

Worker processes share rooms through Redis (``bus.py``): a connection that reaches a
process which does not own its room is served through the owner (``sharing.py``), which
is correct but costs both processes the connection's work. The front makes that the
exception. It accepts on the public address, reads the request line without taking it
off the socket (``MSG_PEEK``), finds the room code in ``/ws/CODE``, ``/api/rooms/CODE…``
or ``/r/CODE…``, and passes the socket itself to worker ``codes.route(code, N)`` over a
Unix socket (``SCM_RIGHTS``); the worker serves it as if it had accepted it
(``handoff.py``). Each worker opens rooms only under codes routed to it, so a room's
connections reach the process that owns it. Requests without a code (pages, ``POST
/api/rooms``, static files) go to the workers in turn. A worker that has died is skipped:
its rooms' connections go to the next live one, whose relay serves them (ownership in
Redis stays the one source of truth; the front only chooses where a connection goes).
Node's cluster module hands connections to its workers the same way.

A worker's channel carries, from the front, first its settings (:func:`send_settings`),
then its connections; from the worker, ``READY`` once it serves. ``workers.py`` starts
and stops the workers.

>>> room_of(request_target(b"GET /ws/kxmp HTTP/1.1\\r\\nHost: x\\r\\n"))
'KXMP'
>>> room_of("/api/rooms/HYPE/qr.svg?size=2"), room_of("/api/rooms"), room_of("/ws/KX")
('HYPE', None, None)
>>> request_target(b"GET /ws/KXMP HTT") is None  # not all there yet
True
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import logging
import re
import socket
import subprocess
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..config import Settings
from ..errors import ServeError
from ..rooms.codes import clean_code, route

logger = logging.getLogger("parlour.server")

MAX_LINE = 8192
"""A request line longer than this is not one a browser sends: the connection is dropped."""
PEEK_SECONDS = 5.0
"""A connection whose request line has not come whole this long after it opened is dropped."""
FIRST_RETRY, LAST_RETRY = 0.005, 0.1
"""Seconds between looks at a request line that came in part (doubling up to the last)."""
READY = b"R"
"""What a worker sends on its channel once it serves."""
SETTINGS_BYTES = 65_536
"""The most a worker's settings may take on its channel (they take about 1 kB)."""

REQUEST_LINE = re.compile(rb"[A-Z]{1,16} (\S{1,8000}) HTTP/1\.[01]\r?\n")
METHOD_SO_FAR = re.compile(rb"[A-Z]{0,16}(?: \S*(?: H?T?T?P?/?1?\.?[01]?\r?)?)?")
ROOM_PATHS = ("/ws/", "/api/rooms/", "/r/")


class NotHttp(ValueError):
    """What a connection sent first is not an HTTP/1 request line (or is far too long)."""


def request_target(head: bytes) -> str | None:
    """The target of the request line that ``head`` starts with; ``None`` if the line has
    not come whole yet; :class:`NotHttp` if it is not, and cannot become, a request line.

    >>> request_target(b"POST /api/rooms HTTP/1.1\\r\\nContent-Length: 2")
    '/api/rooms'
    >>> request_target(b"\\x16\\x03\\x01\\x02\\x00")  # a TLS hello
    Traceback (most recent call last):
    ...
    parlour.server.cluster.front.NotHttp: not an HTTP/1 request line: b'\\x16\\x03\\x01\\x02\\x00'
    """
    end = head.find(b"\n")
    if end < 0:
        if len(head) >= MAX_LINE:
            raise NotHttp(f"no request line in the first {MAX_LINE} bytes")
        if not METHOD_SO_FAR.fullmatch(head):
            raise NotHttp(f"not an HTTP/1 request line: {head[:40]!r}")
        return None
    found = REQUEST_LINE.fullmatch(head[:end + 1])
    if found is None:
        raise NotHttp(f"not an HTTP/1 request line: {head[:min(end, 40)]!r}")
    return found.group(1).decode("latin-1")


def send_settings(channel: socket.socket, settings: Settings) -> None:
    """Tell a worker its settings: the first message on its channel (the database's and
    Redis's addresses, with any password, stay out of the process list)."""
    channel.send(json.dumps(dataclasses.asdict(settings)).encode())


def read_settings(channel: socket.socket) -> Settings:
    """A worker's settings, as the front sent them on its channel.

    >>> front, worker = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    >>> send_settings(front, Settings(db_url="postgresql+asyncpg://db/x", worker=1, workers=2))
    >>> read_settings(worker) == Settings(db_url="postgresql+asyncpg://db/x", worker=1, workers=2)
    True
    >>> front.close(); worker.close()
    """
    return Settings(**json.loads(channel.recv(SETTINGS_BYTES)))


def room_of(target: str) -> str | None:
    """The room code a request's target names (as ``clean_code`` reads it), if any."""
    path = target.split("?", 1)[0]
    for prefix in ROOM_PATHS:
        if path.startswith(prefix):
            return clean_code(path[len(prefix):].split("/", 1)[0])
    return None


@dataclass(eq=False)
class Worker:
    """One worker process as the front sees it: its end of the channel, and the sockets
    waiting to be passed when the channel is full."""

    index: int
    channel: socket.socket
    proc: subprocess.Popen[bytes] | None = None
    alive: bool = False
    """Serving: it said it was ready, and its channel has not closed since."""
    ready: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())
    waiting: deque[tuple[socket.socket, str | None]] = field(default_factory=deque)
    handed: int = 0


@dataclass(eq=False)
class Peeking:
    """A connection whose request line the front is waiting for."""

    conn: socket.socket
    deadline: asyncio.TimerHandle
    retry: asyncio.TimerHandle | None = None
    delay: float = FIRST_RETRY


class Front:
    """Accepts on ``listener`` and passes each connection to its room's worker."""

    def __init__(self, listener: socket.socket, workers: Sequence[Worker],
                 peek_seconds: float = PEEK_SECONDS) -> None:
        self.loop = asyncio.get_running_loop()
        self.peek_seconds = peek_seconds
        self.listener = listener
        self.workers = list(workers)
        self.turns = itertools.count()
        self.peeking: dict[socket.socket, Peeking] = {}
        self.dropped = 0
        self.all_gone = asyncio.Event()
        for worker in self.workers:
            self.watch(worker)

    def watch(self, worker: Worker) -> None:
        """Listen to ``worker``'s channel: it says when it is ready, and closes if it dies."""
        worker.channel.setblocking(False)
        self.loop.add_reader(worker.channel.fileno(), self._hear, worker)

    def start(self) -> None:
        self.listener.setblocking(False)
        self.loop.add_reader(self.listener.fileno(), self._accept)

    def close(self) -> None:
        """Stop accepting, drop the connections not yet passed, and close the channels
        (a worker whose channel closes shuts down)."""
        self.loop.remove_reader(self.listener.fileno())
        self.listener.close()
        for peeking in list(self.peeking.values()):
            self._drop(peeking)
        for worker in self.workers:
            self._forget(worker)

    # -- accepting and reading the request line -------------------------------------------
    def _accept(self) -> None:
        for _ in range(64):
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors, say: accept again a little later
                logger.exception("the front could not accept a connection")
                self.loop.remove_reader(self.listener.fileno())
                self.loop.call_later(0.1, self.start)
                return
            conn.setblocking(False)
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            peeking = Peeking(conn, self.loop.call_later(self.peek_seconds, self._expire, conn))
            self.peeking[conn] = peeking
            self.loop.add_reader(conn.fileno(), self._peek, peeking)

    def _peek(self, peeking: Peeking) -> None:
        conn = peeking.conn
        self.loop.remove_reader(conn.fileno())
        peeking.retry = None
        try:
            head = conn.recv(MAX_LINE, socket.MSG_PEEK)
            if not head:
                raise NotHttp("closed before a request line")
            target = request_target(head)
        except (BlockingIOError, InterruptedError):
            self.loop.add_reader(conn.fileno(), self._peek, peeking)
            return
        except (OSError, NotHttp):
            self._drop(peeking)
            return
        if target is None:
            # Part of a line: its bytes keep the socket readable, so look again later
            # rather than wait to be told it is readable (which would spin).
            peeking.retry = self.loop.call_later(peeking.delay, self._again, peeking)
            peeking.delay = min(2 * peeking.delay, LAST_RETRY)
            return
        del self.peeking[conn]
        peeking.deadline.cancel()
        self.pass_on(conn, room_of(target))

    def _again(self, peeking: Peeking) -> None:
        peeking.retry = None
        self.loop.add_reader(peeking.conn.fileno(), self._peek, peeking)

    def _expire(self, conn: socket.socket) -> None:
        peeking = self.peeking.get(conn)
        if peeking is not None:
            self._drop(peeking)

    def _drop(self, peeking: Peeking) -> None:
        self.peeking.pop(peeking.conn, None)
        self.dropped += 1
        peeking.deadline.cancel()
        if peeking.retry is not None:
            peeking.retry.cancel()
        self.loop.remove_reader(peeking.conn.fileno())
        peeking.conn.close()

    # -- passing connections to workers ------------------------------------------------------
    def pass_on(self, conn: socket.socket, code: str | None) -> None:
        """Pass ``conn`` to room ``code``'s worker (or the next live one); to the next in
        turn if it names no room; closed if no worker is left."""
        count = len(self.workers)
        first = route(code, count) if code else next(self.turns) % count
        for step in range(count):
            worker = self.workers[(first + step) % count]
            if worker.alive:
                self._hand(worker, conn, code)
                return
        conn.close()

    def _hand(self, worker: Worker, conn: socket.socket, code: str | None) -> None:
        if worker.waiting:
            worker.waiting.append((conn, code))
            return
        try:
            socket.send_fds(worker.channel, [b"c"], [conn.fileno()])
        except (BlockingIOError, InterruptedError):
            worker.waiting.append((conn, code))
            self.loop.add_writer(worker.channel.fileno(), self._flush, worker)
            return
        except OSError:
            self._lost(worker)
            self.pass_on(conn, code)
            return
        worker.handed += 1
        conn.close()  # the worker has its own copy now

    def _flush(self, worker: Worker) -> None:
        while worker.waiting:
            conn = worker.waiting[0][0]
            try:
                socket.send_fds(worker.channel, [b"c"], [conn.fileno()])
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self._lost(worker)
                return
            worker.waiting.popleft()
            worker.handed += 1
            conn.close()
        self.loop.remove_writer(worker.channel.fileno())

    def _hear(self, worker: Worker) -> None:
        try:
            said = worker.channel.recv(16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            said = b""
        if not said:
            self._lost(worker)
        elif said == READY and not worker.ready.done():
            worker.alive = True
            worker.ready.set_result(None)

    def _lost(self, worker: Worker) -> None:
        """``worker`` has died (its channel closed): its connections go to the others."""
        was_alive = worker.alive
        self._forget(worker)
        if not worker.ready.done():
            worker.ready.set_exception(ServeError(f"worker {worker.index} exited at start"))
        if was_alive:
            logger.warning("worker %d (pid %s) is gone; its rooms' connections go to the"
                           " others", worker.index, worker.proc.pid if worker.proc else "?")
        waiting, worker.waiting = worker.waiting, deque()
        for conn, code in waiting:
            self.pass_on(conn, code)
        if not any(w.alive for w in self.workers):
            self.all_gone.set()

    def _forget(self, worker: Worker) -> None:
        worker.alive = False
        if worker.channel.fileno() >= 0:
            self.loop.remove_reader(worker.channel.fileno())
            self.loop.remove_writer(worker.channel.fileno())
            worker.channel.close()
