"""Servers for a load test, on loopback: Parlour processes, PostgreSQL and Redis, and
HAProxy in front of several processes.

Everything here is started as a separate process (the load test never imports the server),
is stopped by its own pid, and is read from ``/proc`` (CPU time and memory).

>>> is_loopback("http://127.0.0.1:8000") and is_loopback("http://localhost:8000")
True
>>> is_loopback("http://192.168.1.5:8000")
False
"""

from __future__ import annotations

import contextlib
import importlib.util
import ipaddress
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from .procfs import children, listening_pids
from .proxy import Proxy, start_proxy
from .services import (
    FleetError,
    Postgres,
    answers,
    free_port,
    redis_commands,
    start_postgres,
    start_redis,
    stop,
    wait_until,
)


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


SPREADS = ("proxy", "kernel")
"""How several processes share the connections: ``proxy``, N servers behind HAProxy
(``deploy/haproxy.cfg``: each room's requests to the process its code hashes to);
``kernel``, N servers on one port (``--reuse-port``) among which the kernel spreads them
(most connections then reach a process that does not own their room, and are relayed)."""


@dataclass
class Fleet:
    """The processes of one load test (or one local cluster); :meth:`start` starts them,
    :meth:`close` ends them."""

    workdir: Path
    processes: int = 1
    store: str = "sqlite"
    spread: str | None = "proxy"
    """One of ``SPREADS`` (a process alone may be put behind the proxy too); ``None``: one
    process, alone on ``port``."""
    sync: str = "full"
    """``parlour serve --sync``: how each commit reaches the disk."""
    limits: bool = False
    """The servers' limits against abuse (a load test lifts them)."""
    serve_args: tuple[str, ...] = ("--no-access-log",)
    """What else each ``parlour serve`` is told."""
    port: int = field(default_factory=free_port)
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)
    """Each server's own port (behind a proxy: the proxy listens on another)."""
    helpers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    postgres: Postgres | None = None
    redis_url: str | None = None
    proxy: Proxy | None = None

    @property
    def url(self) -> str:
        return self.proxy.url if self.proxy else f"http://127.0.0.1:{self.port}"

    @property
    def behind_proxy(self) -> bool:
        return self.spread == "proxy"

    @property
    def server_pids(self) -> list[int]:
        """Every server process, and HAProxy in front of them (its CPU is part of what the
        processes cost)."""
        return self.serving_pids + ([self.proxy.proc.pid] if self.proxy else [])

    @property
    def serving_pids(self) -> list[int]:
        """The processes that serve rooms (not the proxy, which only passes requests on)."""
        return [p.pid for p in self.servers]

    def database_pids(self) -> list[int]:
        """PostgreSQL's processes and Redis, whose CPU the servers' work also costs."""
        pids = [p.pid for p in self.helpers]
        if self.postgres is not None:
            pids += [self.postgres.pid, *children(self.postgres.pid)]
        return pids

    def start(self) -> None:
        if self.processes > 1 and self.store != "postgres":
            raise FleetError("several server processes share rooms through PostgreSQL"
                             " and Redis: use --store postgres")
        if self.spread not in SPREADS and (self.spread or self.processes > 1):
            raise FleetError(f"processes share connections by {', '.join(SPREADS)},"
                             f" not {self.spread!r}")
        db, redis = f"{self.workdir / 'parlour.sqlite3'}", None
        if self.store == "postgres":
            for module, extra in (("asyncpg", "postgres"), ("redis", "redis")):
                if importlib.util.find_spec(module) is None:
                    raise FleetError(f"--store postgres needs {module}:"
                                     f" pip install -e '.[{extra}]'")
            self.postgres = start_postgres()
            proc, redis = start_redis(self.workdir)
            self.helpers.append(proc)
            db, self.redis_url = self.postgres.url, redis
        if self.behind_proxy:
            for i in range(self.processes):
                self._start_server(i, db, redis, ["--forwarded-allow-ips", "127.0.0.1"],
                                   port=free_port())
            self.proxy = start_proxy(self.workdir, [f"127.0.0.1:{p}" for p in self.ports],
                                     conns_per_address=200 if self.limits else 1_000_000)
        else:
            for i in range(self.processes):
                self._start_server(i, db, redis, ["--reuse-port"] if redis else [])

    def _start_server(self, index: int, db: str, redis: str | None, more: list[str],
                      port: int | None = None) -> None:
        port = port or self.port
        args = [sys.executable, "-m", "parlour", "serve", "--host", "127.0.0.1",
                "--port", str(port), "--db", db, "--sync", self.sync,
                "--limits" if self.limits else "--no-limits", *self.serve_args, *more]
        if redis:
            args += ["--redis", redis]
        log = self.workdir / f"server-{index}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(args, cwd=self.workdir, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL)
        self.servers.append(proc)
        self.ports.append(port)
        # One at a time: the first one creates the schema, the others find it done.
        url = f"http://127.0.0.1:{port}"
        wait_until(lambda: proc.pid in listening_pids(port) and answers(url),
                   proc, f"server process {index + 1}", log)

    def counters(self) -> dict[str, float]:
        """What the processes' shared parts have done so far: PostgreSQL's commits and rows
        written, Redis's commands (those that are running). (HAProxy 2.6 counts a
        websocket's bytes only once it closes: the clients count them instead.)"""
        found: dict[str, float] = {}
        if self.postgres is not None:
            found.update(self.postgres.counters())
        if self.redis_url is not None:
            found["redis_commands"] = redis_commands(self.redis_url)
        return found

    def log_lines(self, test: Callable[[str], bool]) -> int:
        """How many lines of the servers' logs pass ``test``."""
        return sum(test(line) for log in self.workdir.glob("server-*.log")
                   for line in log.read_text(errors="replace").splitlines())

    def close(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for proc in [*self.servers, *self.helpers]:
            stop(proc)
        if self.postgres is not None:
            self.postgres.stop()


@contextlib.contextmanager
def spawned(processes: int, store: str, workdir: Path | None, spread: str | None = "proxy",
            sync: str = "full", *, limits: bool = False,
            serve_args: tuple[str, ...] = ("--no-access-log",)) -> Iterator[Fleet]:
    """Servers on a free loopback port, with their data in ``workdir`` (or a temporary one),
    stopped at the end."""
    with contextlib.ExitStack() as stack:
        if workdir is None:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(
                prefix="parlour-load-")))
        workdir.mkdir(parents=True, exist_ok=True)
        fleet = Fleet(workdir, processes, store, spread, sync, limits, serve_args)
        stack.callback(fleet.close)
        fleet.start()
        yield fleet
