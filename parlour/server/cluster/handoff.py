"""A worker of ``parlour serve --processes N``: uvicorn serving the connections that the
front (``front.py``) accepted and passed on, instead of accepting any itself.

Each socket comes over the worker's channel (a Unix socket, ``SCM_RIGHTS``) with its
request still unread, and is given to the event loop as an accepted connection with the
protocol uvicorn's own ``Server.startup`` builds, so uvicorn tracks it in its server state
and its graceful shutdown closes it as any other. The worker says ``READY`` on the
channel once it serves; when the channel closes (the front has gone), it shuts down.
"""

from __future__ import annotations

import asyncio
import logging
import socket

import uvicorn

from .front import READY

logger = logging.getLogger("parlour.server")

BATCH = 32
"""Sockets taken off the channel at most in one receive."""


class HandedServer(uvicorn.Server):
    """A uvicorn server whose connections come over ``channel``."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.connecting: set[asyncio.Task[object]] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the application, and no socket to listen on
        if not self.started:
            return
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._receive)
        self.channel.send(READY)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._close_channel()
        await super().shutdown(sockets)

    def _protocol(self) -> asyncio.Protocol:
        protocol: asyncio.Protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state,
            app_state=self.lifespan.state)
        return protocol

    def _receive(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                said, fds, _, _ = socket.recv_fds(self.channel, 16, BATCH)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                said, fds = b"", []
            if not said and not fds:  # the front has gone: so do we
                self._close_channel()
                self.should_exit = True
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                task = loop.create_task(self._connect(conn))
                self.connecting.add(task)
                task.add_done_callback(self.connecting.discard)

    async def _connect(self, conn: socket.socket) -> object:
        try:
            return await asyncio.get_running_loop().connect_accepted_socket(self._protocol, conn)
        except Exception:  # the client left already, say: this connection alone is lost
            logger.debug("a handed connection could not be taken", exc_info=True)
            conn.close()
            return None

    def _close_channel(self) -> None:
        if self.channel.fileno() >= 0:
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
            self.channel.close()
