"""Storage: the migrations build exactly the schema the server uses, and keep stored games."""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, create_engine, text
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.engine import Match, Record, replay
from parlour.engine.chance import new_seed
from parlour.games import get_game
from parlour.server.config import normalise_db_url
from parlour.server.db import Store, StoredRoom, _alembic_config, metadata
from parlour.server.play import Play


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


def test_migrating_keeps_every_stored_seed_exact_and_games_replay(db: Path,
                                                                  tmp_path: Path) -> None:
    """A database of the BIGINT days (revision 0002) holds the largest seed BIGINT takes and
    a game half played on it; after the upgrade the seed is the same number, the game goes
    on from the same state, and its record replays in `parlour replay` to the same end."""
    old_seed = 2**63 - 25
    game = get_game("love-me-not")
    match = Match.new(game, 2, {"matches": 1}, old_seed)
    rng = random.Random(11)
    for _ in range(4):
        seat = min(match.to_act)
        match.act(seat, game.random_action(match.view(seat), match.legal(seat), rng))
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        command.upgrade(_alembic_config(conn), "0002")
        conn.execute(text(
            "INSERT INTO rooms (code, created_at, updated_at, creator, host_hash, game, options,"
            " seats, timer, status, seed) VALUES ('KXMP', 0, 0, 'a', 'h', 'love-me-not',"
            " '{\"matches\": 1}', :seats, 0, 'playing', :seed)"),
            {"seats": json.dumps([{"bot": "greedy"}, {"bot": "greedy"}]), "seed": old_seed})
        for idx, entry in enumerate(match.record.actions):
            conn.execute(text("INSERT INTO actions (room, idx, seat, action, bot, created_at)"
                              " VALUES ('KXMP', :idx, :seat, :action, 1, 0)"),
                         {"idx": idx, "seat": entry["seat"],
                          "action": json.dumps(entry["action"])})
    engine.dispose()
    new_seed_value = new_seed() | 1 << 127  # a seed of the full 128 bits

    async def upgrade_and_load() -> tuple[StoredRoom | None, StoredRoom | None]:
        store = Store(f"sqlite+aiosqlite:///{db}")
        await store.migrate()
        kept = await store.load("KXMP")
        await store.save_setup("KXMP", game="love-me-not", options={}, seats=[], timer=0,
                               status="playing", seed=new_seed_value)
        fresh = await store.load("KXMP")
        await store.close()
        return kept, fresh

    with ThreadPoolExecutor(1) as pool:
        kept, fresh = pool.submit(asyncio.run, upgrade_and_load()).result()
    assert kept is not None and fresh is not None
    assert kept.seed == old_seed and fresh.seed == new_seed_value
    restored = Play.restore(kept, Store("sqlite+aiosqlite://"), lambda move: None, 0)
    assert restored.match.view(None) == match.view(None)
    assert restored.match.view(0) == match.view(0) and restored.match.view(1) == match.view(1)
    while not match.over:
        seat = min(match.to_act)
        match.act(seat, game.random_action(match.view(seat), match.legal(seat), rng))
    for record in (match.record, Record("love-me-not", 2, new_seed_value, {"matches": 1})):
        path = tmp_path / "record.json"
        path.write_text(record.dumps())
        out = CliRunner().invoke(app, ["replay", str(path), "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["view"] == replay(record, get_game).view(None)
    assert json.loads(out.output)["over"] is False
