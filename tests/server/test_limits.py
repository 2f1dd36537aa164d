"""Limits against abuse: each refusal is a clear message and the server keeps serving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def test_a_message_too_large_is_refused_and_the_connection_lives_on(kit: Any, db: Path) -> None:
    with kit.open_client(db, max_message_bytes=2000) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        big = json.dumps({"type": "sit", "seat": 0, "name": "x" * 3000})
        assert len(big) == 3038
        host.ws.send_text(big)
        reply = host.receive()
        assert reply == {"type": "error",
                         "message": "message too large (3038 bytes; the limit is 2000)"}
        host.ws.send_text("not json")
        assert host.receive()["message"] == "messages are JSON text"
        host.ws.send_text("[1, 2]")
        assert host.receive()["message"] == "a message is a JSON object with a 'type'"
        assert host.request({"type": "dance"})["message"] == "unknown message type 'dance'"
        assert host.request({"type": "ping"})["type"] == "ok"


def test_too_many_messages_a_second_are_refused(kit: Any, db: Path) -> None:
    with kit.open_client(db, actions_per_second=2.0, action_burst=5) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)  # the hello used one
        replies = [host.request({"type": "ping"}) for _ in range(8)]
        kinds = [r["type"] for r in replies]
        assert kinds[:4] == ["ok"] * 4 and "error" in kinds
        refused = next(r for r in replies if r["type"] == "error")
        assert refused["message"] == "too many messages: please slow down (at most 2 a second)"
        # Other connections are not held back.
        other = kit.connect(client, code)
        assert other.request({"type": "ping"})["type"] == "ok"


def test_rooms_per_address_are_limited(kit: Any, db: Path) -> None:
    with kit.open_client(db, rooms_per_address=2) as client:
        kit.new_room(client)
        kit.new_room(client)
        third = client.post("/api/rooms", json={"game": "love-me-not"})
        assert third.status_code == 429
        assert third.json()["detail"] == (
            "this address has created its 2 rooms for now (at most 2 an hour);"
            " please wait 1800 seconds or so")
        assert client.get("/api/games").status_code == 200


def test_unknown_rooms_and_games_are_clear_errors(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        bad = client.post("/api/rooms", json={"game": "chess"})
        assert bad.status_code == 400 and bad.json()["detail"].startswith("unknown game 'chess'")
        assert client.get("/api/rooms/KXMP").json() == {"detail": "there is no room 'KXMP'"}
        assert client.get("/api/rooms/lo0k").status_code == 404
        with client.websocket_connect("/ws/NOPE") as ws:
            assert ws.receive_json() == {"type": "error", "message": "there is no room 'NOPE'"}


def test_pages_are_static_and_carry_a_strict_content_policy(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, _ = kit.new_room(client)
        page = client.get(f"/r/{code}")
        assert page.status_code == 200 and code not in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        qr = client.get(f"/api/rooms/{code}/qr.svg")
        assert qr.headers["content-type"] == "image/svg+xml" and "<svg" in qr.text
        assert client.get("/static/js/room.js").status_code == 200
        assert "/api/rooms" in client.get("/openapi.json").json()["paths"]


def test_a_games_public_content_is_served_and_nothing_else(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        cards = client.get("/api/games/my-story/data/cards.json")
        assert cards.status_code == 200 and cards.json()["format"] == "parlour-my-story-cards"
        assert client.get("/api/games/my-story/data/rules.py").status_code == 404
        assert client.get("/api/games/my-story/data/..%2Fstate.py").status_code == 404
        assert client.get("/api/games/chess/data/cards.json").status_code == 404
