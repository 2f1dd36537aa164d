"""A connection cancelled in the middle of a broadcast ends with its own cancellation.

When a websocket closes, its handler is cancelled, possibly while it is telling every
other client about a change. The cancellation must reach the handler's cancel scope as
that scope's own: `asyncio.gather` replaced it (on Python 3.11) with a bare
`CancelledError`, which escaped the scope and left the test client waiting for ever.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio

from parlour.server.connections import Client
from parlour.server.db import Store
from parlour.server.hub import Hub

from .conftest import settings_for


def run_in_own_loop(main: Any) -> Any:
    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


def test_a_broadcast_cancelled_as_its_sends_finish_is_caught_by_the_cancelling_scope(
        db: Path) -> None:
    async def main() -> str:
        hub = Hub(Store(f"sqlite+aiosqlite:///{db}"), settings_for(db))
        await hub.start()
        release = asyncio.Event()
        outcome: list[str] = []

        async def send(message: dict[str, Any]) -> None:
            await release.wait()

        async def connection(room: Any, *, task_status: Any) -> None:
            try:
                with anyio.CancelScope() as scope:
                    task_status.started(scope)
                    await room.broadcast()
                outcome.append("cancelled" if scope.cancelled_caught else "finished")
            except BaseException as exc:
                outcome.append(f"escaped: {exc!r}")

        try:
            room, _ = await hub.create("love-me-not", "test")
            room.clients.update({Client(send), Client(send)})
            async with anyio.create_task_group() as group:
                scope = await group.start(connection, room)
                await anyio.sleep(0.05)
                # The sends finish in the very step the connection is cancelled.
                release.set()
                scope.cancel()
            return outcome[0]
        finally:
            await hub.stop()

    assert run_in_own_loop(main) == "cancelled"
