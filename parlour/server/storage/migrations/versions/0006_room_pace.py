"""The room's pace: how long its moments hold the table and its bots think.

Every room made before has the normal pace (the column's default), as the server played
it then; the host chooses another in the lobby (``configure``'s ``pace``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("pace", sa.String(16), nullable=False,
                                   server_default="normal"))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("pace")
