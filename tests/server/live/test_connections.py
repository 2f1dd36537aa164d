"""What a connection may cost the server: a hello in time, a few per address, no idle ones;
a ping answered to its sender alone; hostile frames answered with a clear error."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from parlour.server.live.connections import Client
from parlour.server.live.socket import LiveSockets


def raw(client: Any, code: str) -> Any:
    """A websocket to room ``code`` that has said nothing yet."""
    return client.sessions.enter_context(client.websocket_connect(f"/ws/{code}"))


def closed_with(ws: Any, message: str) -> None:
    """The server says ``message`` and closes the connection (policy, 1008)."""
    assert ws.receive_json() == {"type": "error", "message": message}
    closing = ws.receive()
    assert (closing["type"], closing["code"]) == ("websocket.close", 1008)


def silent(player: Any, seconds: float) -> None:
    """``player`` is sent nothing for ``seconds``."""
    with pytest.raises(TimeoutError):
        player.receive(seconds)


def drain(*players: Any) -> None:
    """Take the frames already on their way to ``players`` (until 0.2 s pass without one)."""
    for player in players:
        with pytest.raises(TimeoutError):
            while True:
                player.receive(0.2)


def live_sockets(client: Any) -> LiveSockets:
    found = [o for o in gc.get_objects()
             if isinstance(o, LiveSockets) and o.doors is client.app.state.doors]
    assert len(found) == 1
    return found[0]


def test_a_socket_that_says_no_hello_is_closed_and_its_memory_comes_back(
        kit: Any, db: Path) -> None:
    with kit.open_client(db, hello_seconds=0.3) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        silent_ones = [raw(client, code) for _ in range(20)]
        talker = raw(client, code)
        talker.send_json({"type": "ping"})  # anything but hello does not count
        assert talker.receive_json() == {"type": "error", "message": "say hello first"}
        for ws in [*silent_ones, talker]:
            closed_with(ws, "no hello within 0.3 seconds")
        # The one that said hello is still served; nothing of the others is kept.
        assert host.request({"type": "ping"})["type"] == "ok"
        assert live_sockets(client).open == {"testclient": 1}
        gc.collect()
        assert sum(isinstance(o, Client) for o in gc.get_objects()) == 1
        assert len(client.app.state.hub.rooms[code].clients) == 1


def test_an_address_may_hold_a_few_sockets_and_one_more_once_one_closes(
        kit: Any, db: Path) -> None:
    with kit.open_client(db, sockets_per_address=3) as client:
        code, token = kit.new_room(client)
        first, second = kit.connect(client, code, token), kit.connect(client, code)
        third = kit.connect(client, code)
        closed_with(raw(client, code), "too many connections from your address"
                    " (the limit is 3); close one and try again")
        assert first.request({"type": "ping"})["type"] == "ok"
        third.ws.close()
        drain(second)
        fourth = kit.connect(client, code)
        assert fourth.request({"type": "ping"})["type"] == "ok"


def test_a_socket_that_says_nothing_for_long_is_closed_and_pings_keep_it(
        kit: Any, db: Path) -> None:
    # Each ping well inside the 1.2 s (a test worker may be held up beside a browser).
    with kit.open_client(db, idle_seconds=1.2) as client:
        code, token = kit.new_room(client)
        quiet, busy = kit.connect(client, code, token), kit.connect(client, code)
        for _ in range(5):  # 1.5 s in all
            silent(busy, 0.3)
            assert busy.request({"type": "ping"})["type"] == "ok"
        while (msg := quiet.ws.receive_json())["type"] != "error":
            pass  # the snapshots of busy's coming and going
        assert msg == {"type": "error", "message": "nothing heard for 1.2 seconds"}
        assert quiet.ws.receive()["code"] == 1008
        assert busy.request({"type": "ping"})["type"] == "ok"


def test_a_ping_is_answered_to_its_sender_alone_even_while_clocks_run(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        assert host.request({"type": "configure", "timer": 60})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        guest.until(lambda m: m["play"] is not None)
        watcher = kit.connect(client, code)
        drain(host, guest)
        for _ in range(5):
            watcher.ws.send_json({"type": "ping", "id": 1})
            assert watcher.ws.receive_json() == {"type": "pong"}
            assert watcher.ws.receive_json() == {"type": "ok", "id": 1}
        silent(host, 0.3)
        silent(guest, 0.01)
        # A change is still told to everyone, once.
        move = guest.last["play"]["legal"]["choices"][0]
        assert guest.request({"type": "act", "action": move})["type"] == "ok"
        assert host.room()["play"]["version"] == 1
        silent(host, 0.2)


NESTED = "[" * 16_384


@pytest.mark.parametrize(("frame", "reason"), [
    (NESTED, "depth limit exceeded: line 1 column 1026 (char 1025)"),
    ('{"type": "act", "id": "\\ud800"}', "no low surrogate in string: line 1 column 24 (char 23)"),
    ('{"type": "sit", "seat": 0, "name": "\\udfff"}',
     "invalid high surrogate in string: line 1 column 37 (char 36)"),
    ("not json", "invalid literal, expected 'null': line 1 column 1 (char 0)"),
])
def test_a_hostile_frame_gets_a_clear_error_and_the_connection_goes_on(
        kit: Any, db: Path, frame: str, reason: str) -> None:
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        drain(host, guest)
        before = host.last
        guest.ws.send_text(frame)
        assert guest.receive() == {"type": "error",
                                   "message": f"messages are JSON text ({reason})"}
        silent(host, 0.1)
        assert host.last == before
        move = guest.last["play"]["legal"]["choices"][0]
        assert guest.request({"type": "act", "action": move})["move"] == 1


def test_deep_but_parsable_frames_are_refused_and_change_nothing(kit: Any, db: Path) -> None:
    deep = "[" * 1000 + "0" + "]" * 1000  # parsable: orjson's limit is 1024
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        drain(host, guest)
        before = guest.last
        for message in (f'{{"type": "act", "action": {{"keep": {deep}}}',
                        f'{{"type": "configure", "options": {{"matches": {deep}}}',
                        f'{{"type": "react", "emoji": {deep}'):
            guest.ws.send_text(f'{message}, "id": {deep}}}')
            assert guest.receive() == {
                "type": "error", "message": "a message nests at most 32 lists or objects deep"}
        # The shortest text too deep, an object holding 33 nested lists (71 characters):
        # texts of up to 66 are not walked, and none of them can nest so deep.
        guest.ws.send_text('{"":' + "[" * 33 + "]" * 33 + "}")
        assert guest.receive() == {
            "type": "error", "message": "a message nests at most 32 lists or objects deep"}
        silent(host, 0.1)
        assert guest.last == before
        assert guest.request({"type": "ping"})["type"] == "ok"
