"""Which store serves a database URL.

>>> store_for("sqlite+aiosqlite:///games.db").__class__.__name__
'SqliteStore'

A store also keeps the quotas, the limits that hold across server processes
(``Store.take``):

>>> import asyncio, tempfile
>>> from concurrent.futures import ThreadPoolExecutor
>>> async def three_of_two() -> list[bool]:
...     store = store_for(f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/q.sqlite3")
...     await store.start()
...     taken = [await store.take("rooms:10.0.0.1", rate=0.0, burst=2) for _ in range(3)]
...     await store.close()
...     return taken
>>> with ThreadPoolExecutor(1) as pool:  # a thread of its own, free of any running loop
...     pool.submit(asyncio.run, three_of_two()).result()
[True, True, False]
"""

from __future__ import annotations

from ..config import SYNC_MODES
from .changes import Store
from .sqlite import SqliteStore


def store_for(url: str, sync: str = "full") -> Store:
    """The store for an SQLAlchemy URL: an SQLite file, or PostgreSQL (through asyncpg);
    ``sync`` as ``Settings.sync``."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync is one of {', '.join(SYNC_MODES)} (got {sync!r})")
    if url.startswith("sqlite"):
        return SqliteStore(url, sync)
    if url.startswith("postgresql"):
        # Only here: asyncpg is an optional extra (pip install -e '.[postgres]').
        from .postgres import PostgresStore

        return PostgresStore(url, sync)
    raise ValueError(f"unknown database {url!r}: give an SQLite file or a postgresql:// URL")
