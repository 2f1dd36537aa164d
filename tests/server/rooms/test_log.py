"""The room's log: a line per move that told something (who, then what it made public),
secret moves folded into one line, the same after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.games.love_me_not import LoveMeNot


def moves_and_narration(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = snapshot["room"]["log"]
    first = next(i for i, line in enumerate(log) if line["text"].startswith("Move"))
    return log[first:]


def shown(lines: list[dict[str, Any]]) -> list[tuple[str, int | None, str]]:
    """What a line shows (its number ``n`` counts the lines this process has made)."""
    return [(line["kind"], line["seat"], line["text"]) for line in lines]


def play_one_match(kit: Any, client: Any) -> tuple[str, str, Any, Any]:
    """Ann and Bob play a single-match Love Me Not to the end; returns code, token, both."""
    code, token = kit.new_room(client)
    host, guest = kit.seat_two_people(client, code, token)
    assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
    assert host.request({"type": "start"})["type"] == "ok"
    kit.play_out([host, guest], seed=7)
    return code, token, host, guest


def test_the_log_narrates_reveals_and_is_rebuilt_the_same_after_a_restart(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token, host, guest = play_one_match(kit, client)
        before = moves_and_narration(host.last)
        assert before == moves_and_narration(guest.last)
        record = kit.read(client, f"/api/rooms/{code}/record", token).json()
        seats = [a["seat"] for a in record["actions"]]
        names = ["Ann", "Bob"]
        # Each turn both choose a card in secret; the second choice of turns 2, 3 and 4
        # reveals both cards of the turn before, and the last move the rest and the score.
        assert [line["kind"] for line in before] == [
            "quiet", "move", "quiet", "move", "quiet", "move", "quiet", "move", "end"]
        # Turn 1's two secret choices and the first of turn 2 fold into one line, naming
        # each chooser once.
        first = [names[s] for s in seats[:3]]
        assert before[0]["text"] == (
            f"Moves 1–3: {first[0]} and {first[1]} chose in secret")
        assert before[0]["seat"] is None
        for line, number in zip(before[2:-1:2], (5, 7, 9), strict=True):
            assert line["seat"] == seats[number - 1]
            assert line["text"] == f"Move {number}: {names[line['seat']]} chose in secret"
        moves = [line for line in before if line["kind"] == "move"]
        for line, number in zip(moves, (4, 6, 8, 10), strict=True):
            assert line["seat"] == seats[number - 1]
            name, told = names[line["seat"]], line["told"]
            said = told if told.startswith(f"{name} ") else f"{name} — {told}"
            assert line["text"] == f"Move {number}: {said}"
        told = [line["told"] for line in moves]
        assert told[0].startswith(("Ann's card from turn 1: ", "Bob's card from turn 1: "))
        assert told[0].count("card from turn 1:") == 2
        assert "Match 1: Ann " in told[-1]
        assert told[-1].endswith(("wins the match and the game.", "the game ends in a tie."))
        assert before[-1]["text"].startswith("Game over. Winner: ")
        numbers = [line["n"] for line in host.last["room"]["log"]]
        assert numbers == list(range(1, len(numbers) + 1))
    with kit.open_client(db) as client:
        again = kit.connect(client, code, token)
        assert shown(moves_and_narration(again.last)) == shown(before)


def test_a_failing_narration_does_not_stop_the_game(kit: Any, db: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> list[str]:
        raise RuntimeError("narration bug")

    monkeypatch.setattr(LoveMeNot, "narrate", broken)
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, _ = kit.seat_two_people(client, code, token)
        assert host.request({"type": "start"})["type"] == "ok"
        snapshot = host.until(lambda m: m["play"] is not None and m["play"]["legal"])
        action = snapshot["play"]["legal"]["choices"][0]
        assert host.request({"type": "act", "action": action})["type"] == "ok"
        assert host.last["play"]["version"] == 1
        assert host.last["room"]["log"][-1]["text"] == "Move 1: Ann chose in secret"


def test_a_restart_narrates_only_the_moves_the_log_keeps(kit: Any, db: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.rooms.table_log.LOG_LINES", 6)
    with kit.open_client(db) as client:
        code, token, host, _ = play_one_match(kit, client)
        before = host.last["room"]["log"]
    assert [line["text"].split(":")[0] for line in before[:5]] == [
        f"Move {n}" for n in range(6, 11)]
    with kit.open_client(db) as client:
        assert shown(kit.connect(client, code, token).last["room"]["log"]) == shown(before)
