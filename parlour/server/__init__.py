"""The Parlour server: rooms, seats, live play over websockets, storage and replay.

``create_app`` and ``Settings`` are imported when first asked for, so that a process that
needs only a light part of the server (the front of ``parlour serve --processes N``,
``front.py``) does not load the application.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import Settings
    from .http.app import create_app

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .http.app import create_app
        return create_app
    if name == "Settings":
        from .config import Settings
        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
