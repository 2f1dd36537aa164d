"""The ASGI application: the routers, the exception handlers and the security headers."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.bots import allow_bots

from ..config import Settings
from ..errors import (
    NotAllowed,
    NotFinished,
    NotFound,
    RateLimited,
    RoomError,
    StoreUnavailable,
    Unreplayable,
)
from ..live.joined import Doors
from ..live.socket import LiveSockets
from ..rooms.hub import Hub
from ..storage.changes import Store
from ..storage.stores import store_for
from . import api, pages, records
from .bodies import BoundedBodies
from .status import router as status_router

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
     b" connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
DOCS_PATHS = ("/docs", "/redoc")
TOO_MANY_DIGITS = f"a number has more than {sys.get_int_max_str_digits()} digits"

STATUSES: dict[type[RoomError], int] = {
    RoomError: 400,
    NotFinished: 403,
    NotAllowed: 403,
    NotFound: 404,
    RateLimited: 429,
    StoreUnavailable: 503,
    Unreplayable: 500,
}
"""The HTTP status of each refusal (the most specific class that an error is counts)."""


class SecurityHeaders:
    """Adds a strict content security policy: the client runs only its own scripts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(DOCS_PATHS):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class Json(JSONResponse):
    """JSON with every non-ASCII character escaped: text that is not valid Unicode (a lone
    surrogate such as ``"\\ud800"``, sent back in an error) is still valid JSON.

    >>> Json({"detail": "game \\ud800 é"}).body
    b'{"detail":"game \\\\ud800 \\\\u00e9"}'
    """

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False,
                          separators=(",", ":")).encode("ascii")


def refusal(status: int) -> Callable[[Request, Exception], Awaitable[Response]]:
    """An exception handler answering ``status`` with the error's message as ``detail``."""
    async def respond(request: Request, exc: Exception) -> Response:
        return Json({"detail": str(exc)}, status_code=status)
    return respond


async def malformed(request: Request, exc: Exception) -> Response:
    """A request whose body or parameters do not fit: 422, saying which and why."""
    assert isinstance(exc, RequestValidationError)
    # The refused body is held by the frames in the error's traceback, in a cycle that only
    # the garbage collector would free (and it runs seldom here: run.GC_THRESHOLDS).
    exc.body = None
    traceback.clear_frames(exc.__traceback__)
    return Json({"detail": jsonable_encoder(exc.errors())}, status_code=422)


async def http_refusal(request: Request, exc: Exception) -> Response:
    """Starlette's and FastAPI's own refusals (no such route, a body too large or that
    does not parse), with the reason a body did not parse where it is known."""
    assert isinstance(exc, HTTPException)
    detail = exc.detail
    cause = exc.__cause__
    if isinstance(cause, RecursionError):
        detail = "the body nests lists or objects too deep"
    elif isinstance(cause, ValueError):  # an integer of more digits than Python converts
        detail = f"the body is not acceptable JSON: {TOO_MANY_DIGITS}"
    if exc.status_code in (204, 304):
        return Response(status_code=exc.status_code, headers=exc.headers)
    return Json({"detail": detail}, status_code=exc.status_code, headers=exc.headers)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Parlour server for one process (rooms are stored in ``settings.db_url``)."""
    settings = settings or Settings()
    allow_bots(settings.allowed_bots)
    hub, doors = rooms(store_for(settings.db_url, settings.sync), settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(
        title="Parlour",
        summary="Play five tabletop games together in the browser.",
        description="Live play goes over the websocket `/ws/{code}`; its messages are"
        " described in docs/protocol.md.",
        lifespan=lifespan,
        default_response_class=Json,
    )
    app.state.hub = hub
    app.state.doors = doors
    app.state.settings = settings
    app.add_middleware(BoundedBodies, limit=settings.max_body_bytes,
                       larger=api.MAX_CONTENT_BYTES, seconds=settings.body_seconds,
                       larger_paths=api.CONTENT_PATH)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(LiveSockets, doors=doors, settings=settings)
    # Starlette picks the handler of the nearest class in an error's MRO.
    for error, status in STATUSES.items():
        app.add_exception_handler(error, refusal(status))
    app.add_exception_handler(RequestValidationError, malformed)
    app.add_exception_handler(HTTPException, http_refusal)
    # The API first: routes are tried in order, and POST /api/rooms opens every room.
    for router in (api.router, records.router, pages.router, status_router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=pages.WEB), name="static")
    return app


def rooms(store: Store, settings: Settings) -> tuple[Hub, Doors]:
    """The rooms of this process, and how its connections find theirs: all of them here,
    or, with Redis, owned among the processes that share them (``cluster``)."""
    if not settings.redis_url:
        hub = Hub(store, settings)
        return hub, Doors(hub)
    from ..cluster.sharing import share  # only then: a process alone never loads the cluster

    return share(store, settings)
