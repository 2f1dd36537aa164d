"""The room's log: a line per move (who, then what it made public), the same after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.games.love_me_not import LoveMeNot


def moves_and_narration(snapshot: dict[str, Any]) -> list[str]:
    log: list[str] = snapshot["room"]["log"]
    first = next(i for i, line in enumerate(log) if line.startswith("Move 1:"))
    return log[first:]


def play_one_match(kit: Any, client: Any) -> tuple[str, str, Any, Any]:
    """Ann and Bob play a single-match Love Me Not to the end; returns code, token, both."""
    from tests.server.test_rooms import play_out, seat_two_people

    code, token = kit.new_room(client)
    host, guest = seat_two_people(kit, client, code, token)
    assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
    assert host.request({"type": "start"})["type"] == "ok"
    play_out(kit, [host, guest], seed=7)
    return code, token, host, guest


def test_the_log_narrates_reveals_and_is_rebuilt_the_same_after_a_restart(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token, host, guest = play_one_match(kit, client)
        before = moves_and_narration(host.last)
        assert before == moves_and_narration(guest.last)
        moves = [line for line in before if line.startswith("Move ")]
        assert [line.split(": ")[0] for line in moves] == [f"Move {n}" for n in range(1, 11)]
        assert sorted(line.split(":")[1].split(" —")[0] for line in moves) == [" Ann"] * 5 + [
            " Bob"] * 5
        # One line per move: the second choice of turns 2, 3 and 4 reveals both cards of the
        # turn before; the last move reveals the rest and the score.
        told = [line.split(" — ", 1)[1] for line in moves if " — " in line]
        assert len(told) == 4, moves
        assert told[0].startswith(("Ann's card from turn 1: ", "Bob's card from turn 1: "))
        assert told[0].count("card from turn 1:") == 2
        assert "Match 1: Ann " in told[-1]
        assert told[-1].endswith(("wins the match and the game.", "the game ends in a tie."))
        assert before[-1].startswith("Game over. Winner: ")
    with kit.open_client(db) as client:
        again = kit.connect(client, code, token)
        assert moves_and_narration(again.last) == before


def test_a_failing_narration_does_not_stop_the_game(kit: Any, db: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.server.test_rooms import seat_two_people

    def broken(*_: Any) -> list[str]:
        raise RuntimeError("narration bug")

    monkeypatch.setattr(LoveMeNot, "narrate", broken)
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, _ = seat_two_people(kit, client, code, token)
        assert host.request({"type": "start"})["type"] == "ok"
        snapshot = host.until(lambda m: m["play"] is not None and m["play"]["legal"])
        action = snapshot["play"]["legal"]["choices"][0]
        assert host.request({"type": "act", "action": action})["type"] == "ok"
        assert host.last["play"]["version"] == 1
        assert host.last["room"]["log"][-1] == "Move 1: Ann"


def test_a_restart_narrates_only_the_moves_the_log_keeps(kit: Any, db: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.table_log.LOG_LINES", 6)
    with kit.open_client(db) as client:
        code, token, host, _ = play_one_match(kit, client)
        before = host.last["room"]["log"]
    assert [line.split(":")[0] for line in before[:5]] == [f"Move {n}" for n in range(6, 11)]
    with kit.open_client(db) as client:
        assert kit.connect(client, code, token).last["room"]["log"] == before
