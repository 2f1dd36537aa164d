"""Running the server under uvicorn (``parlour serve``; ``make run`` uses the defaults)."""

from __future__ import annotations

import socket
import sys
from dataclasses import replace

import uvicorn

from .app import create_app, settle_memory
from .config import UNLIMITED, Settings, normalise_db_url
from .front import ServeError, serve_processes
from .handoff import HandedServer
from .links import lan_address


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          *, redis: str | None = None, bot_delay: float | None = None,
          public_url: str | None = None, limits: bool = True,
          reuse_port: bool = False, access_log: bool = True, processes: int = 1,
          worker: tuple[int, int] | None = None, handoff_fd: int | None = None) -> None:
    """Serve Parlour on ``host:port``; ``db`` is an SQLAlchemy URL or an SQLite file path.

    With no ``db``, rooms are kept in ``parlour.sqlite3`` in the current directory,
    created on first start. ``redis`` (``redis://host:6379/0``) lets several server
    processes on one database share rooms. ``bot_delay`` is the seconds a bot waits
    before acting (default 0.8). ``limits=False`` lifts the limits against abuse
    (messages a second, rooms an hour, look-ups and connections per address), for load tests
    on loopback.
    ``reuse_port`` lets several server processes listen on the same port (the kernel
    spreads the connections between them). ``access_log=False`` drops the lines per
    request and per connection (their cost shows under load), and all but warnings.

    ``processes`` > 1 runs a front on ``host:port`` and that many worker processes, each
    room's connections passed to the worker that owns it (``front.py``); they need
    ``redis`` and a database they share (PostgreSQL), else :class:`ServeError`. A worker
    is started as worker ``worker`` = (i, N), its connections coming over the Unix socket
    ``handoff_fd`` (``handoff.py``).
    """
    settings = Settings(db_url=normalise_db_url(db), redis_url=redis, public_url=public_url)
    if processes > 1:
        _serve_processes(host, port, settings, processes, bot_delay=bot_delay, limits=limits,
                         reuse_port=reuse_port, access_log=access_log)
        return
    if worker is not None:
        settings = replace(settings, worker=worker[0], workers=worker[1])
    if bot_delay is not None:
        settings = replace(settings, bot_delay=bot_delay)
    if not limits:
        settings = replace(settings, actions_per_second=float(UNLIMITED),
                           action_burst=UNLIMITED, rooms_per_address=UNLIMITED,
                           sockets_per_address=UNLIMITED, lookup_burst=UNLIMITED,
                           miss_burst=UNLIMITED)
    if worker is None:
        _banner(host, port, settings, limits)
    # No permessage-deflate: a connection is sent small patches, where compressing costs
    # more CPU than the bytes it saves (docs/performance.md).
    config = uvicorn.Config(create_app(settings), host=host, port=port, ws_max_size=1 << 16,
                            ws_per_message_deflate=False,
                            log_level="info" if access_log else "warning",
                            access_log=access_log, proxy_headers=False)
    settle_memory()
    if handoff_fd is not None:
        HandedServer(config, socket.socket(fileno=handoff_fd)).run()
    else:
        uvicorn.Server(config).run(sockets=[shared_socket(host, port)] if reuse_port else None)


def _banner(host: str, port: int, settings: Settings, limits: bool,
            processes: int = 1) -> None:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"Parlour is serving on http://{shown}:{port}/")
    lan = lan_address()
    if lan and host in ("0.0.0.0", "::"):
        print(f"On your local network (phones): http://{lan}:{port}/")
    elif lan:
        print(f"For phones on your local network, serve with --host 0.0.0.0"
              f" and open http://{lan}:{port}/")
    print(f"Rooms are stored in {settings.db_url}")
    if processes > 1:
        print(f"{processes} worker processes, each room's connections passed to its owner")
    if settings.redis_url:
        print(f"Sharing rooms with other processes through {settings.redis_url}")
    if not limits:
        print("The limits against abuse are lifted (load testing)")


def _serve_processes(host: str, port: int, settings: Settings, processes: int, *,
                     bot_delay: float | None, limits: bool, reuse_port: bool,
                     access_log: bool) -> None:
    if not settings.redis_url or settings.db_url.startswith("sqlite"):
        raise ServeError("several processes share rooms through Redis and a database they"
                         " all reach: give --redis URL and --db postgresql://...")
    command = [sys.executable, "-m", "parlour", "serve", "--db", settings.db_url,
               "--redis", settings.redis_url, "--limits" if limits else "--no-limits",
               "--access-log" if access_log else "--no-access-log"]
    if bot_delay is not None:
        command += ["--bot-delay", str(bot_delay)]
    if settings.public_url:
        command += ["--public-url", settings.public_url]
    _banner(host, port, settings, limits, processes)
    serve_processes(host, port, processes, command, reuse_port=reuse_port)


def shared_socket(host: str, port: int) -> socket.socket:
    """A socket bound with SO_REUSEPORT, so that other processes may bind the same port."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(address)
    return sock
