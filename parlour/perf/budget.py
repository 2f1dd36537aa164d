"""A CPU budget per server process: each in a Linux cgroup of its own, with a CFS quota.

Whether throughput grows with server processes cannot be seen on a machine whose every
core is already in use (two cores, shared by the load generator, PostgreSQL and Redis):
a second process only takes turns with the first. Giving each process the same budget,
a fraction of one core, and adding processes shows it instead: N processes have N
budgets, as N cores would give them. The quota is checked by the kernel every
``PERIOD_US``; a process that has used its share waits for the next period.

This needs root and the kernel's ``cpu`` controller, as cgroup v1 mounts it
(``/sys/fs/cgroup/cpu``, ``cpu.cfs_quota_us``) or cgroup v2 (``cpu.max``).

>>> quota(0.25), quota(1.5)
(2500, 15000)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

PERIOD_US = 10_000
"""The quota's period (µs): short, so that a process waits at most a few ms for its turn."""
V1_ROOT = Path("/sys/fs/cgroup/cpu")
V2_ROOT = Path("/sys/fs/cgroup")
MIN_CORES, MAX_CORES = 0.01, 64.0


class BudgetError(RuntimeError):
    """The CPU budget cannot be set on this machine; the message says why."""


def quota(cores: float) -> int:
    """Microseconds of CPU per period for a budget of ``cores``."""
    return round(cores * PERIOD_US)


def cpu_root(v1: Path = V1_ROOT, v2: Path = V2_ROOT) -> Path:
    """Where cgroups with a CPU quota are made (v1's ``cpu`` hierarchy, else v2's root
    with the ``cpu`` controller); ``BudgetError`` if neither is there to write."""
    if (v1 / "cpu.cfs_quota_us").exists():
        root = v1
    elif "cpu" in _words(v2 / "cgroup.controllers"):
        root = v2
        if "cpu" not in _words(v2 / "cgroup.subtree_control"):
            _write(root / "cgroup.subtree_control", "+cpu")
    else:
        raise BudgetError("a CPU budget per process needs Linux cgroups with the cpu"
                          f" controller (neither {v1} nor {v2}/cgroup.controllers offers it)")
    if not os.access(root, os.W_OK):
        raise BudgetError(f"a CPU budget per process needs root (cannot write {root})")
    return root


@contextlib.contextmanager
def cpu_budget(pids: list[int], cores: float, root: Path | None = None) -> Iterator[list[Path]]:
    """Give each of ``pids`` a budget of ``cores`` until the block ends (then they are
    moved back to ``root``'s own group and the groups made are removed)."""
    if not MIN_CORES <= cores <= MAX_CORES:
        raise BudgetError(f"a CPU budget is {MIN_CORES:g} to {MAX_CORES:g} cores"
                          f" (got {cores:g})")
    root = root or cpu_root()
    groups: list[Path] = []
    try:
        for pid in pids:
            group = root / f"parlour-load-{os.getpid()}-{pid}"
            group.mkdir()
            groups.append(group)
            _limit(group, cores)
            _write(group / "cgroup.procs", str(pid))
        yield groups
    finally:
        for group in groups:
            _remove(group, root)


def _limit(group: Path, cores: float) -> None:
    if (group / "cpu.max").exists():
        _write(group / "cpu.max", f"{quota(cores)} {PERIOD_US}")
    else:
        _write(group / "cpu.cfs_period_us", str(PERIOD_US))
        _write(group / "cpu.cfs_quota_us", str(quota(cores)))


def _remove(group: Path, root: Path) -> None:
    """Move what is left in ``group`` (a process still running) back to ``root``, then
    remove it."""
    for pid in _words(group / "cgroup.procs"):
        with contextlib.suppress(OSError):  # it ended meanwhile
            _write(root / "cgroup.procs", pid)
    with contextlib.suppress(OSError):
        group.rmdir()


def _words(path: Path) -> list[str]:
    try:
        return path.read_text().split()
    except OSError:
        return []


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as exc:
        raise BudgetError(f"cannot write {text!r} to {path}: {exc.strerror}") from None
