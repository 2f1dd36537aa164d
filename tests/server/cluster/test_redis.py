"""Two server processes share rooms through Redis pub/sub (needs the redis-server binary)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Record, replay
from parlour.games import get_game

from .conftest import REDIS


# In CI a missing redis-server is a failure, not a skip: make test installs it.
@pytest.mark.skipif(REDIS is None and not os.environ.get("CI"),
                    reason="redis-server is not installed (make test installs it as root)")
def test_two_processes_share_a_room(kit: Any, db: Path, redis_url: str) -> None:
    with kit.open_client(db, redis_url=redis_url) as one, \
            kit.open_client(db, redis_url=redis_url) as two:
        code, token = kit.new_room(one)
        host = kit.connect(one, code, token)
        guest = kit.connect(two, code)  # the other process loads the room from the database
        assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
        seen = guest.until(lambda m: m["room"]["seats"][0]["name"] == "Ann")
        assert seen["room"]["seats"][0]["you"] is False
        assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
        host.until(lambda m: m["room"]["seats"][1]["name"] == "Bob")
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        for turn in range(5):
            for person in (host, guest):
                snap = person.until(lambda m: m["play"] is not None and m["play"]["legal"])
                action = snap["play"]["legal"]["choices"][0]
                reply = person.request({"type": "act", "action": action})
                assert reply["type"] == "ok", (turn, reply)
        host.until(lambda m: m["play"]["over"])
        guest.until(lambda m: m["play"]["over"])
        record = Record.from_json(kit.read(two, f"/api/rooms/{code}/record", token).json())
        result = replay(record, get_game).result()
        assert result is not None
        assert host.last["play"]["result"] == guest.last["play"]["result"] == result.to_json()
        assert host.last["play"]["view"] != guest.last["play"]["view"]


@pytest.mark.skipif(REDIS is None and not os.environ.get("CI"),
                    reason="redis-server is not installed (make test installs it as root)")
def test_a_connection_goes_on_to_rooms_owned_here_and_elsewhere(
        kit: Any, db: Path, redis_url: str) -> None:
    with kit.open_client(db, redis_url=redis_url) as one, \
            kit.open_client(db, redis_url=redis_url) as two:
        first, _ = kit.new_room(one)
        here, _ = kit.new_room(two)
        elsewhere, elsewhere_token = kit.new_room(one)
        # A room is owned by the process its first connection reaches (the one a proxy
        # routes its code to), not the one that opened it.
        for client, code in ((one, first), (two, here), (one, elsewhere)):
            kit.connect(client, code)
        guest = kit.connect(two, first)  # served by two through one, the owner
        for code, token in ((here, None), (elsewhere, elsewhere_token)):
            guest.ws.send_json({"type": "hello", "room": code, "token": token,
                                "patches": True})
            there = guest.until(lambda m, code=code: m["room"]["code"] == code)
            assert there["you"]["host"] is (token is not None)
            assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["type"] == "ok"
            assert guest.until(lambda m: m["room"]["seats"][1]["you"])["room"]["code"] == code
        # Through one, the owner, for first and elsewhere; here at two.
        assert kit.read(two, "/api/server", None).json()["relayed"] == 2


@pytest.mark.skipif(REDIS is None and not os.environ.get("CI"),
                    reason="redis-server is not installed (make test installs it as root)")
def test_a_new_room_is_owned_by_the_process_its_connections_reach_not_its_opener(
        kit: Any, db: Path, redis_url: str) -> None:
    """Ownership follows the proxy: the process that opened a room (any, for a request
    naming no room) does not keep it; the one its code's connections are routed to takes
    it from the database, so none of them is relayed."""
    with kit.open_client(db, redis_url=redis_url) as one, \
            kit.open_client(db, redis_url=redis_url) as two:
        code, token = kit.new_room(one)
        assert kit.read(one, "/api/server", None).json()["rooms"] == 0
        host = kit.connect(two, code, token)
        guest = kit.connect(two, code)
        assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
        guest.until(lambda m: m["room"]["seats"][0]["name"] == "Ann")
        status = [kit.read(c, "/api/server", None).json() for c in (one, two)]
        assert [s["rooms"] for s in status] == [0, 1]
        assert [s["connections"] for s in status] == [0, 2]
        assert [s["relayed"] for s in status] == [0, 0]
