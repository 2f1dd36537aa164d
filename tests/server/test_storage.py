"""Storage: the migrations build exactly the schema the server uses, and keep stored games."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from parlour.server.config import normalise_db_url
from parlour.server.db import MIGRATIONS, StoredRoom, metadata
from parlour.server.stores import store_for


def in_own_loop(work: Any) -> Any:
    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work()).result()


def started_and_loaded(db: Path, code: str | None = None) -> StoredRoom | None:
    """Start a store on ``db`` twice (migrating it), and load room ``code`` if given."""
    async def run() -> StoredRoom | None:
        for _ in range(2):  # running the migrations again on start changes nothing
            store = store_for(f"sqlite+aiosqlite:///{db}")
            await store.start()
            found = await store.load(code) if code else None
            await store.close()
        return found

    found: StoredRoom | None = in_own_loop(run)
    return found


def test_the_migrations_build_the_schema_the_server_uses(db: Path) -> None:
    started_and_loaded(db)
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        assert list(compare_metadata(MigrationContext.configure(conn), metadata)) == []
    engine.dispose()


def test_a_game_stored_before_room_versions_is_kept_and_counts_its_moves(db: Path) -> None:
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(text(
            "INSERT INTO rooms VALUES ('KXMP', 1, 1, 'me', 'h', 'love-me-not', '{}',"
            " '[{}, {}]', 0, 'playing', 7, NULL)"))
        for idx, keep in enumerate(("5H", "JD", "2S")):
            conn.execute(text("INSERT INTO actions (room, idx, seat, action, bot, created_at)"
                              f" VALUES ('KXMP', {idx}, {idx % 2}, '{{\"keep\": \"{keep}\"}}',"
                              " 0, 1)"))
    engine.dispose()
    stored = started_and_loaded(db, "KXMP")
    assert stored is not None and stored.version == 3 and stored.seed == 7
    assert [a["action"] for a in stored.actions] == [{"keep": "5H"}, {"keep": "JD"},
                                                     {"keep": "2S"}]


def test_database_addresses_people_type_are_understood() -> None:
    assert normalise_db_url(None) == "sqlite+aiosqlite:///parlour.sqlite3"
    assert normalise_db_url("games.db") == "sqlite+aiosqlite:///games.db"
    assert normalise_db_url("sqlite:////tmp/x.db") == "sqlite+aiosqlite:////tmp/x.db"
    assert normalise_db_url("postgresql://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalise_db_url("postgresql+asyncpg://h/db") == "postgresql+asyncpg://h/db"
