"""The room's moments, made up by a test between a page and the real server.

The server publishes the moment that holds the room (docs/protocol.md: ``room.moment`` =
``{"n", "kind", "seat", "text", "move", "beat", "left"}``). Here the websocket of a page is
routed through the test: its hello asks for whole snapshots (no patches), and every
``room`` snapshot is stamped with the moment the test's ``decide(before, after)`` made of
the page's views around a move (its text what the move told the log), its ``left``
counting down from ``beat`` in real time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

Decide = Callable[[dict[str, Any], dict[str, Any]], str | None]
Beat = Callable[[str, dict[str, Any], dict[str, Any]], float]


class Moments:
    """The moments of one page's room, as the test decides them; ``beat`` is the seconds
    each holds the room, or a function of its kind and views giving them."""

    def __init__(self, page: Page, decide: Decide, beat: float | Beat) -> None:
        self.decide = decide
        self.beat = beat if callable(beat) else lambda kind, before, after: beat
        self.made: list[dict[str, Any]] = []  # every moment, with the views around its move
        self.since = 0.0
        self.view: dict[str, Any] | None = None
        self.version = -1
        page.route_web_socket("**/ws/*", self.route)

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "hello":
                data["patches"] = False  # whole snapshots, which the test can stamp
            server.send(json.dumps(data))

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "room":
                self.stamp(data)
            ws.send(json.dumps(data))

        ws.on_message(to_server)
        server.on_message(to_page)

    def stamp(self, message: dict[str, Any]) -> None:
        play = message.get("play")
        if play and play["version"] != self.version:
            kind = self.decide(self.view, play["view"]) if self.view is not None else None
            if kind and self.view is not None:
                move = play["version"]
                beat = self.beat(kind, self.view, play["view"])
                told = [line for line in message["room"]["log"] if line["kind"] == "move"]
                self.made.append({"n": len(self.made) + 1, "kind": kind, "seat": None,
                                  "text": told[-1]["told"] if told else "", "move": move,
                                  "beat": beat, "before": self.view, "after": play["view"]})
                self.since = time.monotonic()
            self.view, self.version = play["view"], play["version"]
        moment = None
        if self.made:
            last = self.made[-1]
            left = max(0.0, last["beat"] - (time.monotonic() - self.since))
            moment = {k: last[k] for k in ("n", "kind", "seat", "text", "move", "beat")}
            moment["left"] = round(left, 2)
        message["room"]["moment"] = moment
