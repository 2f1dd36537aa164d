"""Who a room tells: its connections, as the room sees them.

A room makes each connection's snapshot (``snapshot.py``) and, once the change it shows
is on disk, shows it to the connection (``outbox.py``), which sends whatever brings it
there: its whole snapshot, or a patch. ``live.connections.Client`` is such a connection;
so is one relayed from another process (``cluster.sharing.Remote``).
"""

from __future__ import annotations

from typing import Any, Protocol

Message = dict[str, Any]
"""A message of the live protocol (docs/protocol.md), as a JSON object."""

Frames = dict[tuple[int, int], str | None]
"""The texts of one change's frames, by the ids of the two snapshots each goes between
(the one a connection has, its new one): shared by every connection shown the change, so
that each distinct frame is encoded once."""


class Connection(Protocol):
    """A connection to a room."""

    token_hash: str | None
    """What the connection holds a seat or the host's role with (its token's hash), if any."""
    table_only: bool
    """A shared screen showing the table: shown what a spectator is, whoever holds it."""
    visible: bool
    """Whether the page is in front of its person (a seat's presence)."""

    def show(self, snapshot: Message, frames: Frames) -> None:
        """Send what brings the connection to ``snapshot`` (nothing if it has it already)."""
