"""A connection costs the server only what it earns: a socket that never reads is dropped
before its queue holds more than a megabyte or so, and one that floods refused frames is
closed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from parlour.server.live.connections import QUEUE_CHARACTERS, Client


async def never_sent(text: str) -> None:
    """A socket whose client never reads: the send waits for ever."""
    await asyncio.Event().wait()


def test_a_connection_that_never_reads_is_dropped_within_a_megabyte() -> None:
    """Before: 256 frames of any size were queued (large snapshots: some 20 MB a socket)."""

    async def main() -> tuple[bool, int, int]:
        client = Client(never_sent)
        sender = asyncio.create_task(client.run())
        frame = "x" * 20_000
        most = pushed = 0
        while not client.closed and pushed < 200:
            client.push(frame)
            pushed += 1
            await asyncio.sleep(0)
            most = max(most, client.queued)
        sender.cancel()
        return client.closed, pushed, most

    closed, pushed, most = asyncio.run(main())
    assert closed and most <= QUEUE_CHARACTERS == 1 << 20
    # The first frame is being sent (taken off the queue); 52 more fill the megabyte.
    assert pushed == 1 + QUEUE_CHARACTERS // 20_000 + 1 == 54


def test_a_socket_flooding_refused_frames_is_closed_and_others_carry_on(
        kit: Any, db: Path) -> None:
    """Before: refused frames were answered for ever, at a core's cost (eight flooding
    sockets: 55,097 frames answered in 6 s; another room's change waited up to 1.7 s)."""
    with kit.open_client(db, refusals_per_second=1.0, refusal_burst=16) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        flooder = kit.connect(client, code)
        for _ in range(17):
            flooder.ws.send_text("not json")
        errors = [flooder.ws.receive_json() for _ in range(17)]
        assert all(e["message"].startswith("messages are JSON text") for e in errors)
        assert flooder.ws.receive_json() == {
            "type": "error", "message": "too many refused messages (at most 16, then 1 a second)"}
        assert flooder.ws.receive()["code"] == 1008
        assert host.request({"type": "ping"})["type"] == "ok"
        # Refusals of any kind count: too fast, before hello.
        early = client.sessions.enter_context(client.websocket_connect(f"/ws/{code}"))
        for _ in range(17):
            early.send_json({"type": "ping"})
        replies = [early.receive_json()["message"] for _ in range(18)]
        assert replies[:17] == ["say hello first"] * 17
        assert replies[17].startswith("too many refused messages")
