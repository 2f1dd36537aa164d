"""Readings of processes from ``/proc``: CPU time, time waiting for a CPU, memory, children,
the processes listening on a port, and the machine's load average."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

CLK_TCK = os.sysconf("SC_CLK_TCK")


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

