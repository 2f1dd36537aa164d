"""The servers a load test or a local cluster starts beside Parlour, on loopback: a
throwaway PostgreSQL cluster and Redis, each a process of its own stopped by its pid."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from .procfs import listening_pids

START_TIMEOUT = 120.0
"""How long a helper server may take to start (a crowded machine starts Python slowly)."""
STOP_TIMEOUT = 10.0


class FleetError(RuntimeError):
    """A server the load test needs could not be started; the message says why."""


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

    def counters(self) -> dict[str, float]:
        """Transactions committed and rows written so far (``pg_stat_database``; the
        statistics reach it within a second of each transaction)."""
        out = subprocess.run([str(postgres_bin() / "psql"), "-h", "127.0.0.1", "-p",
                              str(self.port), "-U", "parlour", "-d", "postgres", "-At", "-c",
                              "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted"
                              " FROM pg_stat_database WHERE datname = 'postgres'"],
                             capture_output=True, text=True, check=True, timeout=30)
        commits, rows = out.stdout.split("|")
        return {"db_commits": float(commits), "db_rows": float(rows)}

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




def start_redis(workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A Redis server on a free loopback port that keeps nothing on disk, its log in
    ``workdir``; the process and its URL."""
    redis = shutil.which("redis-server")
    if redis is None:
        raise FleetError("several processes need Redis: install it"
                         " (apt-get install redis-server)")
    port = free_port()
    log = workdir / "redis.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([redis, "--port", str(port), "--bind", "127.0.0.1",
                                 "--save", "", "--appendonly", "no", "--dir", str(workdir)],
                                stdout=out, stderr=subprocess.STDOUT)
    wait_until(lambda: proc.pid in listening_pids(port), proc, "redis-server", log)
    return proc, f"redis://127.0.0.1:{port}/0"


def redis_commands(url: str) -> float:
    """The commands a Redis server has carried out so far (``INFO stats``)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379),
                                  timeout=10) as conn:
        conn.sendall(b"INFO stats\r\n")
        data = b""
        while b"total_commands_processed:" not in data or not data.endswith(b"\r\n"):
            chunk = conn.recv(65536)
            if not chunk:
                break
            data += chunk
    found = re.search(rb"total_commands_processed:(\d+)", data)
    if found is None:
        raise FleetError(f"Redis at {url} did not say how many commands it carried out")
    return float(found.group(1))
