"""A room let go of (idle: nobody connected, nothing due) leaves nothing behind: it is freed
by reference counting alone, without waiting for a full garbage collection (which the
server's collector settings make rare, docs/performance.md)."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path
from typing import Any


def wait_until_let_go(hub: Any, code: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while code in hub.rooms and time.monotonic() < deadline:
        time.sleep(0.05)
    assert code not in hub.rooms, "the idle room was not let go of"
    time.sleep(0.2)  # its driver's task ends


def test_a_room_let_go_of_is_freed_without_the_garbage_collector(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        hub = client.app.state.hub
        room = weakref.ref(hub.rooms[code])
        mover = next(p for p in (host, guest)
                     if p.until(lambda m: m["play"] is not None)["play"]["legal"])
        assert mover.request({"type": "act", "action": mover.last["play"]["legal"]
                              ["choices"][0]})["type"] == "ok"
        gc.collect()
        gc.disable()
        try:
            for player in (host, guest):
                player.ws.close()
            wait_until_let_go(hub, code)
            assert room() is None
        finally:
            gc.enable()


def test_a_room_its_connections_went_on_from_is_freed(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        next_code, next_token = kit.new_room(client)
        hub = client.app.state.hub
        room = weakref.ref(hub.rooms[code])
        gc.collect()
        gc.disable()
        try:
            host.ws.send_json({"type": "hello", "room": next_code, "token": next_token})
            guest.ws.send_json({"type": "hello", "room": next_code})
            for player in (host, guest):
                player.until(lambda m: m["room"]["code"] == next_code)
            wait_until_let_go(hub, code)
            assert room() is None
        finally:
            gc.enable()
