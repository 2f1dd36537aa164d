"""The address that join links and QR codes point at: one a phone on the LAN can reach."""

from __future__ import annotations

import functools
import socket
import time
from urllib.parse import urlsplit

from ..config import Settings

LAN_SECONDS = 30.0
"""How long the LAN address found is used before it is looked up again (every room opened
asks for it, and a look-up costs a socket)."""


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (no packet is sent)."""
    return _lan_address_during(int(time.monotonic() // LAN_SECONDS))


@functools.lru_cache(maxsize=1)
def _lan_address_during(period: int) -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def public_base(request_base: str, public_url: str | None) -> str:
    """The server's base address for links: ``public_url`` if set, else the request's,
    with "localhost" replaced by this machine's LAN address (a phone cannot reach it).

    >>> public_base("http://10.0.0.5:8000/", None)
    'http://10.0.0.5:8000'
    >>> public_base("http://127.0.0.1:8000/", "https://parlour.example/")
    'https://parlour.example'
    """
    if public_url:
        return public_url.rstrip("/")
    parts = urlsplit(request_base)
    host = parts.hostname or "127.0.0.1"
    if host in ("127.0.0.1", "localhost", "::1"):
        host = lan_address() or host
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}"


def banner(host: str, port: int, settings: Settings, limits: bool, processes: int = 1) -> None:
    """What ``parlour serve`` says at start: where to open it, and how it runs."""
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
    if processes > 1:
        print(f"{processes} worker processes, each room's connections passed to its owner")
    if settings.redis_url:
        print("Sharing rooms with other processes through"
              f" {without_password(settings.redis_url)}")
    if not limits:
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
