"""Storage: the migrations build exactly the schema the server uses, and keep stored games."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection

from parlour.server.config import normalise_db_url
from parlour.server.db import Store, metadata


def differences(db: Path) -> list[Any]:
    async def run() -> list[Any]:
        store = Store(f"sqlite+aiosqlite:///{db}")
        await store.migrate()
        await store.migrate()  # running again on start changes nothing

        def compare(conn: Connection) -> list[Any]:
            return list(compare_metadata(MigrationContext.configure(conn), metadata))

        async with store.engine.connect() as conn:
            found = await conn.run_sync(compare)
        await store.close()
        return found

    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_the_migrations_build_the_schema_the_server_uses(db: Path) -> None:
    assert differences(db) == []


def test_database_addresses_people_type_are_understood() -> None:
    assert normalise_db_url(None) == "sqlite+aiosqlite:///parlour.sqlite3"
    assert normalise_db_url("games.db") == "sqlite+aiosqlite:///games.db"
    assert normalise_db_url("sqlite:////tmp/x.db") == "sqlite+aiosqlite:////tmp/x.db"
    assert normalise_db_url("postgresql://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalise_db_url("postgresql+asyncpg://h/db") == "postgresql+asyncpg://h/db"
