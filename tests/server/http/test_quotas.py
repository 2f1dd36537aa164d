"""Limits per address that hold under concurrency: rooms made (across server processes),
look-ups of rooms and websocket joins; and who may read a finished game's record."""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx

from parlour.server import create_app

T = TypeVar("T")


def test_sixty_rooms_at_once_from_one_address_on_two_processes_make_thirty(
        kit: Any, servers: Callable[[int], list[Any]]) -> None:
    one, two = servers(2)  # two server processes on one database

    async def burst() -> list[int]:
        async with httpx.AsyncClient(timeout=60) as http:
            posts = [http.post(f"{server.url}/api/rooms", json={"game": "love-me-not"})
                     for _ in range(30) for server in (one, two)]
            return [reply.status_code for reply in await asyncio.gather(*posts)]

    statuses = kit.run_async(burst)
    assert Counter(statuses) == {201: 30, 429: 30}
    with sqlite3.connect(one.db) as con:
        assert con.execute("SELECT count(*) FROM rooms").fetchone() == (30,)
    # A forged X-Forwarded-For does not get round it: the server trusts no proxy header.
    assert httpx.post(f"{one.url}/api/rooms", json={"game": "love-me-not"},
                      headers={"x-forwarded-for": "10.1.2.3"}).status_code == 429


def concurrently(kit: Any, db: Path, requests: Callable[[httpx.AsyncClient], list[Any]],
                 **overrides: Any) -> list[int]:
    """The statuses of ``requests(client)``, all sent at once to a server in this process."""
    app = create_app(kit.settings_for(db, **overrides))

    async def main() -> list[int]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://parlour") as http:
            code = (await http.post("/api/rooms", json={})).json()["code"]
            replies = await asyncio.gather(*requests(http), *[
                http.get(f"/api/rooms/{code}") for _ in range(5)])
            return [r.status_code for r in replies]

    return kit.run_async(main)


def test_fifty_lookups_at_once_get_the_burst_and_no_more(kit: Any, db: Path) -> None:
    statuses = concurrently(kit, db, lambda http: [http.get("/api/rooms/KXMP")
                                                   for _ in range(45)],
                            lookup_burst=20, lookups_per_second=0.0, miss_burst=1000)
    assert Counter(statuses) == {404: 20, 429: 30}


def test_guessing_codes_is_refused_alike_for_rooms_that_exist(kit: Any, db: Path) -> None:
    with kit.open_client(db, miss_burst=3, misses_per_minute=0.0) as client:
        code, _ = kit.new_room(client)
        for _ in range(5):  # looking up a room that exists costs no miss
            assert client.get(f"/api/rooms/{code}").status_code == 200
        for guess in ("KXMP", "KXMR", "KXMT"):
            assert client.get(f"/api/rooms/{guess}").status_code == 404
        spent = client.get("/api/rooms/KXMW")
        assert spent.status_code == 429 and "codes that name no room" in spent.json()["detail"]
        # Now a room that exists gets the same answer: the answers tell no code from another.
        assert client.get(f"/api/rooms/{code}").json() == spent.json()
        with client.websocket_connect(f"/ws/{code}") as ws:
            assert ws.receive_json() == {"type": "error", "message": spent.json()["detail"]}
            assert ws.receive()["code"] == 4429


def test_websocket_joins_take_lookups(kit: Any, db: Path) -> None:
    with kit.open_client(db, lookup_burst=2, lookups_per_second=0.0) as client:
        code, token = kit.new_room(client)
        for _ in range(2):
            assert kit.connect(client, code, token).last["you"]["host"] is True
        refused = client.get(f"/api/rooms/{code}")
        assert refused.status_code == 429 and "too many look-ups" in refused.json()["detail"]
        assert client.get("/api/games").status_code == 200  # only look-ups of rooms count
