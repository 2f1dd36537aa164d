"""One load test from start to end: the servers spawned (or found at ``--url``), the
generator's processes, the readings around the window, and the figures."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections.abc import Callable, Coroutine
from contextlib import ExitStack
from typing import Any

import httpx

from ..budget import cpu_budget
from ..fleet import Fleet, spawned
from ..procfs import listening_pids, load_average
from .generator import Share, client_process, merged, on_uvloop, play_share
from .measure import Servers, profiling, relayed, summarise, used
from .spec import LoadSpec


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
        workers = [context.Process(target=client_process, daemon=True,
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
    wait0, proxy0, counters0 = servers.loop_waiting(), servers.proxy_cpu(), servers.counters()
    started = time.perf_counter()
    start()
    with profiling(spec.profile, servers.pids, spec.seconds):
        await asyncio.sleep(spec.seconds)
        elapsed = time.perf_counter() - started
        cpu1, loop1, db1 = servers.cpu(), servers.loop_cpu(), servers.database_cpu()
        wait1, proxy1, counters1 = servers.loop_waiting(), servers.proxy_cpu(), servers.counters()
    shares = await shares_of()
    figures = summarise(spec, merged(shares), elapsed, {
        "server_cpu_s": used(cpu0, cpu1), "loop_cpu_s": used(loop0, loop1),
        "cpu_each_s": [used({p: cpu0.get(p, 0.0)}, {p: cpu1.get(p, 0.0)}) for p in servers.pids],
        "loop_wait_s": used(wait0, wait1),
        "database_cpu_s": used(db0, db1), "load_cpu_s": sum(s.cpu_s for s in shares),
        "proxy_cpu_s": used(proxy0, proxy1), "counters0": counters0, "counters1": counters1,
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


def run_load(spec: LoadSpec, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Run one load test (spawning the servers unless ``spec.url`` is set)."""
    spec.check()
    if spec.url is not None:
        url = spec.url.rstrip("/")
        port = httpx.URL(url).port or 80
        servers = Servers(listening_pids(port))
        figures = on_uvloop(drive(spec, url, servers))
        figures.update(relayed(url, max(1, len(servers.pids))))
        return figures
    with ExitStack() as stack:
        fleet = stack.enter_context(spawned(spec.processes, spec.store, spec.workdir,
                                            spec.spreading, spec.sync or "full"))
        spread = f", spread: {spec.spreading}" if spec.spreading else ""
        budget = ""
        if spec.cpu_per_process is not None:
            stack.enter_context(cpu_budget(fleet.serving_pids, spec.cpu_per_process))
            budget = f", {spec.cpu_per_process:g} core each"
        progress(f"{spec.processes} server process(es) on {fleet.url} ({spec.store}{spread}"
                 f"{budget}); setting up {spec.rooms} rooms")
        figures = on_uvloop(drive(spec, fleet.url, _servers(fleet)))
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


def _servers(fleet: Fleet) -> Servers:
    return Servers(fleet.server_pids, fleet.database_pids, fleet.counters,
                   [fleet.proxy.proc.pid] if fleet.proxy else [])
