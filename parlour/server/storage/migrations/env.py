"""Alembic environment: the server runs migrations on the connection it passes in."""

from __future__ import annotations

from alembic import context

from parlour.server.storage.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs the alembic CLI by hand
    raise RuntimeError("Parlour runs its migrations itself on start (parlour serve)")

context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
