"""A connection cancelled while its change is being stored ends with its own cancellation.

When a websocket closes, its handler is cancelled, possibly while it waits for its
change to be on disk. The cancellation must reach the handler's cancel scope as that
scope's own (under `asyncio.gather`, on Python 3.11, a bare `CancelledError` replaced
it, escaped the scope and left the test client waiting for ever), and the change goes
on: it is stored, and the other connections are told of it.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio

from parlour.server.live.connections import Client
from parlour.server.live.handlers import handle
from parlour.server.rooms.hub import Hub
from parlour.server.storage.stores import store_for


def run_in_own_loop(main: Any) -> Any:
    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


async def no_socket(text: str) -> None:
    raise AssertionError("nothing is sent in this test")


def test_a_request_cancelled_as_its_write_lands_is_caught_and_the_change_still_counts(
        kit: Any, db: Path) -> None:
    async def main() -> tuple[str, str | None, list[str]]:
        hub = Hub(store_for(f"sqlite+aiosqlite:///{db}"), kit.settings_for(db))
        await hub.start()
        release = asyncio.Event()
        outcome: list[str] = []
        write = hub.store.write

        def slow_write(change: Any) -> asyncio.Future[None]:
            stored = write(change)
            held: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            async def hold() -> None:
                await stored
                await release.wait()
                held.set_result(None)

            asyncio.get_running_loop().create_task(hold())
            return held

        async def connection(room: Any, client: Client, *, task_status: Any) -> None:
            try:
                with anyio.CancelScope() as scope:
                    task_status.started(scope)
                    await handle(room, client, {"type": "sit", "seat": 0, "name": "Ann"})
                outcome.append("cancelled" if scope.cancelled_caught else "finished")
            except BaseException as exc:
                outcome.append(f"escaped: {exc!r}")

        try:
            room, token = await hub.create("love-me-not", "test")
            sitter, watcher = Client(no_socket), Client(no_socket)
            room.join(sitter, token, False)
            room.join(watcher, None, False)
            hub.store.write = slow_write  # type: ignore[method-assign]
            async with anyio.create_task_group() as group:
                scope = await group.start(connection, room, sitter)
                await anyio.sleep(0.05)
                # The write lands in the very step the connection is cancelled.
                release.set()
                scope.cancel()
            await anyio.sleep(0.05)
            stored = await hub.store.load(room.code)
            assert stored is not None
            return outcome[0], stored.seats[0]["name"], list(watcher.queue)
        finally:
            await hub.stop()

    outcome, stored_name, told = run_in_own_loop(main)
    assert outcome == "cancelled"
    assert stored_name == "Ann"
    # The watcher was sent the lobby, then the seat taken (and nothing before it was stored).
    assert [json.loads(t)["room"]["seats"][0]["name"] for t in told] == [None, "Ann"]
