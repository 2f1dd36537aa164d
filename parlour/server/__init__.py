"""The Parlour server: rooms, seats, live play over websockets, storage and replay.

Its packages, each with one job, from the top down (the layers ``lint-imports`` checks):

- ``http``: the application's wiring (``create_app``), the HTTP API, the pages, links;
- ``cluster``: several processes sharing rooms (Redis, ownership, relayed connections);
  a process alone never loads it;
- ``live``: the websocket, the connections, the message table (docs/protocol.md);
- ``rooms``: a room and its parts, and the hub holding this process's rooms;
- ``storage``: SQLite or PostgreSQL, the migrations, the quotas.

``run.serve`` is the one entry point (``parlour serve``), given ``config.Settings``.
The names below are imported when first asked for, so that the command line that needs
only a light part of the server (its settings, say) does not load the application.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import Settings
    from .errors import ServeError
    from .http.app import create_app
    from .run import serve

__all__ = ["ServeError", "Settings", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .http.app import create_app
        return create_app
    if name == "serve":
        from .run import serve
        return serve
    if name == "Settings":
        from .config import Settings
        return Settings
    if name == "ServeError":
        from .errors import ServeError
        return ServeError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
