"""The load's clients: two players per table, each on a websocket of its own, that move as
soon as their snapshot offers them a move; a table opens its next room when its game ends.

>>> patched({"log": ["a", "b"], "play": {"over": False}}, [
...     {"op": "remove", "path": "/log/0"}, {"op": "add", "path": "/log/-", "value": "c"},
...     {"op": "replace", "path": "/play/over", "value": True}])
{'log': ['b', 'c'], 'play': {'over': True}}
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

from .checks import problems_at_end, problems_in_view
from .spec import LoadError

GAME = "love-me-not"
NEW_ROOM = orjson.dumps({"game": GAME, "options": {"matches": 1}})
JSON = {"Content-Type": "application/json"}
MOVE_TIMEOUT = 10.0
"""A move not reflected by then counts as an error."""


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
    frame_bytes: int = 0
    """The websocket frames' text sent and received in the window, both ways."""
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        self.examples.setdefault(kind, detail[:300])


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
            await self._send(encode({**hello, "room": code}))
            return
        self.ws = await self.table.sockets.ws_connect(
            f"{url}/ws/{code}", max_msg_size=1 << 22, compress=0,
            timeout=aiohttp.ClientWSTimeout(ws_receive=None, ws_close=MOVE_TIMEOUT))
        self.reader = asyncio.create_task(self._read(self.ws))
        await self._send(encode(hello))

    async def request(self, message: dict[str, Any]) -> None:
        """Send a set-up message and wait for its ``ok`` (an ``error`` raises)."""
        assert self.ws is not None
        ident = next(self.ids)
        reply = self.waiting[ident] = asyncio.get_running_loop().create_future()
        try:
            await self._send(encode({**message, "id": ident}))
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

    async def _send(self, text: str) -> None:
        assert self.ws is not None
        if self.tally.running:
            self.tally.frame_bytes += len(text)
        await self.ws.send_str(text)

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for frame in ws:
                if frame.type is not aiohttp.WSMsgType.TEXT:
                    why = f"a {frame.type.name} frame: {frame.data}"
                    break
                if self.tally.running:
                    self.tally.frame_bytes += len(frame.data)
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
            await self._send(encode({"type": "act", "action": action}))

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


# The clients are aiohttp's, whose parsers are in C: httpx spent about 0.8 ms of CPU on
# each POST /api/rooms, aiohttp 0.24 ms, and the load generator must keep up with the
# server it measures, not limit it.
def http_client(url: str) -> aiohttp.ClientSession:
    """A table's client for POST /api/rooms: one kept-alive connection."""
    return aiohttp.ClientSession(url, timeout=aiohttp.ClientTimeout(total=MOVE_TIMEOUT),
                                 connector=aiohttp.TCPConnector(limit=1))


def socket_client() -> aiohttp.ClientSession:
    """The players' client for websockets, each on a connection of its own, as a browser
    opens them (with ``--spread kernel`` one kept alive after a POST would stay with the
    process that answered the POST)."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=MOVE_TIMEOUT),
                                 connector=aiohttp.TCPConnector(limit=0, force_close=True))
