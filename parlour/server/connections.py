"""The connections to a room, and the one way a room tells them all of a change."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import anyio

SEND_TIMEOUT = 10.0

Message = dict[str, Any]


class Client:
    """One connection to a room (a browser tab, a test client)."""

    def __init__(self, send: Callable[[Message], Awaitable[None]]) -> None:
        self._send = send
        self._sending = asyncio.Lock()
        self.token_hash: str | None = None
        self.table_only = False
        self.visible = True
        """Whether the page is in front of its person (the browser says when it is not)."""

    async def send(self, message: Message) -> None:
        # One frame at a time, and a client too slow to take it does not hold up the room.
        async with self._sending:
            with anyio.fail_after(SEND_TIMEOUT):
                await self._send(message)


async def send_each(clients: set[Client], message_for: Callable[[Client], Message]) -> None:
    """Send every client its own message, all at once; drop those that cannot take it."""
    # anyio's task group rather than asyncio.gather: a connection cancelled mid-broadcast
    # must end with the canceller's own cancellation, which gather (on 3.11) replaces.
    gone: list[Client] = []

    async def send(client: Client, message: Message) -> None:
        try:
            await client.send(message)
        except Exception:
            gone.append(client)

    async with anyio.create_task_group() as group:
        for client in list(clients):
            group.start_soon(send, client, message_for(client))
    clients.difference_update(gone)
