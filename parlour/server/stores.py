"""Which store serves a database URL.

>>> store_for("sqlite+aiosqlite:///games.db").__class__.__name__
'SqliteStore'
"""

from __future__ import annotations

from .config import SYNC_MODES
from .db import Store
from .sqlite_store import SqliteStore


def store_for(url: str, sync: str = "full") -> Store:
    """The store for an SQLAlchemy URL: an SQLite file, or PostgreSQL (through asyncpg);
    ``sync`` as ``Settings.sync``."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync is one of {', '.join(SYNC_MODES)} (got {sync!r})")
    if url.startswith("sqlite"):
        return SqliteStore(url, sync)
    if url.startswith("postgresql"):
        # Only here: asyncpg is an optional extra (pip install -e '.[postgres]').
        from .postgres_store import PostgresStore

        return PostgresStore(url, sync)
    raise ValueError(f"unknown database {url!r}: give an SQLite file or a postgresql:// URL")
