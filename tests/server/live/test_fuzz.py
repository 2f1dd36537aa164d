"""Hostile input on the live websocket, drawn by Hypothesis: whatever a connection sends,
it gets a clear ``error`` (or ``ok``), its connection stays usable, the game does not
change unless a move was legal, and the server keeps serving other rooms."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.server.live.handlers import HANDLERS

# Valid Unicode only (no lone surrogates) and bounded nesting: frames that are not even
# that are the websocket layer's own tests.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=10)
FIELDS = ("seat", "name", "action", "token", "game", "options", "timer", "bot", "emoji",
          "visible", "table_only", "id")
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from([*HANDLERS, "hello"]) | TEXT},
    optional={field: VALUES for field in FIELDS})
FRAMES = (MESSAGES.map(json.dumps) | VALUES.map(json.dumps) | TEXT
          | st.binary(max_size=16).map(lambda b: b or b"\0"))
ACTIONS = st.dictionaries(TEXT | st.sampled_from(["keep", "card", "choice", "text", "pick",
                                                  "ranking", "word", "cards"]),
                          VALUES, max_size=3)


class Probe:
    """A raw connection that sends anything, then a ping to learn that all was answered."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.sync = 0

    def send(self, frame: str | bytes) -> list[dict[str, Any]]:
        ws = self.player.ws
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        self.sync += 1
        ident = f"sync-{self.sync}"
        ws.send_json({"type": "ping", "id": ident})
        got = []
        while True:  # the ping's answer carries its id: everything before it answered the frame
            msg = self.player.receive()
            if msg.get("id") == ident:
                return got
            got.append(msg)


def replies(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answers among frames: not snapshots, and not a late answer to an earlier ping."""
    return [m for m in frames if m["type"] not in ("room", "pong")
            and not str(m.get("id", "")).startswith("sync-")]


def test_any_frame_from_a_watcher_is_answered_and_changes_nothing(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        guest = kit.connect(client, code)
        guest.request({"type": "sit", "seat": 1, "name": "Bob"})
        host.request({"type": "start"})
        before = client.get(f"/api/rooms/{code}").json()
        probe = Probe(kit.connect(client, code))
        version = probe.player.last["play"]["version"]

        @settings(max_examples=150, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(FRAMES)
        def hostile(frame: str | bytes) -> None:
            for reply in replies(probe.send(frame)):
                assert reply["type"] == "error" and reply["message"], reply
            assert probe.player.last["play"]["version"] == version

        hostile()
        assert client.get(f"/api/rooms/{code}").json() == before
        # Everyone else carries on: the game goes on, and a new room opens and deals.
        kit.play_to_end([host, guest], random.Random(2))
        other, other_token = kit.new_room(client, "take-your-pick")
        assert kit.connect(client, other, other_token).last["you"]["host"] is True


def test_any_action_from_a_player_is_refused_whole_or_is_one_legal_move(kit: Any,
                                                                          db: Path) -> None:
    with kit.open_client(db, bot_delay=3600) as client:  # the bot keeps still meanwhile
        code, token = kit.new_room(client, "my-story")
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        host.request({"type": "add_bot", "seat": 1})
        host.request({"type": "start"})
        probe = Probe(host)

        @settings(max_examples=100, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(ACTIONS)
        def hostile(action: dict[str, Any]) -> None:
            now = host.until(lambda m: m["play"] is not None
                             and (m["play"]["legal"] is not None or m["play"]["over"]))["play"]
            answers = replies(probe.send(json.dumps({"type": "act", "action": action,
                                                     "id": 1})))
            assert len(answers) == 1 and answers[0]["id"] == 1, answers
            if answers[0]["type"] == "error":
                assert answers[0]["message"]
                assert host.last["play"] == now  # refused whole: nothing changed
            else:
                assert host.last["play"]["version"] == now["version"] + 1

        hostile()
        assert client.get(f"/api/rooms/{code}").json()["status"] in ("playing", "over")
