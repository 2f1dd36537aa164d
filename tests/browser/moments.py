"""The room's moments as the real server makes them, watched between a page and the server.

The server publishes the moment that holds the room (docs/protocol.md: ``room.moment`` =
``{"n", "kind", "seat", "text", "move", "beat", "left"}``). Here the websocket of a page is
routed through the test, which changes nothing the server says: its hello asks for whole
snapshots (no patches), so the test can read each one, and every new moment is kept with
the page's views of the moves around it.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocketRoute


class Moments:
    """The server's moments in one page's room, each with the page's own view before and
    after its move (``None`` where the page was sent no snapshot of that move)."""

    def __init__(self, page: Page) -> None:
        self.made: list[dict[str, Any]] = []
        self.views: dict[int, dict[str, Any]] = {}
        page.route_web_socket("**/ws/*", self.route)

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "hello":
                data["patches"] = False  # whole snapshots, which the test can read
            server.send(json.dumps(data))

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "room":
                self.read(data)
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    def read(self, message: dict[str, Any]) -> None:
        play = message.get("play")
        if play:
            self.views[play["version"]] = play["view"]
        moment = message["room"].get("moment")
        if moment and (not self.made or moment["n"] != self.made[-1]["n"]):
            move = moment["move"]
            self.made.append({**moment, "before": self.views.get(move - 1),
                              "after": self.views.get(move)})

    def kinds(self) -> set[str]:
        return {m["kind"] for m in self.made}
