"""128-bit seeds, kept exactly as decimal text; and the per-address quotas.

A game's seed now has 128 bits (``parlour.engine.chance.new_seed``), more than
``BIGINT`` holds, so ``rooms.seed`` becomes its decimal digits: every stored seed keeps
its exact value (SQLite copies the table, PostgreSQL casts the column in place).

``quotas`` holds one token bucket per key (``rooms:<address>``), taken by a single
upsert, so a limit holds however many requests and server processes race for it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SEED_DIGITS = 40  # 2**128 has 39 decimal digits


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.alter_column("seed", existing_type=sa.BigInteger, type_=sa.String(SEED_DIGITS),
                           existing_nullable=True, postgresql_using="seed::text")
    op.create_table(
        "quotas",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    # Seeds of 64 bits or more cannot go back into BIGINT: such a downgrade fails whole.
    op.drop_table("quotas")
    with op.batch_alter_table("rooms") as batch:
        batch.alter_column("seed", existing_type=sa.String(SEED_DIGITS), type_=sa.BigInteger,
                           existing_nullable=True, postgresql_using="seed::bigint")
