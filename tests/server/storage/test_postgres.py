"""The server on PostgreSQL: a throwaway cluster on loopback, started and stopped here."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Record, replay
from parlour.games import get_game
from parlour.perf.services import Postgres, _as_postgres, has_postgres, postgres_bin, start_postgres
from parlour.server.storage.postgres import PostgresStore
from parlour.server.storage.stores import store_for


@pytest.fixture
def postgres_url() -> Iterator[str]:
    cluster = start_postgres(fsync=False)
    try:
        yield cluster.url
    finally:
        cluster.stop()


# In CI a missing PostgreSQL is a failure, not a skip: make test installs it.
@pytest.mark.skipif(not has_postgres() and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
def test_a_game_on_postgresql_survives_a_restart(kit: Any, tmp_path: Path,
                                                 postgres_url: str) -> None:
    db = tmp_path / "unused.sqlite3"
    with kit.open_client(db, db_url=postgres_url) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        kit.play_out([host, guest], seed=3, stop_after=5)
        guest_token = guest.token
    with kit.open_client(db, db_url=postgres_url) as client:
        host = kit.connect(client, code, token)
        guest = kit.connect(client, code, guest_token)
        assert host.last["play"]["version"] == 5
        kit.play_out([host, guest], seed=4)
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        assert len(record.actions) == 10
        expected = replay(record, get_game).result()
        assert expected is not None and host.last["play"]["result"] == expected.to_json()
    assert not db.exists()


def pg_ctl(cluster: Postgres, *args: str) -> None:
    subprocess.run(_as_postgres([str(postgres_bin() / "pg_ctl"), "-D",
                                 str(cluster.home / "data"), "-w", *args]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.skipif(not has_postgres() and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
def test_postgresql_restarting_for_a_moment_costs_a_clear_error_and_a_retry(
        kit: Any, tmp_path: Path) -> None:
    cluster = start_postgres(fsync=False)
    try:
        with kit.open_client(tmp_path / "unused.sqlite3", db_url=cluster.url) as client:
            code, token = kit.new_room(client)
            host, guest = kit.seat_two_people(client, code, token)
            assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
            assert host.request({"type": "start"})["type"] == "ok"
            kit.play_out([host, guest], seed=3, stop_after=4)
            mover = next(p for p in (host, guest) if p.until(lambda m: True)["play"]["legal"])
            before = mover.last["play"]
            action = before["legal"]["choices"][0]
            pg_ctl(cluster, "-m", "immediate", "stop")  # gone, mid-game, without a goodbye
            refused = mover.request({"type": "act", "action": action})
            assert refused["type"] == "error" and "try again" in refused["message"], refused
            # Until the room is read again a move is refused alike; the connection carries
            # on (a ping is still answered) and nobody was shown the move that was not stored.
            again = mover.request({"type": "act", "action": action})
            assert again["type"] == "error" and "try again" in again["message"], again
            assert mover.request({"type": "ping"})["type"] == "ok"
            assert mover.last["play"] == before
            pg_ctl(cluster, "-l", str(cluster.home / "log"), "-o",
                   f"-p {cluster.port} -c listen_addresses=127.0.0.1"
                   f" -k {cluster.home / 'sock'} -c fsync=off", "start")
            assert mover.request({"type": "act", "action": action})["type"] == "ok"
            for person in (host, guest):
                person.until(lambda m: m["play"]["version"] == 5)
            kit.play_out([host, guest], seed=4)
            record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
            assert len(record.actions) == 10  # Love Me Not's one match: the retry counted once
            assert record.actions[4]["action"] == action
            expected = replay(record, get_game).result()
            assert expected is not None and host.last["play"]["result"] == expected.to_json()
    finally:
        cluster.stop()


@pytest.mark.skipif(not has_postgres() and not os.environ.get("CI"),
                    reason="PostgreSQL is not installed (make test installs it as root)")
@pytest.mark.parametrize(("sync", "setting"), [("full", "on"), ("normal", "off")])
def test_sync_normal_commits_without_waiting_for_postgresqls_disk(
        kit: Any, postgres_url: str, sync: str, setting: str) -> None:
    async def shown() -> list[str]:
        store = store_for(postgres_url, sync)
        await store.start()
        try:
            assert isinstance(store, PostgresStore)
            async with store.pool.acquire() as reader:
                return [await store.conn.fetchval("SHOW synchronous_commit"),
                        await reader.fetchval("SHOW synchronous_commit")]
        finally:
            await store.close()

    assert kit.run_async(shown) == [setting, setting]
