"""Every registered game, played to the end through the server by two people and bots."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import Match, Record, replay
from parlour.games import game_ids, get_game


def views_by_version(record: Record, seats: list[int | None]) -> dict[tuple[int, int | None], Any]:
    """What each seat may see after each number of moves, by replaying the record once."""
    game = get_game(record.game)
    match = Match(game, Record(record.game, record.players, record.seed, record.options),
                  game.setup(record.players, record.options, record.seed))
    out = {(0, s): match.view(s) for s in seats}
    for i, entry in enumerate(record.actions, start=1):
        match.act(entry["seat"], entry["action"])
        out.update({(i, s): match.view(s) for s in seats})
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_two_people_and_bots_finish_every_game(kit: Any, db: Path, game_id: str) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, game_id)
        host, guest = kit.connect(client, code, token), kit.connect(client, code)
        kit.seat_ann_and_bob(host, guest, game_id)
        assert host.request({"type": "start"})["type"] == "ok"
        kit.play_to_end([host, guest], random.Random(7))
        assert host.last["play"]["over"], "the game did not end"
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        expected = views_by_version(record, [0, 1])
        result = replay(record, get_game).result()
        assert result is not None and host.last["play"]["result"] == result.to_json()
        for person, seat in ((host, 0), (guest, 1)):
            for frame in person.frames:
                assert '"seed"' not in json.dumps(frame)
                if frame["type"] == "room" and frame["play"] is not None:
                    play = frame["play"]
                    assert play["view"] == expected[(play["version"], seat)], (
                        f"seat {seat} was sent something other than its own view")


def test_every_game_has_a_how_to_play_page(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        listed = {g["id"]: g["how_to_play"] for g in client.get("/api/games").json()}
        assert listed == {gid: f"/games/{gid}" for gid in game_ids()}
        for gid, address in listed.items():
            page = client.get(address)
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            title = get_game(gid).title.replace("'", "&#x27;")
            assert f'<h1 id="rules-title">{title}</h1>' in page.text
            assert 'class="example"' in page.text
        missing = client.get("/games/chess")
        assert missing.status_code == 404
        assert "chess" in missing.json()["detail"]
