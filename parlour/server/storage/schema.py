"""The database's schema: rooms and their append-only action records, past games, quotas.

The schema is owned by the Alembic migrations in ``migrations/`` (``metadata`` below
describes it); a store's ``start`` brings any database up to date (:func:`upgrade`), so
an upgrade never loses a stored game. The hot path does not go through SQLAlchemy: every
change of a room is stored by the statements in ``statements.py``, through the store's
one writer (``writer.py``).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("code", String(12), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("creator", String(64), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("timer", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    # A 128-bit seed as its decimal digits (``statements.seed_text``): exact in any database.
    Column("seed", String(40), nullable=True),
    Column("result", Text, nullable=True),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("pace", String(16), nullable=False, server_default="normal"),
    # The per-address count of rooms made in the last hour reads a range of this index.
    Index("ix_rooms_creator_created_at", "creator", "created_at"),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(12), nullable=False),
    Column("idx", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("bot", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
    # The idempotency key a person's move was sent with, if any (``act``'s ``key``).
    Column("key", String(64), nullable=True),
    # Its index also serves reading a room's actions in order.
    UniqueConstraint("room", "idx", name="uq_actions_room_idx"),
)

past_games = Table(
    "past_games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(12), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("record", Text, nullable=False),
    Column("result", Text, nullable=True),
    Column("names", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("room", "number", name="uq_past_games_room_number"),
)

quotas = Table(
    "quotas",
    metadata,
    Column("key", String(80), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("at", Float, nullable=False),
)
"""One token bucket per key (``Store.take``): the tokens left at time ``at``."""

MIGRATIONS = Path(__file__).parent / "migrations"


def upgrade(conn: Connection) -> None:
    """Run the migrations up to the newest, on an open SQLAlchemy connection."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
