"""Running the server under uvicorn (``parlour serve``; ``make run`` uses the defaults)."""

from __future__ import annotations

import socket
from dataclasses import replace

import uvicorn

from .cluster.handoff import HandedServer
from .config import UNLIMITED, Settings, normalise_db_url
from .http.app import create_app, settle_memory
from .http.links import banner


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          *, sync: str = "full", redis: str | None = None, bot_delay: float | None = None,
          public_url: str | None = None, limits: bool = True,
          reuse_port: bool = False, access_log: bool = True,
          worker: tuple[int, int] | None = None, handoff_fd: int | None = None) -> None:
    """Serve Parlour on ``host:port``; ``db`` is an SQLAlchemy URL or an SQLite file path.

    With no ``db``, rooms are kept in ``parlour.sqlite3`` in the current directory,
    created on first start. ``sync`` is how each commit reaches the disk
    (``Settings.sync``: ``full`` or ``normal``). ``redis`` (``redis://host:6379/0``) lets
    several server processes on one database share rooms. ``bot_delay`` is the seconds a
    bot waits before acting (default 0.8). ``limits=False`` lifts the limits against abuse
    (messages a second, rooms an hour, look-ups and connections per address), for load tests
    on loopback.
    ``reuse_port`` lets several server processes listen on the same port (the kernel
    spreads the connections between them). ``access_log=False`` drops the lines per
    request and per connection (their cost shows under load), and all but warnings.

    A worker behind the front of ``parlour serve --processes N`` (``front.py``) is
    started as worker ``worker`` = (i, N), its connections coming over the Unix socket
    ``handoff_fd`` (``handoff.py``).
    """
    settings = Settings(db_url=normalise_db_url(db), sync=sync, redis_url=redis,
                        public_url=public_url)
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
        banner(host, port, settings, limits)
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


def shared_socket(host: str, port: int) -> socket.socket:
    """A socket bound with SO_REUSEPORT, so that other processes may bind the same port."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(address)
    return sock
