"""Rooms and their append-only action records.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("timer", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_rooms_creator", "rooms", ["creator"])
    op.create_index("ix_rooms_status", "rooms", ["status"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(12), nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("bot", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("room", "idx", name="uq_actions_room_idx"),
    )
    op.create_index("ix_actions_room", "actions", ["room"])


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("rooms")
