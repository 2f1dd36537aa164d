"""The front's worker processes: started, each in a fresh interpreter that calls the
server's entry point (``run.serve_worker``) and is sent its settings on its channel,
waited for, watched, and stopped.

``python -c`` rather than ``multiprocessing``: its ``spawn`` would start a process of
its own beside the workers (its resource tracker), which anything counting the front's
children (the load tests, the CPU budgets) would take for a worker; and a worker's
command line would not say which it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

import uvloop

from ..config import Settings
from ..errors import ServeError
from .front import Front, Worker, send_settings

START_SECONDS = 90.0
"""How long a worker may take to start (it brings the schema up to date, resumes games)."""
STOP_SECONDS = 15.0
"""How long workers are given to close their connections at a stop, before SIGKILL."""

Entry = Callable[[int], None]
"""What a worker's process runs: the server's entry point, given its channel's descriptor."""


def check(settings: Settings) -> None:
    """``ServeError`` unless the workers can share rooms: through Redis, and a database
    they all reach (not SQLite)."""
    if not settings.redis_url or settings.db_url.startswith("sqlite"):
        raise ServeError("several processes share rooms through Redis and a database they"
                         " all reach: give --redis URL and --db postgresql://...")


def serve_processes(settings: Settings, entry: Entry) -> None:
    """The front on ``settings.host:port`` and ``settings.workers`` workers (:func:`check`
    says whether they can be), each running ``entry``, until SIGTERM or SIGINT; then the
    workers are stopped."""
    listener = socket.create_server((settings.host, settings.port), backlog=2048,
                                    reuse_port=settings.reuse_port)
    try:
        _run(_supervise(listener, settings, entry))
    finally:
        listener.close()


def worker_command(entry: Entry, channel: int, index: int, workers: int) -> list[str]:
    """The command that runs ``entry(channel)`` as worker ``index`` of ``workers``; what
    follows the code only names the worker in the process list.

    >>> from parlour.server.run import serve_worker
    >>> worker_command(serve_worker, 5, 1, 2)[1:]
    ['-c', 'from parlour.server.run import serve_worker; serve_worker(5)', '--worker', '1/2']
    """
    code = f"from {entry.__module__} import {entry.__name__}; {entry.__name__}({channel})"
    return [sys.executable, "-c", code, "--worker", f"{index}/{workers}"]


def _run(work: Coroutine[Any, Any, None]) -> None:
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(work)


async def _supervise(listener: socket.socket, settings: Settings, entry: Entry) -> None:
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    front = Front(listener, [])
    processes = settings.workers
    try:
        # The first alone: it brings the database's schema up to date for the others.
        for batch in ([0], range(1, processes)):
            started = [launch(front, replace(settings, worker=index), entry)
                       for index in batch]
            if not await _ready(started, stopping):
                return
        front.start()
        print(f"The front passes connections to {processes} worker processes", flush=True)
        gone = asyncio.ensure_future(front.all_gone.wait())
        await asyncio.wait([gone, asyncio.ensure_future(stopping.wait())],
                           return_when=asyncio.FIRST_COMPLETED)
        if front.all_gone.is_set() and not stopping.is_set():
            raise ServeError("every worker process has died")
    finally:
        front.close()
        await _stop([w.proc for w in front.workers if w.proc is not None])


def launch(front: Front, settings: Settings, entry: Entry) -> Worker:
    """Start worker ``settings.worker`` with its end of a new channel, and send it its
    settings there."""
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    with theirs:
        command = worker_command(entry, theirs.fileno(), settings.worker, settings.workers)
        proc = subprocess.Popen(command, pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
    send_settings(mine, settings)
    worker = Worker(settings.worker, mine, proc)
    front.workers.append(worker)
    front.watch(worker)
    return worker


async def _ready(workers: list[Worker], stopping: asyncio.Event) -> bool:
    """Wait until ``workers`` serve (``False`` if told to stop meanwhile)."""
    stop: asyncio.Future[Any] = asyncio.ensure_future(stopping.wait())
    starting: dict[asyncio.Future[Any], Worker] = {worker.ready: worker for worker in workers}
    deadline = time.monotonic() + START_SECONDS
    try:
        while starting:
            done, _ = await asyncio.wait({*starting, stop}, timeout=deadline - time.monotonic(),
                                         return_when=asyncio.FIRST_COMPLETED)
            if stop in done:
                return False
            if not done:
                late = ", ".join(str(w.index) for w in starting.values())
                raise ServeError(f"worker(s) {late} did not start in {START_SECONDS:g} s")
            for ready in done:
                worker = starting.pop(ready)
                if ready.exception() is not None:
                    status = worker.proc.wait() if worker.proc else None
                    raise ServeError(f"worker {worker.index} exited at start (status"
                                     f" {status}); its messages are above")
        return True
    finally:
        stop.cancel()


async def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM every worker (uvicorn closes their connections), SIGKILL what is left."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(5)
