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
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.engine import Match, Record, replay
from parlour.engine.chance import new_seed
from parlour.games import get_game
from parlour.server.config import normalise_db_url
from parlour.server.rooms.play import Play
from parlour.server.storage.changes import SetUp, StoredRoom
from parlour.server.storage.schema import MIGRATIONS, metadata
from parlour.server.storage.stores import store_for


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


def test_migrating_keeps_every_stored_seed_exact_and_games_replay(db: Path,
                                                                  tmp_path: Path) -> None:
    """A database of the BIGINT days (revision 0003) holds the largest seed BIGINT takes and
    a game half played on it; after the upgrade the seed is the same number, the game goes
    on from the same state, a 128-bit seed is stored exactly, and records replay in
    `parlour replay` to the same end."""
    old_seed = 2**63 - 25
    game = get_game("love-me-not")
    match = Match.new(game, 2, {"matches": 1}, old_seed)
    rng = random.Random(11)
    for _ in range(4):
        seat = min(match.to_act)
        match.act(seat, game.random_action(match.view(seat), match.legal(seat), rng))
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(text(
            "INSERT INTO rooms (code, created_at, updated_at, creator, host_hash, game, options,"
            " seats, timer, status, seed, version) VALUES ('KXMP', 0, 0, 'a', 'h',"
            " 'love-me-not', '{\"matches\": 1}', '[{}, {}]', 0, 'playing', :seed, 4)"),
            {"seed": old_seed})
        for idx, entry in enumerate(match.record.actions):
            conn.execute(text("INSERT INTO actions (room, idx, seat, action, bot, created_at)"
                              " VALUES ('KXMP', :idx, :seat, :action, 1, 0)"),
                         {"idx": idx, "seat": entry["seat"],
                          "action": json.dumps(entry["action"])})
    engine.dispose()
    full = new_seed() | 1 << 127  # a seed of the full 128 bits

    async def upgrade_then_reseed() -> tuple[StoredRoom | None, StoredRoom | None]:
        store = store_for(f"sqlite+aiosqlite:///{db}")
        await store.start()
        kept = await store.load("KXMP")
        await store.write(SetUp("KXMP", 0, 4, "love-me-not", {}, [{}, {}], 0, "playing", full))
        fresh = await store.load("KXMP")
        await store.close()
        return kept, fresh

    kept, fresh = in_own_loop(upgrade_then_reseed)
    assert kept is not None and fresh is not None
    assert kept.seed == old_seed and fresh.seed == full
    restored = Play.restore(kept, lambda move: None, 0)
    for seat in (None, 0, 1):
        assert restored.match.view(seat) == match.view(seat)
    while not match.over:
        seat = min(match.to_act)
        match.act(seat, game.random_action(match.view(seat), match.legal(seat), rng))
    for record in (match.record, Record("love-me-not", 2, full, {"matches": 1})):
        path = tmp_path / "record.json"
        path.write_text(record.dumps())
        out = CliRunner().invoke(app, ["replay", str(path), "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["view"] == replay(record, get_game).view(None)
    assert json.loads(out.output)["over"] is False
