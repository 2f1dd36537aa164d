"""The load generator: sets up the tables of one process, plays them for the window, and
reports what its clients saw; with ``--clients N`` there are N such processes."""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp

from .clients import Table, Tally, http_client, socket_client
from .spec import LoadError

SETUP_CONCURRENCY = 16
"""Rooms being opened at once while the first M are set up (as the peer's harness)."""
DRAIN = 0.3
"""Seconds after the window before memory is read and the clients leave."""

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


COLLECT_EVERY = (50_000, 20, 100)
"""The generator's collector in the window, as the server's (its ``settle_memory``): with
Python's defaults it collected its oldest generation about once a second for 20-30 ms,
and every move in flight was measured that much slower."""


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


def client_process(url: str, first: int, rooms: int, seconds: float, barrier: Any,
                   results: Any, turnover: str) -> None:
    """One of several load-generating processes (``--clients``)."""
    async def ready() -> None:
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)

    results.put(on_uvloop(play_share(url, first, rooms, seconds, ready, turnover)))


def merged(shares: list[Share]) -> Tally:
    tally = Tally()
    for share in shares:
        one = share.tally
        tally.moves += one.moves
        tally.latencies += one.latencies
        tally.games_finished += one.games_finished
        tally.games_checked += one.games_checked
        tally.rooms_opened += one.rooms_opened
        tally.frame_bytes += one.frame_bytes
        tally.errors.update(one.errors)
        for kind, text in one.examples.items():
            tally.examples.setdefault(kind, text)
    return tally


T = TypeVar("T")


def on_uvloop(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end on uvloop's event loop (asyncio's own where it is missing)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard] on Linux
        return asyncio.run(work)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)
