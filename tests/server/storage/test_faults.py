"""Faults: a server process killed with SIGKILL mid-game in each of the five games (one
move still in flight), then started again on the same database. Every acknowledged move
is there, every room is exactly the replay of its stored record, and the players'
connections come back and finish their games."""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from parlour.engine import Record, replay
from parlour.games import game_ids, get_game


def stored_record(db: Path, code: str) -> Record:
    """The record as the database holds it (read straight from the file)."""
    with sqlite3.connect(db) as con:
        game, seats, seed, options = con.execute(
            "SELECT game, seats, seed, options FROM rooms WHERE code = ?", (code,)).fetchone()
        actions = [{"seat": seat, "action": json.loads(action)} for seat, action in con.execute(
            "SELECT seat, action FROM actions WHERE room = ? ORDER BY idx", (code,))]
    return Record(game, len(json.loads(seats)), int(seed), json.loads(options), actions)


def set_up(kit: Any, stack: ExitStack, server: Any, game_id: str) -> tuple[str, list[Any]]:
    """A room of ``game_id`` with Ann (the host) and Bob seated, bots in the other seats."""
    room = httpx.post(f"{server.url}/api/rooms", json={"game": game_id}, timeout=30).json()
    host = kit.Remote(stack, server, room["code"], room["token"])
    guest = kit.Remote(stack, server, room["code"])
    kit.seat_ann_and_bob(host, guest, game_id)
    assert host.request({"type": "start"})["type"] == "ok"
    return room["code"], [host, guest]


def play_some(kit: Any, people: list[Any], rng: random.Random, moves: int) -> list[dict[str, Any]]:
    """``moves`` acknowledged moves by the people (bots play between); returns them."""
    acknowledged = []
    while len(acknowledged) < moves:
        for p in people:
            p.until(lambda m: m["play"] is not None)
        mover = next((p for p in people if p.last["play"]["legal"]), None)
        if mover is None:
            version = people[0].last["play"]["version"]
            people[0].until(lambda m, v=version: m["play"]["version"] > v)
            for p in people[1:]:
                p.until(lambda m, v=people[0].last["play"]["version"]: m["play"]["version"] >= v)
            continue
        action = kit.my_move(mover.last, rng)
        assert mover.request({"type": "act", "action": action})["type"] == "ok"
        seat = mover.last["you"]["seat"]
        acknowledged.append({"seat": seat, "action": action})
        for p in people:
            p.until(lambda m, v=mover.last["play"]["version"]: m["play"]["version"] >= v)
    return acknowledged


def test_sigkill_mid_game_in_every_game_loses_no_acknowledged_move(
        kit: Any, servers: Any) -> None:
    (server,) = servers(1, limits=False)  # the players move faster than people would
    rng = random.Random(9)
    rooms: dict[str, tuple[str, list[Any], list[dict[str, Any]]]] = {}
    with ExitStack() as before:
        for game_id in game_ids():
            code, people = set_up(kit, before, server, game_id)
            rooms[game_id] = (code, people, play_some(kit, people, rng, 3))
        # One more move sent and not waited for: it is in flight when the process dies.
        code, people, _ = rooms["love-me-not"]
        mover = next(p for p in people if p.last["play"]["legal"])
        mover.send_json({"type": "act", "action": kit.my_move(mover.last, rng), "id": 99})
        server.kill()
    tokens = {game_id: [p.token for p in people] for game_id, (_, people, _) in rooms.items()}
    for game_id, (code, _, acknowledged) in rooms.items():
        record = stored_record(server.db, code)
        ours = [a for a in record.actions if a["seat"] in (0, 1)]
        assert ours[:len(acknowledged)] == acknowledged, game_id  # every one is there
    server.start()  # the same port, the same database
    with ExitStack() as after:
        for game_id, (code, _, _) in rooms.items():
            people = [kit.Remote(after, server, code, token) for token in tokens[game_id]]
            watcher = kit.Remote(after, server, code)
            record = stored_record(server.db, code)
            match = replay(record, get_game)
            assert watcher.last["play"]["version"] == len(record.actions), game_id
            assert watcher.last["play"]["view"] == match.view(None), game_id
            for seat, person in enumerate(people):
                assert person.last["you"]["seat"] == seat
                assert person.last["play"]["view"] == match.view(seat), (game_id, seat)
            kit.play_to_end(people, rng)
            final = replay(stored_record(server.db, code), get_game).result()
            assert final is not None and people[0].last["play"]["result"] == final.to_json()
