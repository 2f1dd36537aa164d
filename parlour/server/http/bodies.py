"""Request bodies, bounded before they are read.

A body is read only when a route asks for it, and never past its route's limit: a
``Content-Length`` over the limit is refused (413) before a byte of the body is read, and
a body sent in chunks is refused as soon as it passes the limit. So a route that checks
who asks first (a content upload checks its room and its token) refuses a stranger
without reading what they send, and no refused body is held in memory. A response to a
request whose body was not read to its end closes the connection: the rest of that body
is not read either. A body must arrive whole within its time (``Settings.body_seconds``):
one that trickles in is refused (408).

Not Starlette's ``RequestBodyLimitMiddleware`` (FastAPI's ``max_body_size``): it turns any
answer to a request that declares a body over the limit into its plain-text 413, so a
stranger's upload would not be told the 403 it gets here, and it has no time limit.
"""

from __future__ import annotations

import re

import anyio
from fastapi import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOO_LARGE = 413
TOO_SLOW = 408


class BodyTooLarge(HTTPException):
    """A request body over its route's limit (413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(TOO_LARGE, f"the request body is too large (at most {kilobytes(limit)})")


class BodyTooSlow(HTTPException):
    """A request body that did not arrive whole in time (408)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(TOO_SLOW, f"the request body did not arrive within {seconds:g} seconds")


def kilobytes(size: int) -> str:
    """A limit as people read it.

    >>> kilobytes(512 * 1024), kilobytes(65_536)
    ('512 kB', '64 kB')
    """
    return f"{size // 1024} kB"


class BoundedBodies:
    """ASGI middleware: each HTTP request's body may be read up to ``limit`` bytes, or
    ``larger`` for the paths that ``larger_paths`` matches whole."""

    def __init__(self, app: ASGIApp, limit: int, larger: int, seconds: float,
                 larger_paths: re.Pattern[str] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds
        self.larger = larger
        self.larger_paths = larger_paths

    def limit_for(self, path: str) -> int:
        wide = self.larger_paths is not None and self.larger_paths.fullmatch(path)
        return self.larger if wide else self.limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body = Body(receive, self.limit_for(scope.get("path", "")), self.seconds,
                    *framing(scope))

        async def send_closing(message: Message) -> None:
            if message["type"] == "http.response.start" and not body.done:
                # The rest of the body is not read: the connection cannot carry another request.
                message["headers"] = [*message.get("headers", []), (b"connection", b"close")]
            await send(message)

        await self.app(scope, body.receive, send_closing)


def framing(scope: Scope) -> tuple[int | None, bool]:
    """The request's ``Content-Length`` (``None`` if it gives none) and whether it sends
    its body in chunks."""
    length, chunked = None, False
    for name, value in scope.get("headers", []):
        if name == b"content-length" and value.isdigit():
            length = int(value)  # anything else the HTTP parser has already refused
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
    return length, chunked


class Body:
    """One request's body as the application reads it, counted against ``limit`` and
    timed: it must be whole ``seconds`` after the application first asks for it."""

    def __init__(self, receive: Receive, limit: int, seconds: float, declared: int | None,
                 chunked: bool) -> None:
        self._receive = receive
        self.limit = limit
        self.seconds = seconds
        self.deadline: float | None = None
        self.declared = declared
        self.read = 0
        self.done = not chunked and not declared
        """Whether the whole body has been read (or there is none)."""

    async def receive(self) -> Message:
        if self.done:  # nothing more to wait for but the disconnect, whenever it comes
            return await self._receive()
        if self.declared is not None and self.declared > self.limit:
            raise BodyTooLarge(self.limit)
        now = anyio.current_time()
        if self.deadline is None:
            self.deadline = now + self.seconds
        with anyio.move_on_after(self.deadline - now):
            message = await self._receive()
            if message["type"] == "http.request":
                self.read += len(message.get("body", b""))
                if self.read > self.limit:
                    raise BodyTooLarge(self.limit)
                self.done = not message.get("more_body", False)
            return message
        raise BodyTooSlow(self.seconds)
