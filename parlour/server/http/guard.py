"""What a connection may hold of the server before it has asked anything: a place among a
bounded number, and a few seconds to send its request's head.

uvicorn closes a kept-alive connection that stays silent (``timeout_keep_alive``), but
it keeps one open for ever while its request's head trickles in, and it takes every
connection the kernel gives it until the process has no file descriptor left. So each
connection passes a :class:`Gate` as it is made: at most ``connections_per_address``
from one address and ``max_connections`` in all (HTTP and websockets alike), the rest
told why and closed at once; and a request's head (its line and headers) must be whole
within ``header_seconds`` of the connection being made or of the last response. The
limits take the protocol classes uvicorn is told to use (:func:`protocols`).

A connection from a trusted proxy (``--forwarded-allow-ips``) counts in all, not for its
address: it carries a client of the proxy, whose address is not known before the request
(the proxy caps connections per client itself, deploy/haproxy.cfg).
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from collections import Counter
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..config import Settings

SPARE_DESCRIPTORS = 128
"""File descriptors kept out of the connections' reach: the database, logs, the files a
page serves, and accepting (then refusing) one more connection."""


class Gate:
    """The connections open to this process: how many from each address, and in all.

    >>> gate = Gate(per_address=2, total=4)
    >>> [gate.enter(key, "10.0.0.1") for key in "ab"], gate.enter("c", "10.0.0.2")
    ([None, None], None)
    >>> gate.enter("d", "10.0.0.1")[1], gate.enter("e", "10.0.0.3")
    ('too many connections from your address (at most 2)', None)
    >>> gate.enter("f", "10.0.0.4")[1]
    'the server has too many connections (at most 4): try again soon'
    >>> gate.leave("a"); gate.enter("f", "10.0.0.4") is None
    True
    """

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.held: dict[object, str | None] = {}
        """The address of each connection let in, by its transport."""
        self.by_address: Counter[str] = Counter()

    def enter(self, key: object, address: str | None) -> tuple[bytes, str] | None:
        """Let the connection ``key`` in, or say why not (an HTTP status and a reason);
        ``None`` for an ``address`` whose connections count only in all."""
        if len(self.held) >= self.total:
            return (b"503 Service Unavailable", f"the server has too many connections"
                    f" (at most {self.total}): try again soon")
        if address is None:
            self.held[key] = None
            return None
        if self.by_address[address] >= self.per_address:
            return (b"429 Too Many Requests", "too many connections from your address"
                    f" (at most {self.per_address})")
        self.held[key] = address
        self.by_address[address] += 1
        return None

    def leave(self, key: object) -> None:
        """The connection ``key`` closed (nothing happens for one not let in, or gone)."""
        address = self.held.pop(key, None)
        if address is not None:
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]


def connection_cap(wanted: int) -> int:
    """``wanted`` connections, or fewer if the process may not open that many files."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - SPARE_DESCRIPTORS))


def proxies(trusted: str | None) -> Callable[[str], bool]:
    """Whether an address is one of the ``trusted`` proxies (``--forwarded-allow-ips``).

    >>> is_proxy = proxies("10.0.0.5,10.1.0.0/16")
    >>> is_proxy("10.1.2.3"), is_proxy("10.0.0.6"), proxies(None)("10.0.0.5")
    (True, False, False)
    """
    if trusted is None:
        return lambda address: False
    if trusted == "*":
        return lambda address: True
    networks = [ipaddress.ip_network(item, strict=False) for item in trusted.split(",")]

    def is_proxy(address: str) -> bool:
        try:
            return any(ipaddress.ip_address(address) in net for net in networks)
        except ValueError:  # a Unix socket's peer
            return False

    return is_proxy


def refusal(status: bytes, why: str) -> bytes:
    """A whole HTTP answer that closes the connection, saying ``why``."""
    body = why.encode()
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
            + body)


def protocols(settings: Settings) -> dict[str, Any]:
    """uvicorn's settings for the limits above, with a gate of this process's own."""
    gate = Gate(settings.connections_per_address, connection_cap(settings.max_connections))
    is_proxy = proxies(settings.forwarded_allow_ips)
    header_seconds = settings.header_seconds

    class GuardedHttp(HttpToolsProtocol):
        """uvicorn's HTTP protocol behind the gate, with a time limit on request heads."""

        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "unknown"
            refused = gate.enter(transport, None if is_proxy(address) else address[:64])
            if refused is not None:
                transport.write(refusal(*refused))
                transport.close()
                return
            self._wait_for_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            gate.leave(self.transport)
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._stop_waiting()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._stop_waiting()  # the websocket keeps the connection's place at the gate
            super().handle_websocket_upgrade()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._wait_for_head()  # the next request's head, however slowly it comes

        def _wait_for_head(self) -> None:
            self._stop_waiting()
            self._head_timer = self.loop.call_later(header_seconds, self._too_slow)

        def _stop_waiting(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _too_slow(self) -> None:
            self._head_timer = None
            if not self.transport.is_closing():
                why = f"the request's head did not arrive within {header_seconds:g} seconds"
                self.transport.write(refusal(b"408 Request Timeout", why))
                self.transport.close()

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's websocket protocol, giving the connection's place back as it closes."""

        def connection_lost(self, exc: Exception | None) -> None:
            gate.leave(self.transport)
            super().connection_lost(exc)

    return {"http": GuardedHttp, "ws": GuardedWebSocket,
            "timeout_keep_alive": settings.keep_alive_seconds,
            "limit_concurrency": gate.total}
