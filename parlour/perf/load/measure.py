"""The measurement: the servers' CPU and memory read through ``/proc``, the profile,
and the figures of a run.

>>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50)
3.0
>>> percentile([], 99) is None
True
"""

from __future__ import annotations

import math
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from ..procfs import cpu_seconds, memory_mb, runqueue_seconds
from .clients import Tally
from .spec import PROFILE_FORMATS, LoadError, LoadSpec, py_spy

SLOW = 1.0
"""A move slower than this (seconds) is counted apart: the issue's "no move over 1 s"."""


def percentile(values: list[float], p: float) -> float | None:
    """The nearest-rank percentile (the peer's definition), or ``None`` with no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


@dataclass
class Servers:
    """The server processes under test (and their database's), read through ``/proc``."""

    pids: list[int]
    database_pids: Callable[[], list[int]] = list
    counters: Callable[[], dict[str, float]] = dict
    """What the shared parts have done so far (``Fleet.counters``)."""
    proxy_pids: list[int] = field(default_factory=list)
    """The proxy's process, also in ``pids``: its CPU is shown apart too."""

    def cpu(self) -> dict[int, float]:
        return {p: c for p in self.pids if (c := cpu_seconds(p)) is not None}

    def loop_cpu(self) -> dict[int, float]:
        """CPU of the main threads, which run the event loops (the rest is other threads)."""
        return {p: c for p in self.pids if (c := cpu_seconds(p, p)) is not None}

    def loop_waiting(self) -> dict[int, float]:
        """Seconds the main threads waited, ready to run, for a CPU."""
        return {p: w for p in self.pids if (w := runqueue_seconds(p, p)) is not None}

    def proxy_cpu(self) -> dict[int, float]:
        return {p: c for p in self.proxy_pids if (c := cpu_seconds(p)) is not None}

    def database_cpu(self) -> dict[int, float]:
        return {p: c for p in self.database_pids() if (c := cpu_seconds(p)) is not None}

    def memory(self, key: str) -> float:
        return sum(memory_mb(p, key) or 0.0 for p in self.pids)


def used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings (a process that started since counts whole)."""
    return sum(c - before.get(p, 0.0) for p, c in after.items())


@contextmanager
def profiling(path: Path | None, pids: list[int], seconds: float) -> Iterator[None]:
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


def per_move(before: dict[str, float], after: dict[str, float],
              moves: int) -> dict[str, float | None]:
    """The shared parts' work in the window, per move: ``db_commits_per_move``,
    ``db_rows_per_move``, ``redis_commands_per_move``.

    >>> per_move({"db_commits": 10.0}, {"db_commits": 70.0}, 120)
    {'db_commits_per_move': 0.5}
    """
    return {f"{name}_per_move": round((after[name] - before[name]) / moves, 3) if moves
            else None for name in after if name in before}


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
        "spread": spec.spreading if spec.url is None else None,
        "clients": spec.clients, "turnover": spec.turnover,
        "store": spec.store if spec.url is None else None,
        "moves": tally.moves, "moves_per_s": round(tally.moves / elapsed, 1),
        "p50_ms": ms(50), "p95_ms": ms(95), "p99_ms": ms(99),
        "mean_ms": round(sum(lat) / len(lat), 3) if lat else None,
        "max_ms": round(max(lat), 3) if lat else None,
        "moves_over_1s": sum(x > SLOW * 1000 for x in lat),
        "games_finished": tally.games_finished, "games_checked": tally.games_checked,
        "rooms_opened": tally.rooms_opened,
        "frame_bytes_per_move": round(tally.frame_bytes / tally.moves, 1)
        if tally.moves else None,
        "errors": sum(tally.errors.values()), "error_kinds": dict(tally.errors),
        "error_examples": tally.examples, "inflight_at_end": read["inflight"],
        "elapsed_s": round(elapsed, 3),
        "server_cpu_pct": round(100 * cpu / elapsed, 1) if measured else None,
        "server_loop_cpu_pct": round(100 * read["loop_cpu_s"] / elapsed, 1)
        if measured else None,
        # Each server process's share, in the order started (behind a proxy: HAProxy last).
        "server_cpu_pct_each": [round(100 * c / elapsed, 1) for c in read["cpu_each_s"]],
        # Ready to run but waiting for a core: a share of the window per event loop.
        "server_loop_runqueue_pct": round(100 * read["loop_wait_s"] / elapsed
                                          / max(1, read["loops"]), 1) if measured else None,
        "moves_per_server_cpu_s": per_cpu(cpu) if measured else None,
        "database_cpu_pct": round(100 * read["database_cpu_s"] / elapsed, 1),
        "proxy_cpu_pct": round(100 * read["proxy_cpu_s"] / elapsed, 1)
        if read["proxy_cpu_s"] else None,
        **per_move(read["counters0"], read["counters1"], tally.moves),
        "server_rss_mb": round(read["rss"], 1) if measured else None,
        "server_rss_peak_mb": round(read["rss_peak"], 1) if measured else None,
        "server_rss_growth_mb": round(read["rss"] - read["rss0"], 1) if measured else None,
        "load_cpu_pct": round(100 * read["load_cpu_s"] / elapsed, 1),
        "load_average": [read["load0"], read["load1"]],
    }


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
