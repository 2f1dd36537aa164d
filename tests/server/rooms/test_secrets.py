"""Secrets on the wire: full games of all five through the real server, with every frame
each connection received and every HTTP body checked for what its reader may not know.

What a connection may know is its seat's view (``Game.view``), or the spectator's, and
the public room; never the seed, anyone else's token, or a hidden card. Each frame's view
is checked against the engine's, and a redraw of everything the seat cannot see
(``Game.determinize``) must leave its view and the spectator's as they were: the view
depends on nothing hidden from it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Match, Record
from parlour.games import game_ids, get_game
from parlour.server.rooms.codes import token_hash


def engine_at_every_version(record: Record) -> list[Match[Any]]:
    """The match after each number of moves (copies), by replaying the record once."""
    game = get_game(record.game)
    match = Match(game, Record(record.game, record.players, record.seed, record.options),
                  game.setup(record.players, record.options, record.seed))
    out = [Match(game, record, game.clone(match.state))]
    for entry in record.actions:
        match.act(entry["seat"], entry["action"])
        out.append(Match(game, record, game.clone(match.state)))
    return out


def public(frame: dict[str, Any]) -> dict[str, Any]:
    """A room frame's public part: the same for every connection but for whose seat is whose."""
    room = dict(frame["room"])
    room["seats"] = [{k: v for k, v in s.items() if k != "you"} for s in room["seats"]]
    return room


@pytest.mark.parametrize("game_id", game_ids())
def test_no_frame_or_body_tells_anyone_more_than_their_view(kit: Any, db: Path,
                                                            game_id: str) -> None:
    game = get_game(game_id)
    bodies: list[str] = []
    with kit.open_client(db) as client:
        created = client.post("/api/rooms", json={"game": game_id})
        code, token = created.json()["code"], created.json()["token"]
        host, guest = kit.connect(client, code, token), kit.connect(client, code)
        kit.seat_ann_and_bob(host, guest, game_id)
        watcher = kit.connect(client, code)
        table = kit.connect(client, code, token, table_only=True)  # the host's shared screen
        assert host.request({"type": "start"})["type"] == "ok"
        for reader in (None, token, guest.token):
            bodies.append(kit.read(client, f"/api/rooms/{code}/record", reader).text)
        kit.play_to_end([host, guest], random.Random(3))
        for person in (watcher, table):
            person.until(lambda m: m["play"] is not None and m["play"]["over"])
        for path in (f"/api/rooms/{code}", f"/api/rooms/{code}/replay", "/api/games"):
            bodies.append(kit.read(client, path, None).text)
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", guest.token).json())

    assert record.seed.bit_length() > 64  # a 128-bit seed from the OS's secure source
    secrets = {"seed": str(record.seed), "host token": token, "guest token": guest.token,
               "host token hash": token_hash(token), "guest token hash": token_hash(guest.token)}
    assert str(record.seed) not in created.text  # the host's own token is in it, rightly
    for body in bodies:
        for what, secret in secrets.items():
            assert secret not in body, f"an HTTP body holds the {what}"

    states = engine_at_every_version(record)
    rng = random.Random(5)
    redrawn: set[tuple[int, int]] = set()
    publics: dict[int, list[dict[str, Any]]] = {}
    checked = 0
    for person, seat, own in ((host, 0, token), (guest, 1, guest.token),
                              (watcher, None, None), (table, None, token)):
        for frame in person.frames:
            text = json.dumps(frame)
            for what, secret in secrets.items():
                if secret != own or frame["type"] != "token":
                    assert secret not in text, f"seat {seat} was sent the {what}"
            if frame["type"] != "room" or frame["play"] is None:
                continue
            play = frame["play"]
            match = states[play["version"]]
            assert play["view"] == match.view(seat), (seat, play["version"])
            legal = match.legal(seat).to_json() if seat in match.to_act and not match.over \
                else None
            assert play["legal"] == legal
            publics.setdefault(play["version"], []).append(public(frame))
            checked += 1
            if seat is not None and (play["version"], seat) not in redrawn:
                redrawn.add((play["version"], seat))
                if not match.over:
                    other = game.determinize(play["view"], seat, rng)
                    assert game.view(other, seat) == play["view"]
                    assert game.view(other, None) == match.view(None)
    assert checked > 4 * len(record.actions) // 2
    assert len(redrawn) > len(record.actions)
    # What is public is told alike to every connection that saw the same moment (the
    # table's log included), so no seat learns anything from it that another does not.
    for version, seen in publics.items():
        final = [p for p in seen if p["log"] == seen[-1]["log"]]
        assert all(p == final[0] for p in final), version
