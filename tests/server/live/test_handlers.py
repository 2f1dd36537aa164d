"""The table of message handlers is the protocol that docs/protocol.md describes."""

from __future__ import annotations

import re
from pathlib import Path

from parlour.server.live.handlers import HANDLERS

PROTOCOL = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"


def documented_requests() -> dict[str, str]:
    """Each client message type in the protocol's table, with its "who" column."""
    text = PROTOCOL.read_text()
    table = text.split("## Client → server", 1)[1].split("## Server → client", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|[^|]*\| ([^|]+) \|", table, re.MULTILINE)
    return {kind: who.strip() for kind, who in rows}


def test_every_documented_message_has_a_handler_with_the_documented_limits() -> None:
    documented = documented_requests()
    assert documented.pop("hello") == "anyone"  # said once, before any other: the socket's job
    assert set(documented) == set(HANDLERS)
    for kind, who in documented.items():
        handler = HANDLERS[kind]
        assert handler.host_only == who.startswith("host"), kind
        assert handler.lobby_only == ("lobby" in who), kind
        assert handler.play_only == ("in play" in who), kind
        assert handler.between_games == ("between games" in who), kind
    assert [k for k, h in HANDLERS.items() if h.host_only] == [
        "configure", "add_seat", "remove_seat", "add_bot", "clear_seat", "start",
        "give_content", "stand_in", "give_back", "pause", "resume", "end", "next", "again",
        "another", "give_seat", "refuse_seat", "make_host"]
