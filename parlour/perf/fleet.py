"""Servers for a load test, on loopback: Parlour processes, PostgreSQL and Redis.

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
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

CLK_TCK = os.sysconf("SC_CLK_TCK")
START_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0


class FleetError(RuntimeError):
    """A server the load test needs could not be started; the message says why."""


# -- /proc ---------------------------------------------------------------------------
def cpu_seconds(pid: int, thread: int | None = None) -> float | None:
    """User + system CPU seconds of a process (or of one of its threads) so far.

    ``None`` if it is gone. A process's main thread has the process's own id.
    """
    where = f"/proc/{pid}" if thread is None else f"/proc/{pid}/task/{thread}"
    try:
        stat = Path(f"{where}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def runqueue_seconds(pid: int, thread: int) -> float | None:
    """Seconds a thread has spent ready to run but waiting for a CPU (``schedstat``), so
    far: what a crowded machine costs it. ``None`` if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/task/{thread}/schedstat").read_text().split()
    except OSError:
        return None
    return int(fields[1]) / 1e9


def memory_mb(pid: int, key: str = "VmRSS") -> float | None:
    """A memory figure of ``/proc/PID/status`` (``VmRSS``, ``VmHWM``) in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (PostgreSQL's backends, say)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def listening_pids(port: int) -> list[int]:
    """The processes that listen on TCP ``port`` (found through their sockets' inodes)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                cols = line.split()
                if cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{cols[9]}]")
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if any(os.readlink(fd) in inodes for fd in (entry / "fd").iterdir()):
                pids.append(int(entry.name))
    return sorted(pids)


def load_average() -> float:
    """The one-minute load average of the machine."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- processes ---------------------------------------------------------------------------
def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL if the process has not ended in time."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def wait_until(ready: Callable[[], bool], proc: subprocess.Popen[bytes], what: str,
               log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not ready():
        if proc.poll() is not None:
            raise FleetError(f"{what} exited at start (status {proc.returncode});"
                             f" its log:\n{tail(log)}")
        if time.monotonic() > deadline:
            raise FleetError(f"{what} did not start in {START_TIMEOUT:g} s; its log:\n{tail(log)}")
        time.sleep(0.05)


def tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def answers(url: str) -> bool:
    try:
        return httpx.get(url + "/api/games", timeout=1.0, trust_env=False).status_code == 200
    except httpx.HTTPError:
        return False


def _as_postgres(args: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: drop to the postgres user.
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


def has_postgres() -> bool:
    try:
        postgres_bin()
    except FleetError:
        return False
    return True


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
    if found:
        return found[0].parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise FleetError("several processes need PostgreSQL: install it"
                         " (apt-get install postgresql)")
    return Path(initdb).parent


@dataclass(frozen=True)
class Postgres:
    """A throwaway PostgreSQL cluster on loopback, its data in ``home``."""

    home: Path
    port: int
    pid: int

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://parlour@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        subprocess.run(_as_postgres([str(postgres_bin() / "pg_ctl"), "-D",
                                     str(self.home / "data"), "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(self.home, ignore_errors=True)


def start_postgres(*, fsync: bool = True) -> Postgres:
    """Start a new cluster (user ``parlour``, no password) on a free loopback port.

    ``fsync=False`` is for tests only: a commit then need not be on disk.
    """
    pg = postgres_bin()
    home = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    data, sock = home / "data", home / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        for path in (home, sock):
            os.chown(path, pw.pw_uid, pw.pw_gid)
    port = free_port()
    subprocess.run(_as_postgres([str(pg / "initdb"), "-D", str(data), "-A", "trust",
                                 "-U", "parlour", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    options = (f"-p {port} -c listen_addresses=127.0.0.1 -k {sock} -c max_connections=200"
               f" -c fsync={'on' if fsync else 'off'}")
    subprocess.run(_as_postgres([str(pg / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(home / "log"), "-o", options, "start"]),
                   check=True, stdout=subprocess.DEVNULL)
    return Postgres(home, port, int((data / "postmaster.pid").read_text().split()[0]))


@dataclass
class Fleet:
    """The processes of one load test; :meth:`start` starts them, :meth:`close` ends them."""

    workdir: Path
    processes: int = 1
    store: str = "sqlite"
    spread: str = "owner"
    """How several processes share the connections: ``owner``, one ``parlour serve
    --processes N`` (a front passes each connection to its room's owner), or ``kernel``,
    N servers on one port (``--reuse-port``) among which the kernel spreads them."""
    sync: str = "full"
    """``parlour serve --sync``: how each commit reaches the disk."""
    port: int = field(default_factory=free_port)
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    helpers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    postgres: Postgres | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def server_pids(self) -> list[int]:
        """Every server process: with a front, the front and its workers."""
        return [pid for p in self.servers for pid in (p.pid, *children(p.pid))]

    @property
    def serving_pids(self) -> list[int]:
        """The processes that serve rooms: with a front, its workers (the front only passes
        connections on)."""
        if self.processes > 1 and self.spread == "owner":
            return children(self.servers[0].pid)
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
        db, redis = f"{self.workdir / 'parlour.sqlite3'}", None
        if self.store == "postgres":
            for module, extra in (("asyncpg", "postgres"), ("redis", "redis")):
                if importlib.util.find_spec(module) is None:
                    raise FleetError(f"--store postgres needs {module}:"
                                     f" pip install -e '.[{extra}]'")
            self.postgres = start_postgres()
            db, redis = self.postgres.url, self._start_redis()
        if self.processes > 1 and self.spread == "owner":
            self._start_server(0, db, redis, ["--processes", str(self.processes)])
            return
        for i in range(self.processes):
            self._start_server(i, db, redis, ["--reuse-port"] if redis else [])

    def _start_server(self, index: int, db: str, redis: str | None, more: list[str]) -> None:
        args = [sys.executable, "-m", "parlour", "serve", "--host", "127.0.0.1",
                "--port", str(self.port), "--db", db, "--sync", self.sync, "--no-limits",
                "--no-access-log", *more]
        if redis:
            args += ["--redis", redis]
        log = self.workdir / f"server-{index}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(args, cwd=self.workdir, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL)
        self.servers.append(proc)
        # One at a time: the first one creates the schema, the others find it done.
        wait_until(lambda: proc.pid in listening_pids(self.port) and answers(self.url),
                   proc, f"server process {index + 1}", log)

    def _start_redis(self) -> str:
        redis = shutil.which("redis-server")
        if redis is None:
            raise FleetError("several processes need Redis: install it"
                             " (apt-get install redis-server)")
        port = free_port()
        log = self.workdir / "redis.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([redis, "--port", str(port), "--bind", "127.0.0.1",
                                     "--save", "", "--appendonly", "no",
                                     "--dir", str(self.workdir)],
                                    stdout=out, stderr=subprocess.STDOUT)
        self.helpers.append(proc)
        wait_until(lambda: proc.pid in listening_pids(port), proc, "redis-server", log)
        return f"redis://127.0.0.1:{port}/0"

    def log_lines(self, test: Callable[[str], bool]) -> int:
        """How many lines of the servers' logs pass ``test``."""
        return sum(test(line) for log in self.workdir.glob("server-*.log")
                   for line in log.read_text(errors="replace").splitlines())

    def close(self) -> None:
        for proc in [*self.servers, *self.helpers]:
            stop(proc)
        if self.postgres is not None:
            self.postgres.stop()


@contextlib.contextmanager
def spawned(processes: int, store: str, workdir: Path | None,
            spread: str = "owner", sync: str = "full") -> Iterator[Fleet]:
    """Servers on a free loopback port, with their data in ``workdir`` (or a temporary one)."""
    with contextlib.ExitStack() as stack:
        if workdir is None:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(
                prefix="parlour-load-")))
        workdir.mkdir(parents=True, exist_ok=True)
        fleet = Fleet(workdir, processes, store, spread, sync)
        stack.callback(fleet.close)
        fleet.start()
        yield fleet
