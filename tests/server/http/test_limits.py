"""Limits against abuse: each refusal is a clear message and the server keeps serving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from parlour.server import create_app


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
        assert host.receive()["message"] == (
            "messages are JSON text (invalid literal, expected 'null': line 1 column 1 (char 0))")
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


def test_malformed_http_input_gets_a_clear_4xx(kit: Any, db: Path) -> None:
    """Text that is not valid Unicode, bodies that are not JSON or nest too deep, and
    fields of the wrong type: each a 4xx that says what was wrong, never a 500."""
    with TestClient(create_app(kit.settings_for(db)), raise_server_exceptions=False) as client:
        json_body = {"content-type": "application/json"}
        surrogate = client.post("/api/rooms", content=b'{"game": "\\ud800"}', headers=json_body)
        assert surrogate.status_code == 422
        assert surrogate.json()["detail"][0]["msg"] == (
            "Input should be a valid string, unable to parse raw data as a unicode string")
        wrong_type = client.post("/api/rooms", json={"game": 5})
        assert wrong_type.status_code == 422
        assert wrong_type.json()["detail"][0]["msg"] == "Input should be a valid string"
        for body in (b"\xff\xfe", b"[" * 20_000, b'{"game": "love-me-not"', b"null"):
            reply = client.post("/api/rooms", content=body, headers=json_body)
            assert 400 <= reply.status_code < 500 and reply.json()["detail"], body[:20]
        for path in ("/api/rooms/%ED%A0%80", "/api/games/%ED%A0%80/words",
                     "/api/games/love-me-not/data/%00", "/api/rooms/KXMP/replay?step=x",
                     "/api/rooms/KXMP/past/99999999999999999999999"):
            reply = client.get(path)
            assert 400 <= reply.status_code < 500 and reply.json()["detail"], path
