"""What a load test is asked to run, checked before anything starts."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from ..budget import MAX_CORES, MIN_CORES
from ..fleet import SPREADS, is_loopback

MAX_ROOMS, MAX_SECONDS, MAX_PROCESSES = 1000, 600.0, 16
TURNOVERS = ("new-room", "new-sockets", "again")
"""How a table goes on to its next game: a new room, reached over the sockets it has
(the peer's harness: the same sockets, a new match); a new room over new sockets; the
same room (the host's "play again", as a table of people does)."""
SYNCS = ("full", "normal")
"""``parlour serve --sync``'s choices (the server's ``SYNC_MODES``: the load test runs the
server as a user does, and imports none of it)."""
PROFILE_FORMATS = {".svg": "flamegraph", ".txt": "raw", ".json": "speedscope"}
"""The files ``--profile`` may name, and py-spy's format for each."""


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
    spread: str | None = None
    """How the processes share the connections (``fleet.SPREADS``): HAProxy routing each
    room's requests by its code (``proxy``), or the kernel spreading them over servers on
    one port (``kernel``). ``None``: ``proxy`` for several processes, and a process alone
    faces the clients."""
    cpu_per_process: float | None = None
    """Each serving process's CPU budget in cores (``budget.py``); ``None``: no limit."""
    sync: str | None = None
    """The spawned servers' ``parlour serve --sync`` (``full`` when ``None``)."""

    @property
    def spreading(self) -> str | None:
        """How the processes share the connections, as run (``spread`` or its default)."""
        return self.spread or ("proxy" if self.processes > 1 else None)

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
        if self.spread is not None and self.spread not in SPREADS:
            raise LoadError(f"--spread is one of {', '.join(SPREADS)} (got {self.spread!r})")
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
        if self.url is not None and (self.processes != 1 or self.spread is not None):
            raise LoadError("--processes and --spread start servers: they go with --spawn,"
                            " not --url")
        if self.cpu_per_process is not None:
            if self.url is not None:
                raise LoadError("--cpu-per-process limits the servers it starts: it goes"
                                " with --spawn, not --url")
            if not MIN_CORES <= self.cpu_per_process <= MAX_CORES:
                raise LoadError(f"--cpu-per-process is {MIN_CORES:g} to {MAX_CORES:g} cores"
                                f" (got {self.cpu_per_process:g})")


def py_spy() -> Path:
    """The py-spy installed beside this Python (with the ``perf`` extra)."""
    spy = Path(sys.executable).parent / "py-spy"
    if not spy.exists():
        raise LoadError("--profile needs py-spy: pip install -e '.[perf]'")
    return spy
