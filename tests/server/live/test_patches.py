"""Patches: the reference implementation of RFC 6902 turns each snapshot into the next."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonpatch  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.server.live.patch import diff
from parlour.server.rooms.table_log import LOG_LINES

# No booleans: Python takes 1 and True for equal (see patch.py); snapshots never swap them.
scalars = st.none() | st.integers(-5, 5) | st.text("ab/~", max_size=3)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text("ab/~", max_size=2),
                                                                inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(values, values)
def test_a_patch_turns_the_old_snapshot_into_the_new(old: Any, new: Any) -> None:
    assert jsonpatch.apply_patch(old, diff(old, new)) == new


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=3), max_size=12), st.integers(0, 8),
       st.lists(st.text(max_size=3), max_size=4))
def test_a_log_that_drops_its_first_lines_and_grows_is_patched_at_its_ends(
        lines: list[str], dropped: int, added: list[str]) -> None:
    old = {"log": lines}
    new = {"log": lines[dropped:] + added}
    ops = diff(old, new)
    assert jsonpatch.apply_patch(old, ops) == new
    if dropped < len(lines):
        assert len(ops) <= min(dropped, len(lines)) + len(added)


def test_a_move_in_a_full_log_is_one_line_out_and_one_in() -> None:
    lines = [f"Move {i}: Ann" for i in range(LOG_LINES)]
    old = {"room": {"log": lines}, "play": {"version": 80}}
    new = {"room": {"log": [*lines[1:], "Move 80: Bob"]}, "play": {"version": 81}}
    assert diff(old, new) == [
        {"op": "remove", "path": "/room/log/0"},
        {"op": "add", "path": "/room/log/-", "value": "Move 80: Bob"},
        {"op": "replace", "path": "/play/version", "value": 81},
    ]


def test_a_client_sent_whole_snapshots_hears_only_of_changes_to_its_own(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token, patches=False)
        assert host.request({"type": "sit", "seat": 0, "name": "Ann"})["type"] == "ok"
        watcher = kit.connect(client, code, patches=False)
        other = kit.connect(client, code)  # a spectator, with patches
        assert host.request({"type": "ping"})["type"] == "ok"
        # The host was sent its lobby, then the seat taken; the spectators coming changed
        # nothing the host may see, so it was sent nothing for them.
        assert [f["type"] for f in host.raw] == ["room", "room", "ok", "pong", "ok"]
        assert [f["n"] for f in host.raw if f["type"] == "room"] == [1, 2]
        assert watcher.raw[0]["type"] == other.raw[0]["type"] == "room"
        assert watcher.last["room"] == other.last["room"]
