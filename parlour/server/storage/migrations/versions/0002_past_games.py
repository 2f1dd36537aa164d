"""Games a room has finished before the one it plays now ("play again").

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-09
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "past_games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(12), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("names", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("room", "number", name="uq_past_games_room_number"),
    )
    op.create_index("ix_past_games_room", "past_games", ["room"])


def downgrade() -> None:
    op.drop_table("past_games")
