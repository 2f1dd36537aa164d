"""A database that is busy or restarting for a moment: a move costs a clear error and a
retry, never a half-applied move; and the game goes on once the database is back."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from parlour.server.storage import sqlite as sqlite_store


def lock(db: Path) -> sqlite3.Connection:
    """Another program holds the SQLite file's write lock (in WAL mode readers go on)."""
    con = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    con.execute("BEGIN EXCLUSIVE")
    return con


def stored_actions(db: Path, code: str) -> int:
    with sqlite3.connect(db) as con:
        (count,) = con.execute("SELECT count(*) FROM actions WHERE room = ?",
                               (code,)).fetchone()
    return int(count)


def test_a_busy_sqlite_file_costs_a_retry_or_a_clear_error_and_nothing_half_made(
        kit: Any, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A quarter of a second of waiting for the lock, then the write gives up.
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT", 0.25)
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        guest = kit.connect(client, code)
        guest.request({"type": "sit", "seat": 1, "name": "Bob"})
        host.request({"type": "configure", "options": {"matches": 1}})
        host.request({"type": "start"})
        host.until(lambda m: m["play"] is not None and m["play"]["legal"])
        # Busy for 0.4 s: the first write gives up, the server's own retry goes through.
        holder = lock(db)
        threading.Timer(0.4, holder.rollback).start()
        keep = host.last["play"]["legal"]["choices"][0]
        assert host.request({"type": "act", "action": keep})["type"] == "ok"
        assert stored_actions(db, code) == 1
        # Busy for longer than both tries: a clear error, and nothing changed anywhere.
        guest.until(lambda m: m["play"] is not None and m["play"]["version"] == 1
                    and m["play"]["legal"])
        before = guest.last["play"]
        holder = lock(db)
        refused = guest.request({"type": "act", "action": before["legal"]["choices"][1]})
        holder.rollback()
        assert refused["type"] == "error" and "try again" in refused["message"], refused
        assert stored_actions(db, code) == 1
        assert guest.request({"type": "ping"})["type"] == "ok"  # the connection carries on
        assert guest.last["play"] == before
        # The person tries again: the move counts once.
        assert guest.request({"type": "act", "action": before["legal"]["choices"][1]})[
            "type"] == "ok"
        assert stored_actions(db, code) == 2
        assert guest.until(lambda m: m["play"]["version"] == 2)
        # A room asked for while the file is locked: a clear 503, and no room.
        holder = lock(db)
        busy = client.post("/api/rooms", json={})
        holder.rollback()
        assert busy.status_code == 503 and "try again" in busy.json()["detail"]
        # A lobby change while the file is locked is refused whole too.
        other, other_token = kit.new_room(client)
        lobby = kit.connect(client, other, other_token)
        holder = lock(db)
        assert "try again" in lobby.request({"type": "sit", "seat": 0, "name": "Cy"})["message"]
        holder.rollback()
        assert lobby.request({"type": "ping"})["type"] == "ok"
        assert lobby.last["room"]["seats"][0]["name"] is None
