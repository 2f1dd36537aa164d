"""The address that join links and QR codes point at: one a phone on the LAN can reach."""

from __future__ import annotations

import functools
import socket
import time
from urllib.parse import urlsplit

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
