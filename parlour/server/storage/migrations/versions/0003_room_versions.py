"""Room versions (each change is a compare-and-set on them) and the per-address index.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
        rooms.drop_index("ix_rooms_creator")
        rooms.create_index("ix_rooms_creator_created_at", ["creator", "created_at"])
    # A stored room's version is the number of its stored changes that count: its actions.
    op.execute("UPDATE rooms SET version = (SELECT count(*) FROM actions"
               " WHERE actions.room = rooms.code)")
    # The unique (room, idx) index serves reading a room's actions in order.
    with op.batch_alter_table("actions") as acts:
        acts.drop_index("ix_actions_room")


def downgrade() -> None:
    with op.batch_alter_table("actions") as acts:
        acts.create_index("ix_actions_room", ["room"])
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_index("ix_rooms_creator_created_at")
        rooms.create_index("ix_rooms_creator", ["creator"])
        rooms.drop_column("version")
