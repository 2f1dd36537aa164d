"""The Parlour server: rooms, seats, live play over websockets, storage and replay."""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
