"""The server on PostgreSQL: a throwaway cluster on loopback, started and stopped here."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Record, replay
from parlour.games import get_game

PG_BIN = next((p for p in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
               if (p / "initdb").exists()), None) if Path("/usr/lib/postgresql").exists() else None
if PG_BIN is None and shutil.which("initdb"):
    PG_BIN = Path(shutil.which("initdb") or "").parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(args: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; CI runs as root, so drop to the postgres user.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@pytest.fixture
def postgres_url() -> Iterator[str]:
    assert PG_BIN is not None
    home = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    data, sock = home / "data", home / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        for path in (home, sock):
            os.chown(path, pw.pw_uid, pw.pw_gid)
    port = _free_port()
    subprocess.run(_as_postgres([str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust",
                                 "-U", "parlour", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL)
    ctl = _as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-l",
                        str(home / "log"), "-o",
                        f"-p {port} -c listen_addresses=127.0.0.1 -k {sock} -c fsync=off"])
    subprocess.run([*ctl, "start"], check=True, stdout=subprocess.DEVNULL)
    try:
        yield f"postgresql+asyncpg://parlour@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), stdout=subprocess.DEVNULL, check=False)
        shutil.rmtree(home, ignore_errors=True)


# In CI a missing PostgreSQL is a failure, not a skip: make test installs it.
@pytest.mark.skipif(PG_BIN is None and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
def test_a_game_on_postgresql_survives_a_restart(kit: Any, tmp_path: Path,
                                                 postgres_url: str) -> None:
    from tests.server.test_rooms import play_out, seat_two_people

    db = tmp_path / "unused.sqlite3"
    with kit.open_client(db, db_url=postgres_url) as client:
        code, token = kit.new_room(client)
        host, guest = seat_two_people(kit, client, code, token)
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        play_out(kit, [host, guest], seed=3, stop_after=5)
        guest_token = guest.token
    with kit.open_client(db, db_url=postgres_url) as client:
        host = kit.connect(client, code, token)
        guest = kit.connect(client, code, guest_token)
        assert host.last["play"]["version"] == 5
        play_out(kit, [host, guest], seed=4)
        record = Record.from_json(client.get(f"/api/rooms/{code}/record").json())
        assert len(record.actions) == 10
        expected = replay(record, get_game).result()
        assert expected is not None and host.last["play"]["result"] == expected.to_json()
    assert not db.exists()
