"""``parlour load``: keep M rooms of Love Me Not playing over real websockets, and measure.

The load is the one of the boardgame.io peer's harness, so that the two compare:

- one single-match game per room; two clients per room, each on its own websocket,
  that move as soon as their own snapshot offers them a move (a closed loop);
- when both clients have seen the game end, the game is checked (the scores recomputed
  from the two players' own final views) and a new room is opened, joined and started,
  which is part of the load; the clients keep their websockets and move them to the
  new room (``hello`` naming it), as the peer's move theirs to the new match
  (``turnover``: ``new-sockets`` connects anew for each room instead, ``again`` plays
  the next game in the same room);
- a move's latency runs from sending it to the first snapshot that shows the mover
  the card it kept; only moves completed inside the measured window count, and the
  window starts once the first M rooms are playing;
- each client asks for patches (docs/protocol.md), as the browser does, and applies
  them to the snapshot it has.

Server CPU and memory come from ``/proc`` of the server processes.

>>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50)
3.0
>>> percentile([], 99) is None
True
>>> patched({"log": ["a", "b"], "play": {"over": False}}, [
...     {"op": "remove", "path": "/log/0"}, {"op": "add", "path": "/log/-", "value": "c"},
...     {"op": "replace", "path": "/play/over", "value": True}])
{'log': ['b', 'c'], 'play': {'over': True}}
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import math
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator
from contextlib import AsyncExitStack, ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import httpx
import orjson

from parlour.games.love_me_not import DECK, score

from .budget import MAX_CORES, MIN_CORES, cpu_budget
from .fleet import (
    Fleet,
    cpu_seconds,
    is_loopback,
    listening_pids,
    load_average,
    memory_mb,
    runqueue_seconds,
    spawned,
)

GAME = "love-me-not"
NEW_ROOM = orjson.dumps({"game": GAME, "options": {"matches": 1}})
JSON = {"Content-Type": "application/json"}
SETUP_CONCURRENCY = 16
"""Rooms being opened at once while the first M are set up (as the peer's harness)."""
MOVE_TIMEOUT = 10.0
"""A move not reflected by then counts as an error."""
DRAIN = 0.3
"""Seconds after the window before memory is read and the clients leave."""
SLOW = 1.0
"""A move slower than this (seconds) is counted apart: the issue's "no move over 1 s"."""
MAX_ROOMS, MAX_SECONDS, MAX_PROCESSES = 1000, 600.0, 16
TURNOVERS = ("new-room", "new-sockets", "again")
"""How a table goes on to its next game: a new room, reached over the sockets it has
(the peer's harness: the same sockets, a new match); a new room over new sockets; the
same room (the host's "play again", as a table of people does)."""
SYNCS = ("full", "normal")
"""``parlour serve --sync``'s choices (the server's ``SYNC_MODES``: lab and server are
kept apart)."""
SPREADS = ("owner", "kernel")


class LoadError(ValueError):
    """A load test asked for something it cannot do; the message says what."""


@dataclass(frozen=True)
class LoadSpec:
    """What to run: M rooms for S seconds against a server (spawned unless ``url`` is set)."""

    rooms: int = 10
    seconds: float = 10.0
    url: str | None = None
    processes: int = 1
    store: str = "sqlite"
    workdir: Path | None = None
    profile: Path | None = None
    clients: int = 1
    """Load-generating processes the rooms are shared among."""
    turnover: str = "new-room"
    """How a table goes on to its next game (one of ``TURNOVERS``)."""
    spread: str = "owner"
    """Several processes: a front passing each connection to its room's owner (``owner``),
    or the kernel spreading them over servers on one port (``kernel``)."""
    cpu_per_process: float | None = None
    """Each serving process's CPU budget in cores (``budget.py``); ``None``: no limit."""
    sync: str | None = None
    """The spawned servers' ``parlour serve --sync`` (``full`` when ``None``)."""

    def check(self) -> None:
        if not 1 <= self.rooms <= MAX_ROOMS:
            raise LoadError(f"--rooms is 1 to {MAX_ROOMS} (got {self.rooms})")
        if not 0 < self.seconds <= MAX_SECONDS:
            raise LoadError(f"--seconds is more than 0 and at most {MAX_SECONDS:g}"
                            f" (got {self.seconds:g})")
        if not 1 <= self.processes <= MAX_PROCESSES:
            raise LoadError(f"--processes is 1 to {MAX_PROCESSES} (got {self.processes})")
        if not 1 <= self.clients <= min(MAX_PROCESSES, self.rooms):
            raise LoadError(f"--clients is 1 to {MAX_PROCESSES}, and at most --rooms"
                            f" (got {self.clients})")
        if self.spread not in SPREADS:
            raise LoadError(f"--spread is owner or kernel (got {self.spread!r})")
        if self.turnover not in TURNOVERS:
            raise LoadError(f"--turnover is one of {', '.join(TURNOVERS)}"
                            f" (got {self.turnover!r})")
        if self.sync is not None and self.sync not in SYNCS:
            raise LoadError(f"--sync is one of {', '.join(SYNCS)} (got {self.sync!r})")
        if self.sync is not None and self.url is not None:
            raise LoadError("--sync sets up the servers it starts: it goes with --spawn,"
                            " not --url")
        if self.store not in ("sqlite", "postgres"):
            raise LoadError(f"--store is sqlite or postgres (got {self.store!r})")
        if self.url is not None and not is_loopback(self.url):
            raise LoadError(f"a load test runs on loopback only, not {self.url!r}")
        if self.profile is not None and self.profile.suffix not in PROFILE_FORMATS:
            raise LoadError("--profile names a .svg (flame graph), .txt (collapsed stacks)"
                            " or .json (speedscope) file")
        if self.profile is not None:
            py_spy()
        if self.url is not None and self.processes != 1:
            raise LoadError("--processes starts servers: it goes with --spawn, not --url")
        if self.cpu_per_process is not None:
            if self.url is not None:
                raise LoadError("--cpu-per-process limits the servers it starts: it goes"
                                " with --spawn, not --url")
            if not MIN_CORES <= self.cpu_per_process <= MAX_CORES:
                raise LoadError(f"--cpu-per-process is {MIN_CORES:g} to {MAX_CORES:g} cores"
                                f" (got {self.cpu_per_process:g})")


def encode(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


def patched(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """``doc`` with a JSON Patch (the server's add, remove and replace) applied in place."""
    for op in ops:
        path = op["path"]
        if not path:
            doc = op["value"]
            continue
        steps = [s.replace("~1", "/").replace("~0", "~") for s in path.split("/")[1:]]
        node = doc
        for step in steps[:-1]:
            node = node[int(step)] if isinstance(node, list) else node[step]
        last = steps[-1]
        if isinstance(node, list):
            index = len(node) if last == "-" else int(last)
            if op["op"] == "add":
                node.insert(index, op["value"])
            elif op["op"] == "remove":
                del node[index]
            else:
                node[index] = op["value"]
        elif op["op"] == "remove":
            del node[last]
        else:
            node[last] = op["value"]
    return doc


def percentile(values: list[float], p: float) -> float | None:
    """The nearest-rank percentile (the peer's definition), or ``None`` with no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


@dataclass
class Tally:
    """What the clients saw: moves and their latencies (ms), games, errors."""

    running: bool = False
    stopped: bool = False
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    games_finished: int = 0
    games_checked: int = 0
    rooms_opened: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        self.examples.setdefault(kind, detail[:300])


def problems_in_view(view: dict[str, Any], seat: int) -> list[str]:
    """What a player's view of a running game shows that it must not (the opponent's secrets)."""
    other = view["seats"][1 - seat]
    found = []
    if other["pile"] is not None:
        found.append("the opponent's pile is shown")
    if any(c["card"] is not None and not c["revealed"] for c in other["tableau"]):
        found.append("an unrevealed card of the opponent is shown")
    return found


def problems_at_end(finals: list[dict[str, Any]]) -> list[str]:
    """Check a finished game from the two players' own final snapshots."""
    found = []
    views = [f["play"]["view"] for f in finals]
    results = [f["play"]["result"] for f in finals]
    if results[0] != results[1] or results[0] is None:
        found.append("the players were told different results")
    tableaus = [[c["card"] for c in views[s]["seats"][s]["tableau"]] for s in (0, 1)]
    piles = [views[s]["seats"][s]["pile"] or [] for s in (0, 1)]
    expected = [score(tableaus[s], piles[s], piles[1 - s]) for s in (0, 1)]
    if results[0] is not None and results[0]["scores"] != expected:
        found.append(f"scores {results[0]['scores']} are not the recomputed {expected}")
    if sorted([*tableaus[0], *tableaus[1], *piles[0], *piles[1]]) != sorted(DECK):
        found.append("the cards are not exactly the 20-card deck")
    return found


class Player:
    """One client: a websocket to a room, sending a move as soon as it may."""

    def __init__(self, table: Table, number: int) -> None:
        self.table = table
        self.number = number
        self.tally = table.tally
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.last: dict[str, Any] | None = None
        self.pending: tuple[float, int] | None = None
        self.final: dict[str, Any] | None = None
        self.snapshots = asyncio.Condition()
        self.leaving = False

    async def enter(self, url: str, code: str, token: str | None) -> None:
        """Say hello to room ``code`` (with the host's token if given): over the websocket
        this player has if the table keeps its sockets (it leaves its last room), else
        over a new one."""
        self.last = self.final = self.pending = None
        self.leaving = False
        hello = {"type": "hello", "token": token, "patches": True}
        reader = self.reader
        if self.ws is not None and reader is not None and not reader.done() \
                and self.table.turnover == "new-room":
            await self.ws.send_str(encode({**hello, "room": code}))
            return
        self.ws = await self.table.sockets.ws_connect(
            f"{url}/ws/{code}", max_msg_size=1 << 22, compress=0,
            timeout=aiohttp.ClientWSTimeout(ws_receive=None, ws_close=MOVE_TIMEOUT))
        self.reader = asyncio.create_task(self._read(self.ws))
        await self.ws.send_str(encode(hello))

    async def request(self, message: dict[str, Any]) -> None:
        """Send a set-up message and wait for its ``ok`` (an ``error`` raises)."""
        assert self.ws is not None
        ident = next(self.ids)
        reply = self.waiting[ident] = asyncio.get_running_loop().create_future()
        try:
            await self.ws.send_str(encode({**message, "id": ident}))
            async with asyncio.timeout(MOVE_TIMEOUT):
                answer = await reply
        except TimeoutError:
            raise LoadError(f"no answer to {message['type']} in {MOVE_TIMEOUT:g} s") from None
        finally:
            self.waiting.pop(ident, None)
        if answer["type"] != "ok":
            raise LoadError(f"{message['type']} was refused: {answer.get('message')}")

    async def until(self, what: str, test: Callable[[dict[str, Any]], bool]) -> None:
        """Wait for a snapshot that passes ``test`` (the last one may already)."""
        try:
            async with asyncio.timeout(MOVE_TIMEOUT), self.snapshots:
                await self.snapshots.wait_for(lambda: self.last is not None and test(self.last))
        except TimeoutError:
            raise LoadError(f"player {self.number} saw no snapshot where {what}"
                            f" in {MOVE_TIMEOUT:g} s") from None

    async def leave(self) -> None:
        self.leaving = True
        if self.ws is not None:
            with suppress(aiohttp.ClientError, OSError, TimeoutError):
                async with asyncio.timeout(MOVE_TIMEOUT):
                    await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
            with suppress(asyncio.CancelledError):
                await self.reader
        self.ws = self.reader = None

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for frame in ws:
                if frame.type is not aiohttp.WSMsgType.TEXT:
                    why = f"a {frame.type.name} frame: {frame.data}"
                    break
                await self._received(orjson.loads(frame.data))
            else:
                why = f"closed by the server ({ws.close_code})"
        except (aiohttp.ClientError, OSError) as exc:
            why = f"{type(exc).__name__}: {exc}"
        if not self.leaving and not self.tally.stopped:
            self.tally.error("disconnect", why)
        for reply in self.waiting.values():
            if not reply.done():
                reply.set_result({"type": "error", "message": "the connection closed"})

    async def _received(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "room" and msg["room"]["code"] != self.table.code:
            return  # sent by the last room before this player left it
        if kind == "patch":
            if self.last is None and self.table.turnover == "new-room":
                return  # the last room's, before the new room's whole snapshot
            if self.last is None or msg["n"] != self.last["n"] + 1:
                self.tally.error("patch_out_of_order", f"room {self.table.code}: {msg['n']}")
                return
            self.last["n"] = msg["n"]
            await self._snapshot(patched(self.last, msg["ops"]))
        elif kind == "room":
            await self._snapshot(msg)
        elif kind in ("ok", "error") and msg.get("id") in self.waiting:
            reply = self.waiting[msg["id"]]
            if not reply.done():  # not given up on (timed out) meanwhile
                reply.set_result(msg)
        elif kind == "error":
            self.pending = None
            self.tally.error("refused", str(msg.get("message")))

    async def _snapshot(self, msg: dict[str, Any]) -> None:
        self.last = msg
        async with self.snapshots:
            self.snapshots.notify_all()
        play = msg["play"]
        if play is None:
            return
        seat: int = msg["you"]["seat"]
        view = play["view"]
        if self.pending is not None and len(view["seats"][seat]["tableau"]) > self.pending[1]:
            if self.tally.running:
                self.tally.moves += 1
                self.tally.latencies.append((time.perf_counter() - self.pending[0]) * 1000)
            self.pending = None
        if play["over"]:
            if self.final is None:
                # A copy: later patches change self.last in place (orjson: quicker than deepcopy).
                self.final = orjson.loads(orjson.dumps(msg))
                self.table.player_done()
            return
        for problem in problems_in_view(view, seat):
            self.tally.error("secret_shown", f"room {msg['room']['code']}: {problem}")
        await self.move()

    async def move(self) -> None:
        """Keep one of the two drawn cards, if the last snapshot offers a move."""
        msg = self.last
        if not self.tally.running or self.pending is not None or msg is None or self.ws is None:
            return
        play = msg["play"]
        if play is None or play["over"] or not play["legal"]:
            return
        seat = msg["you"]["seat"]
        self.pending = (time.perf_counter(), len(play["view"]["seats"][seat]["tableau"]))
        action = random.choice(play["legal"]["choices"])
        with suppress(aiohttp.ClientError, OSError):  # closed: the reader tells why
            await self.ws.send_str(encode({"type": "act", "action": action}))

    def watchdog(self, now: float) -> None:
        if self.pending is not None and now - self.pending[0] > MOVE_TIMEOUT:
            self.tally.error("move_timeout", f"room {self.table.code} player {self.number}")
            # Given up on, but not sent again: the move may still land, and the snapshot
            # that shows it lets the player go on.
            self.pending = None


class Table:
    """One slot of the M: a room with its two players, replaced when its game ends."""

    def __init__(self, number: int, url: str, http: aiohttp.ClientSession,
                 sockets: aiohttp.ClientSession, tally: Tally,
                 turnover: str = "new-room") -> None:
        self.number = number
        self.turnover = turnover
        self.url = url
        self.http = http
        self.sockets = sockets
        self.tally = tally
        self.code = ""
        self.players = [Player(self, 0), Player(self, 1)]
        self.done = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        """Open a room for a single-match game, seat both players, start; wait until both
        see it."""
        async with self.http.post("/api/rooms", data=NEW_ROOM, headers=JSON) as reply:
            if reply.status != 201:
                raise LoadError(f"POST /api/rooms answered {reply.status}: {await reply.text()}")
            room = orjson.loads(await reply.read())
        self.code, self.done = room["code"], 0
        host, guest = self.players
        await asyncio.gather(host.enter(self.url, self.code, room["token"]),
                             guest.enter(self.url, self.code, None))
        # Both sit at once, as two phones do (and as the peer's clients join their seats);
        # the host starts once it has seen both seats taken.
        await asyncio.gather(*(p.request({"type": "sit", "seat": p.number,
                                          "name": f"bot{self.number}-{p.number}"})
                               for p in self.players))
        await host.until("both seats are taken",
                         lambda m: all(s["name"] for s in m["room"]["seats"]))
        await host.request({"type": "start"})
        for player in self.players:
            await player.until("the game has started", lambda m: m["play"] is not None)
        self.tally.rooms_opened += 1

    def player_done(self) -> None:
        self.done += 1
        if self.done < 2:
            return
        finals = [p.final for p in self.players]
        self.tally.games_checked += 1
        for problem in problems_at_end([f for f in finals if f is not None]):
            self.tally.error("final_check", f"room {self.code}: {problem}")
        if self.tally.running:
            self.tally.games_finished += 1
            self.spawn(self.play_again() if self.turnover == "again" else self.next())

    async def play_again(self) -> None:
        """The host starts the next game in this room; each player moves on seeing it."""
        self.done = 0
        for player in self.players:
            player.final = None
        try:
            await self.players[0].request({"type": "again"})
        except (LoadError, aiohttp.ClientError, OSError, TimeoutError) as exc:
            self.tally.error("again", f"{type(exc).__name__}: {exc}")
            await self.next()

    async def next(self) -> None:
        """Play on in a new room (leaving the finished one: see ``Player.enter``)."""
        if self.turnover == "new-sockets":
            await asyncio.gather(*(p.leave() for p in self.players))
        while self.tally.running:
            try:
                await self.open()
            except (LoadError, aiohttp.ClientError, OSError, TimeoutError) as exc:
                self.tally.error("lobby", f"{type(exc).__name__}: {exc}")
                await asyncio.gather(*(p.leave() for p in self.players))
                await asyncio.sleep(0.1)
                continue
            await asyncio.gather(*(p.move() for p in self.players))
            return

    def spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(p.leave() for p in self.players))


@dataclass
class Servers:
    """The server processes under test (and their database's), read through ``/proc``."""

    pids: list[int]
    database_pids: Callable[[], list[int]] = list

    def cpu(self) -> dict[int, float]:
        return {p: c for p in self.pids if (c := cpu_seconds(p)) is not None}

    def loop_cpu(self) -> dict[int, float]:
        """CPU of the main threads, which run the event loops (the rest is other threads)."""
        return {p: c for p in self.pids if (c := cpu_seconds(p, p)) is not None}

    def loop_waiting(self) -> dict[int, float]:
        """Seconds the main threads waited, ready to run, for a CPU."""
        return {p: w for p in self.pids if (w := runqueue_seconds(p, p)) is not None}

    def database_cpu(self) -> dict[int, float]:
        return {p: c for p in self.database_pids() if (c := cpu_seconds(p)) is not None}

    def memory(self, key: str) -> float:
        return sum(memory_mb(p, key) or 0.0 for p in self.pids)


def used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings (a process that started since counts whole)."""
    return sum(c - before.get(p, 0.0) for p, c in after.items())


async def _set_up(tables: list[Table], tally: Tally) -> None:
    queue = list(reversed(tables))

    async def worker() -> None:
        while queue:
            table = queue.pop()
            for attempt in range(3):
                try:
                    await table.open()
                    break
                except (LoadError, aiohttp.ClientError, OSError, TimeoutError) as exc:
                    tally.error("lobby", f"{type(exc).__name__}: {exc}")
                    await asyncio.gather(*(p.leave() for p in table.players))
                    if attempt == 2:
                        raise LoadError(f"could not open room {table.number}: {exc}") from exc
                    await asyncio.sleep(0.2)

    await asyncio.gather(*(worker() for _ in range(min(SETUP_CONCURRENCY, len(tables)))))


async def _watch(tables: list[Table]) -> None:
    while True:
        await asyncio.sleep(1.0)
        now = time.perf_counter()
        for table in tables:
            for player in table.players:
                player.watchdog(now)


PROFILE_FORMATS = {".svg": "flamegraph", ".txt": "raw", ".json": "speedscope"}


def py_spy() -> Path:
    spy = Path(sys.executable).parent / "py-spy"
    if not spy.exists():
        raise LoadError("--profile needs py-spy: pip install -e '.[perf]'")
    return spy


@contextmanager
def _profiler(path: Path | None, pids: list[int], seconds: float) -> Iterator[None]:
    """py-spy recording the first server process for the window, if asked for."""
    if path is None or not pids:
        yield
        return
    proc = subprocess.Popen([str(py_spy()), "record", "--pid", str(pids[0]), "--output",
                             str(path), "--format", PROFILE_FORMATS[path.suffix], "--duration",
                             str(math.ceil(seconds)), "--rate", "100"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield
    finally:
        _, err = proc.communicate(timeout=60)
        if proc.returncode != 0:
            raise LoadError(f"py-spy failed: {err.decode(errors='replace')[-300:]}")


Ready = Callable[[], Coroutine[Any, Any, None]]


@dataclass
class Share:
    """What one load-generating process saw in the window: its tally and its own CPU."""

    tally: Tally
    cpu_s: float
    inflight: int
    setup_s: float
    errors_during_setup: int


async def play_share(url: str, first: int, rooms: int, seconds: float,
                     ready: Ready, turnover: str = "new-room") -> Share:
    """Set up ``rooms`` rooms (numbered from ``first``), await ``ready()`` (every process
    is set up), play for ``seconds``, and return what was seen."""
    tally = Tally()
    async with AsyncExitStack() as clients:
        # A client for the POSTs (one kept-alive connection) per table: with httpx, a pool
        # shared by all the tables cost the load generator more CPU per room opened than
        # the server spent on it.
        sockets = await clients.enter_async_context(socket_client())
        tables = [Table(first + i, url, await clients.enter_async_context(http_client(url)),
                        sockets, tally, turnover) for i in range(rooms)]
        started = time.perf_counter()
        try:
            async with asyncio.timeout(60 + rooms * 0.2):
                await _set_up(tables, tally)
            setup_s = time.perf_counter() - started
            errors_in_setup = sum(tally.errors.values())
            clients.enter_context(collecting_seldom())
            await ready()
            own0 = os.times()
            tally.running = True
            watch = asyncio.create_task(_watch(tables))
            await asyncio.gather(*(p.move() for t in tables for p in t.players))
            await asyncio.sleep(seconds)
            tally.running = False
            own1 = os.times()
            watch.cancel()
            inflight = sum(p.pending is not None for t in tables for p in t.players)
            await asyncio.sleep(DRAIN)
        finally:
            tally.running, tally.stopped = False, True
            await asyncio.gather(*(t.close() for t in tables))
    cpu = (own1.user + own1.system) - (own0.user + own0.system)
    return Share(tally, cpu, inflight, setup_s, errors_in_setup)


COLLECT_EVERY = (50_000, 20, 100)
"""The generator's collector in the window, as the server's (``settle_memory`` in
``parlour.server.app``): with Python's defaults it collected its oldest generation about
once a second for 20-30 ms, and every move in flight was measured that much slower."""


@contextmanager
def collecting_seldom() -> Iterator[None]:
    """The objects made so far (the tables, their connections) are kept out of the
    collector's scans and it collects seldom, until the window ends."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECT_EVERY)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


# The clients are aiohttp's, whose parsers are in C: httpx spent about 0.8 ms of CPU on
# each POST /api/rooms, aiohttp 0.24 ms, and the load generator must keep up with the
# server it measures, not limit it.
def http_client(url: str) -> aiohttp.ClientSession:
    """A table's client for POST /api/rooms: one kept-alive connection."""
    return aiohttp.ClientSession(url, timeout=aiohttp.ClientTimeout(total=MOVE_TIMEOUT),
                                 connector=aiohttp.TCPConnector(limit=1))


def socket_client() -> aiohttp.ClientSession:
    """The players' client for websockets, each on a connection of its own: one kept alive
    after a POST would have been handed by a front (``--processes``) to the process that
    answered the POST, not to the room's owner."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=MOVE_TIMEOUT),
                                 connector=aiohttp.TCPConnector(limit=0, force_close=True))


def _client_process(url: str, first: int, rooms: int, seconds: float, barrier: Any,
                    results: Any, turnover: str) -> None:
    """One of several load-generating processes (``--clients``)."""
    async def ready() -> None:
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)

    results.put(_run(play_share(url, first, rooms, seconds, ready, turnover)))


def merged(shares: list[Share]) -> Tally:
    tally = Tally()
    for share in shares:
        one = share.tally
        tally.moves += one.moves
        tally.latencies += one.latencies
        tally.games_finished += one.games_finished
        tally.games_checked += one.games_checked
        tally.rooms_opened += one.rooms_opened
        tally.errors.update(one.errors)
        for kind, text in one.examples.items():
            tally.examples.setdefault(kind, text)
    return tally


async def drive(spec: LoadSpec, url: str, servers: Servers) -> dict[str, Any]:
    """Set up ``spec.rooms`` rooms, play for ``spec.seconds``, and return the figures.

    With ``spec.clients`` > 1 the rooms are shared among that many processes, so that
    the load generator is not what limits a fast server.
    """
    idle_rss = servers.memory("VmRSS")
    loop = asyncio.get_running_loop()
    sizes = [spec.rooms // spec.clients + (i < spec.rooms % spec.clients)
             for i in range(spec.clients)]
    firsts = [sum(sizes[:i]) for i in range(spec.clients)]
    if spec.clients == 1:
        go, set_up = asyncio.Event(), asyncio.Event()

        async def ready() -> None:
            set_up.set()
            await go.wait()

        play = asyncio.ensure_future(play_share(url, 0, spec.rooms, spec.seconds, ready,
                                                spec.turnover))
        everyone_ready = asyncio.create_task(set_up.wait())
        done, _ = await asyncio.wait({play, everyone_ready},
                                     return_when=asyncio.FIRST_COMPLETED)
        if play in done:
            await play  # set-up failed: raise its error
        shares_of: Callable[[], Coroutine[Any, Any, list[Share]]]

        async def one_share() -> list[Share]:
            return [await play]

        start, shares_of = go.set, one_share
    else:
        context = multiprocessing.get_context("spawn")
        barrier, results = context.Barrier(spec.clients + 1), context.Queue()
        workers = [context.Process(target=_client_process, daemon=True,
                                   args=(url, first, size, spec.seconds, barrier, results,
                                         spec.turnover))
                   for first, size in zip(firsts, sizes, strict=True) if size]
        for worker in workers:
            worker.start()
        await loop.run_in_executor(None, barrier.wait, 120 + spec.rooms * 0.2)

        async def all_shares() -> list[Share]:
            found = [await loop.run_in_executor(None, results.get, True, 120)
                     for _ in workers]
            for worker in workers:
                worker.join(10)
            return found

        def start() -> None:
            return None

        shares_of = all_shares
    load0, rss0 = load_average(), servers.memory("VmRSS")
    cpu0, loop0, db0 = servers.cpu(), servers.loop_cpu(), servers.database_cpu()
    wait0 = servers.loop_waiting()
    started = time.perf_counter()
    start()
    with _profiler(spec.profile, servers.pids, spec.seconds):
        await asyncio.sleep(spec.seconds)
        elapsed = time.perf_counter() - started
        cpu1, loop1, db1 = servers.cpu(), servers.loop_cpu(), servers.database_cpu()
        wait1 = servers.loop_waiting()
    shares = await shares_of()
    figures = summarise(spec, merged(shares), elapsed, {
        "server_cpu_s": used(cpu0, cpu1), "loop_cpu_s": used(loop0, loop1),
        "cpu_each_s": [used({p: cpu0.get(p, 0.0)}, {p: cpu1.get(p, 0.0)}) for p in servers.pids],
        "loop_wait_s": used(wait0, wait1),
        "database_cpu_s": used(db0, db1), "load_cpu_s": sum(s.cpu_s for s in shares),
        "rss0": rss0, "rss": servers.memory("VmRSS"), "rss_peak": servers.memory("VmHWM"),
        "load0": load0, "load1": load_average(),
        "inflight": sum(s.inflight for s in shares), "measured": bool(servers.pids),
        "loops": len(servers.pids),
    })
    figures.update(setup_s=round(max(s.setup_s for s in shares), 3),
                   errors_during_setup=sum(s.errors_during_setup for s in shares))
    if servers.pids:
        per_room = (figures["server_rss_mb"] - idle_rss) / spec.rooms
        figures.update(server_rss_idle_mb=round(idle_rss, 1),
                       server_rss_per_room_mb=round(per_room, 3))
    return figures


def summarise(spec: LoadSpec, tally: Tally, elapsed: float,
              read: dict[str, Any]) -> dict[str, Any]:
    """The figures of a run, named as the peer's harness names them where they compare."""
    lat = tally.latencies

    def ms(p: float) -> float | None:
        value = percentile(lat, p)
        return None if value is None else round(value, 3)

    def per_cpu(cpu: float) -> float | None:
        return round(tally.moves / cpu, 1) if cpu > 0 else None

    measured = read["measured"]
    cpu = read["server_cpu_s"]
    return {
        "rooms": spec.rooms, "seconds": spec.seconds, "processes": spec.processes,
        "spread": spec.spread if spec.processes > 1 and spec.url is None else None,
        "clients": spec.clients, "turnover": spec.turnover,
        "store": spec.store if spec.url is None else None,
        "moves": tally.moves, "moves_per_s": round(tally.moves / elapsed, 1),
        "p50_ms": ms(50), "p95_ms": ms(95), "p99_ms": ms(99),
        "mean_ms": round(sum(lat) / len(lat), 3) if lat else None,
        "max_ms": round(max(lat), 3) if lat else None,
        "moves_over_1s": sum(x > SLOW * 1000 for x in lat),
        "games_finished": tally.games_finished, "games_checked": tally.games_checked,
        "rooms_opened": tally.rooms_opened,
        "errors": sum(tally.errors.values()), "error_kinds": dict(tally.errors),
        "error_examples": tally.examples, "inflight_at_end": read["inflight"],
        "elapsed_s": round(elapsed, 3),
        "server_cpu_pct": round(100 * cpu / elapsed, 1) if measured else None,
        "server_loop_cpu_pct": round(100 * read["loop_cpu_s"] / elapsed, 1)
        if measured else None,
        # Each server process's share, in the order started (with a front: the front first).
        "server_cpu_pct_each": [round(100 * c / elapsed, 1) for c in read["cpu_each_s"]],
        # Ready to run but waiting for a core: a share of the window per event loop.
        "server_loop_runqueue_pct": round(100 * read["loop_wait_s"] / elapsed
                                          / max(1, read["loops"]), 1) if measured else None,
        "moves_per_server_cpu_s": per_cpu(cpu) if measured else None,
        "database_cpu_pct": round(100 * read["database_cpu_s"] / elapsed, 1),
        "server_rss_mb": round(read["rss"], 1) if measured else None,
        "server_rss_peak_mb": round(read["rss_peak"], 1) if measured else None,
        "server_rss_growth_mb": round(read["rss"] - read["rss0"], 1) if measured else None,
        "load_cpu_pct": round(100 * read["load_cpu_s"] / elapsed, 1),
        "load_average": [read["load0"], read["load1"]],
    }


def run_load(spec: LoadSpec, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Run one load test (spawning the servers unless ``spec.url`` is set)."""
    spec.check()
    if spec.url is not None:
        url = spec.url.rstrip("/")
        port = httpx.URL(url).port or 80
        servers = Servers(listening_pids(port))
        figures = _run(drive(spec, url, servers))
        figures.update(relayed(url, max(1, len(servers.pids))))
        return figures
    with ExitStack() as stack:
        fleet = stack.enter_context(spawned(spec.processes, spec.store, spec.workdir,
                                            spec.spread, spec.sync or "full"))
        spread = f", spread: {spec.spread}" if spec.processes > 1 else ""
        budget = ""
        if spec.cpu_per_process is not None:
            stack.enter_context(cpu_budget(fleet.serving_pids, spec.cpu_per_process))
            budget = f", {spec.cpu_per_process:g} core each"
        progress(f"{spec.processes} server process(es) on {fleet.url} ({spec.store}{spread}"
                 f"{budget}); setting up {spec.rooms} rooms")
        figures = _run(drive(spec, fleet.url, _servers(fleet)))
        figures["cpu_per_process"] = spec.cpu_per_process
        figures["sync"] = fleet.sync
        figures.update(relayed(fleet.url, spec.processes))
        figures["server_error_lines"] = fleet.log_lines(
            lambda line: line.startswith(("ERROR", "Traceback")))
        # The server's own warning when a write is refused (another process changed the
        # room first): the changes made since are dropped unseen, the room is read again
        # and the request tried again.
        figures["server_store_failures"] = fleet.log_lines(
            lambda line: "a write was refused" in line or "could not store" in line)
        return figures


def relayed(url: str, processes: int) -> dict[str, Any]:
    """The connections that asked the servers for a room, and the share of them served
    through another process than the room's owner (``GET /api/server`` of each process,
    asked on new connections until ``processes`` different ones have answered)."""
    seen: dict[str, dict[str, Any]] = {}
    for _ in range(50 * processes):
        if len(seen) >= processes:
            break
        reply = httpx.get(url + "/api/server", timeout=10.0, trust_env=False)
        if reply.status_code != 200:  # a server from before GET /api/server
            return {"relayed_share": None}
        status = reply.json()
        seen[status["process"]] = status
    connections = sum(s["connections"] for s in seen.values())
    through = sum(s["relayed"] for s in seen.values())
    return {"connections": connections, "relayed_connections": through,
            "relayed_share": round(through / connections, 3) if connections else None,
            "processes_answering": len(seen)}


def _servers(fleet: Fleet) -> Servers:
    return Servers(fleet.server_pids, fleet.database_pids)


T = TypeVar("T")


def _run(work: Coroutine[Any, Any, T]) -> T:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard] on Linux
        return asyncio.run(work)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)
