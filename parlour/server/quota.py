"""Limits that hold across server processes: token buckets kept in the database.

Taking a token is one upsert (``INSERT ... ON CONFLICT DO UPDATE ... WHERE``): the
database refills the bucket, checks it and takes the token in the same statement, so
however many requests race (in one process or in several sharing the database), no more
than the bucket holds get through. Counting rows and then inserting one would let every
request of a burst read the same count first.

>>> import asyncio, tempfile
>>> from parlour.server.stores import store_for
>>> url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/q.sqlite3"
>>> async def three_of_two() -> list[bool]:
...     store = store_for(url)
...     await store.start()
...     await store.close()
...     quota = Quota(url)
...     taken = [await quota.take("rooms:10.0.0.1", rate=0.0, burst=2) for _ in range(3)]
...     await quota.close()
...     return taken
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # a thread of its own, free of any running loop
...     pool.submit(asyncio.run, three_of_two()).result()
[True, True, False]
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import ColumnElement, case, literal
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import sqlite_store
from .db import quotas
from .errors import StoreUnavailable


class Quota:
    """Token buckets by key (say ``rooms:<address>``) in the database at ``url``."""

    def __init__(self, url: str) -> None:
        # As long as the SQLite store waits for a lock, then a clear refusal.
        busy = {"timeout": sqlite_store.BUSY_TIMEOUT} if url.startswith("sqlite") else {}
        self.engine: AsyncEngine = create_async_engine(url, connect_args=busy)

    async def close(self) -> None:
        await self.engine.dispose()

    async def take(self, key: str, *, rate: float, burst: int) -> bool:
        """Take one token from ``key``'s bucket (``burst`` tokens, refilled at ``rate`` a
        second); ``False`` (and nothing taken) if it is empty."""
        now = time.time()
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        stmt: Any = dialect.insert(quotas).values(key=key, tokens=float(burst - 1), at=now)
        refilled = _at_most(quotas.c.tokens + (now - quotas.c.at) * rate, float(burst))
        stmt = stmt.on_conflict_do_update(
            index_elements=[quotas.c.key],
            set_={"tokens": refilled - 1, "at": now},
            where=refilled >= 1,
        ).returning(quotas.c.tokens)
        try:
            async with self.engine.begin() as conn:
                taken = (await conn.execute(stmt)).first()
        except SQLAlchemyError:
            raise StoreUnavailable("the database is busy: nothing was made, please try again"
                                   " in a moment") from None
        return taken is not None


def _at_most(value: ColumnElement[Any], cap: float) -> ColumnElement[Any]:
    # CASE rather than min()/least(): the same SQL on SQLite and PostgreSQL.
    return case((value > cap, literal(cap)), else_=value)
