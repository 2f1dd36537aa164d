"""Idempotency keys on actions: a move sent again with its key is answered, not repeated.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as acts:
        acts.add_column(sa.Column("key", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as acts:
        acts.drop_column("key")
