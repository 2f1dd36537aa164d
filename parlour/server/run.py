"""The server's one entry point: ``parlour serve`` (and ``make run``) tell :func:`serve` the
``Settings``, and it serves on ``settings.host:port`` under uvicorn.

Several processes (on one machine or many) each run it, sharing rooms through Redis and
PostgreSQL, behind a proxy that sends each room's requests to one of them
(``deploy/haproxy.cfg``, docs/deploy.md).
"""

from __future__ import annotations

import gc
import ipaddress
import socket
from urllib.parse import urlsplit

import uvicorn

from .config import Settings
from .errors import ServeError
from .http.links import lan_address


def serve(settings: Settings) -> None:
    """Serve Parlour as ``settings`` say, until stopped (SIGTERM, SIGINT)."""
    banner(settings)
    server = uvicorn.Server(_config(settings))
    settle_memory()
    reused = [shared_socket(settings.host, settings.port)] if settings.reuse_port else None
    server.run(sockets=reused)


def _config(settings: Settings) -> uvicorn.Config:
    from .http.app import create_app
    from .http.guard import protocols

    # No permessage-deflate: a connection is sent small patches, where compressing costs
    # more CPU than the bytes it saves (docs/performance.md). Proxy headers only from the
    # proxies named: uvicorn would otherwise trust 127.0.0.1 (or $FORWARDED_ALLOW_IPS).
    trusted = settings.forwarded_allow_ips
    return uvicorn.Config(create_app(settings), host=settings.host, port=settings.port,
                          ws_max_size=1 << 16, ws_per_message_deflate=False,
                          log_level="info" if settings.access_log else "warning",
                          access_log=settings.access_log, proxy_headers=trusted is not None,
                          forwarded_allow_ips=trusted, **protocols(settings))


def trusted_proxies(text: str) -> str:
    """``--forwarded-allow-ips`` as uvicorn takes it, once every item is checked: an
    address, a network, or ``*`` (every peer: only where no client can reach the server
    but through the proxy). uvicorn would take a mistyped address as a name that no
    peer ever has, and quietly count every client as the proxy.

    >>> trusted_proxies(" 10.0.0.5, 10.1.0.0/16,::1")
    '10.0.0.5,10.1.0.0/16,::1'
    >>> trusted_proxies("10.0.0.300")
    Traceback (most recent call last):
    ...
    parlour.server.errors.ServeError: --forwarded-allow-ips takes addresses and networks \
(10.0.0.5, 10.1.0.0/16) or *, not '10.0.0.300'
    """
    items = [item.strip() for item in text.split(",")]
    if items == ["*"]:
        return "*"
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ServeError("--forwarded-allow-ips takes addresses and networks (10.0.0.5,"
                             f" 10.1.0.0/16) or *, not {item!r}") from None
    return ",".join(items)


GC_THRESHOLDS = (50_000, 20, 100)
"""Young collections every 50,000 new objects rather than 700: each is short anyway, and
the older generations are collected far less often (docs/performance.md)."""


def settle_memory() -> None:
    """Before serving: the modules, games and content loaded so far are kept for the life
    of the process, so the collector stops scanning them (``gc.freeze``), and it collects
    less often. For a server process (``parlour serve``), not for an app inside tests."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def shared_socket(host: str, port: int) -> socket.socket:
    """A socket bound with SO_REUSEPORT, so that other processes may bind the same port."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(address)
    return sock


def banner(settings: Settings) -> None:
    """What ``parlour serve`` says at start: where to open it, and how it runs."""
    host, port = settings.host, settings.port
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"Parlour is serving on http://{shown}:{port}/")
    lan = lan_address()
    if lan and host in ("0.0.0.0", "::"):
        print(f"On your local network (phones): http://{lan}:{port}/")
    elif lan:
        print(f"For phones on your local network, serve with --host 0.0.0.0"
              f" and open http://{lan}:{port}/")
    print(f"Rooms are stored in {without_password(settings.db_url)}")
    if settings.sync == "normal":
        print("--sync normal: a move survives the server's crash, not a power cut")
    if settings.forwarded_allow_ips:
        print(f"Clients' addresses from X-Forwarded-For of {settings.forwarded_allow_ips}")
    if settings.redis_url:
        print("Sharing rooms with other processes through"
              f" {without_password(settings.redis_url)}")
    if not settings.limited:
        print("The limits against abuse are lifted (load testing)")


def without_password(url: str) -> str:
    """``url`` as it may be shown (printed, logged): its password, if any, starred out.

    >>> without_password("postgresql+asyncpg://parlour:s3cret@db:5432/parlour")
    'postgresql+asyncpg://parlour:***@db:5432/parlour'
    >>> without_password("sqlite+aiosqlite:///parlour.sqlite3")
    'sqlite+aiosqlite:///parlour.sqlite3'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user, _, place = parts.netloc.rpartition("@")
    return parts._replace(netloc=f"{user.split(':', 1)[0]}:***@{place}").geturl()
