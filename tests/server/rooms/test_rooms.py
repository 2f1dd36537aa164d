"""Rooms end to end over the real websocket protocol (FastAPI's TestClient)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.script import ScriptDirectory

from parlour.engine import Record, replay
from parlour.games import get_game
from parlour.server.config import Settings
from parlour.server.live.connections import Client
from parlour.server.rooms.lobby import Seat, stacked
from parlour.server.rooms.room import Room
from parlour.server.storage.changes import StoredRoom
from parlour.server.storage.schema import MIGRATIONS


def newest_migration() -> str:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head



def test_a_room_from_lobby_to_result_matches_the_engine(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        assert len(code) == 4 and set(code) <= set("ACEFHJKMNPRTWXY")
        host, guest = kit.seat_two_people(client, code, token)
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert guest.request({"type": "start"}) == {
            "type": "error", "message": "only the host can do that", "id": 2}
        assert host.request({"type": "start"})["type"] == "ok"
        kit.play_out([host, guest], seed=1)
        final = host.last["play"]
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        assert record.options == {"matches": 1} and len(record.actions) == 10
        expected = replay(record, get_game).result()
        assert expected is not None and final["result"] == expected.to_json()
        assert guest.last["play"]["result"] == expected.to_json()
        summary = client.get(f"/api/rooms/{code}").json()
        assert summary["status"] == "over" and summary["seats"] == ["Ann", "Bob"]


def test_every_frame_holds_only_the_seats_own_view(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        watcher = kit.connect(client, code)
        host.request({"type": "configure", "options": {"matches": 1}})
        host.request({"type": "start"})
        kit.play_out([host, guest], seed=2)
        watcher.until(lambda m: m["play"] and m["play"]["over"])
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        checked = 0
        for person, seat in ((host, 0), (guest, 1), (watcher, None)):
            for frame in person.raw + person.frames:
                text = json.dumps(frame)
                assert '"seed"' not in text and '"actions"' not in text
                assert "token_hash" not in text
            for frame in person.frames:
                if frame["type"] != "room" or frame["play"] is None:
                    continue
                play = frame["play"]
                at = replay(record, get_game, upto=play["version"])
                assert play["view"] == at.view(seat), (seat, play["version"])
                if seat is not None and not play["over"]:
                    other = at.view(1 - seat)["hand"]
                    assert not set(other) & set(play["view"]["hand"]) or not other
                checked += 1
        assert checked > 30


def test_a_token_of_one_room_gives_nothing_in_another(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code_a, token_a = kit.new_room(client)
        code_b, token_b = kit.new_room(client)
        host_a = kit.connect(client, code_a, token_a)
        host_a.request({"type": "sit", "seat": 0, "name": "Ann"})
        intruder = kit.connect(client, code_b, token_a)
        assert intruder.last["you"] == {"seat": None, "host": False, "table_only": False,
                                        "stand_in": False, "asked": None}
        refused = intruder.request({"type": "configure", "options": {"matches": 1}})
        assert refused["message"] == "only the host can do that"
        assert intruder.request({"type": "act", "action": {"keep": "2H"}})["type"] == "error"
        # and the rightful host of B is still the host there
        host_b = kit.connect(client, code_b, token_b)
        assert host_b.last["you"]["host"] is True
        assert not any("token" in f for f in intruder.frames if f["type"] == "token")


def test_illegal_moves_get_the_engines_reason_and_change_nothing(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, _guest = kit.seat_two_people(client, code, token)
        host.request({"type": "start"})
        snap = host.until(lambda m: m["play"] is not None)
        hand = snap["play"]["view"]["hand"]
        wrong = next(c for c in ("2H", "3H", "4H", "5H") if c not in hand)
        reply = host.request({"type": "act", "action": {"keep": wrong}})
        assert reply["type"] == "error"
        assert reply["message"] == (f"you can only keep one of the two cards you drew"
                                    f" ({hand[0]} or {hand[1]}), not '{wrong}'")
        bad = host.request({"type": "act", "action": {"take": hand[0]}})
        assert "expected an action with key 'keep'" in bad["message"]
        assert host.request({"type": "act", "action": {"keep": hand[0]}})["type"] == "ok"
        again = host.request({"type": "act", "action": {"keep": hand[1]}})
        assert again["message"] == "seat 0 may not act now"
        assert host.last["play"]["version"] == 1
        assert host.request({"type": "sit", "seat": 1, "name": "X"})["message"] == (
            "the game has already started")


def test_lobby_seats_bots_and_options(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        assert host.request({"type": "start"})["message"] == (
            "seat 1 is empty: seat a player or a bot there")
        assert host.request({"type": "add_seat"})["message"] == (
            "Love Me Not takes at most 2 players")
        assert host.request({"type": "remove_seat", "seat": 0})["message"] == (
            "Love Me Not needs at least 2 players")
        assert host.request({"type": "add_bot", "seat": 1, "bot": "nope"})["message"] == (
            "no bot 'nope' for Love Me Not")
        assert host.request({"type": "configure", "options": {"matches": 2}})["message"] == (
            "option 'matches' must be one of 1, 3 (got 2)")
        assert host.request({"type": "configure", "timer": 9999})["type"] == "error"
        assert host.request({"type": "sit", "seat": 0, "name": "   "})["message"] == (
            "please type a name")
        assert host.request({"type": "sit", "seat": 0, "name": "x" * 25})["message"] == (
            "a name is at most 24 characters (got 25)")
        assert host.request({"type": "sit", "seat": 5, "name": "Ann"})["message"] == (
            "there is no seat 6")
        assert host.request({"type": "sit", "seat": 1, "name": "Ann"})["type"] == "ok"
        guest = kit.connect(client, code)
        assert guest.request({"type": "sit", "seat": 1, "name": "Bob"})["message"] == (
            "seat 2 is taken")
        assert host.request({"type": "add_bot", "seat": 0, "bot": "greedy"})["type"] == "ok"
        seats = host.last["room"]["seats"]
        # The bot plays under a person's name, labelled with its level, never its engine's
        # name; the name alone is what the log and the moments call it.
        assert [s["name"] for s in seats] == ["Robin", "Ann"]
        assert [s["label"] for s in seats] == ["Robin · bot, medium", "Ann"]
        assert [s["level"] for s in seats] == ["medium", None]
        assert seats[1]["you"] and [s["presence"] for s in seats] == ["bot", "online"]
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        kit.play_out([host], seed=3)
        result = host.last["play"]["result"]
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        assert replay(record, get_game).result().to_json() == result  # type: ignore[union-attr]
        texts = [line["text"] for line in host.last["room"]["log"]]
        assert any("Robin" in text for text in texts)
        assert not any("greedy" in text for text in texts)


def test_the_record_and_replay_wait_for_the_end(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        host.request({"type": "configure", "options": {"matches": 1}})
        host.request({"type": "start"})
        assert kit.read(client, f"/api/rooms/{code}/record", token).status_code == 403
        assert kit.read(client, f"/api/rooms/{code}/replay?step=1", token).status_code == 403
        kit.play_out([host, guest], seed=4)
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        for step in (0, 3, 10):
            body = kit.read(client, f"/api/rooms/{code}/replay?step={step}", token).json()
            assert body["view"] == replay(record, get_game, upto=step).view(None)
            assert body["total"] == 10 and body["names"] == ["Ann", "Bob"]
        last = kit.read(client, f"/api/rooms/{code}/replay?step=99", token).json()
        assert last["step"] == 10 and last["result"] == host.last["play"]["result"]
        assert last["move"]["seat"] == record.actions[9]["seat"]
        assert client.get("/api/rooms/ZZZZ/replay").status_code == 404


def test_rooms_survive_a_restart(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        host.request({"type": "start"})
        kit.play_out([host, guest], seed=5, stop_after=7)
        guest_token = guest.token
        before = {seat: p.until(lambda m: m["play"]["version"] == 7)["play"]
                  for seat, p in ((0, host), (1, guest))}
    # A new server process on the same database: same seats, same views, play goes on.
    with kit.open_client(db) as client:
        host = kit.connect(client, code, token)
        guest = kit.connect(client, code, guest_token)
        assert host.last["you"]["seat"] == 0 and guest.last["you"]["seat"] == 1
        for person, seat in ((host, 0), (guest, 1)):
            now = person.last["play"]
            assert now["version"] == 7
            assert now["view"] == before[seat]["view"] and now["legal"] == before[seat]["legal"]
        kit.play_out([host, guest], seed=6)
        assert host.last["play"]["over"]
        record = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", token).json())
        assert replay(record, get_game).result().to_json() == host.last["play"]["result"]  # type: ignore[union-attr]
    tables = sqlite3.connect(db).execute("select version_num from alembic_version").fetchall()
    assert tables == [(newest_migration(),)]


def test_a_bot_stands_in_when_the_timer_runs_out(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        assert host.request({"type": "configure", "timer": 1})["type"] == "ok"
        host.request({"type": "start"})
        snap = guest.until(lambda m: m["play"] is not None)
        assert 0 < snap["play"]["deadline"] <= 1
        guest.request({"type": "act", "action": snap["play"]["legal"]["choices"][0]})
        # The host does nothing: after a second a bot keeps a card for them.
        moved = host.until(lambda m: m["play"]["version"] >= 2)
        assert moved["room"]["seats"][0]["stand_in"] is True
        texts = [line["text"] for line in moved["room"]["log"]]
        assert any("Time ran out for Ann" in text for text in texts)
        assert any("a bot for Ann" in text for text in texts)
        # Saying "I'm back" (or acting) takes the seat back.
        assert host.request({"type": "back"})["type"] == "ok"
        assert host.last["room"]["seats"][0]["stand_in"] is False


def test_a_stacked_deck_is_never_shown_while_the_game_runs(kit: Any, db: Path) -> None:
    deck = ["5H", "2S", "JD", "3C", "4H", "2H", "3H", "JH", "2D", "3D",
            "4D", "5D", "JC", "2C", "4C", "5C", "JS", "3S", "4S", "5S"]
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        reply = host.request({"type": "configure", "options": {"matches": 1, "deck": deck}})
        assert reply["type"] == "ok"
        assert guest.request({"type": "accept_deck"})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        snap = guest.until(lambda m: m["play"] is not None)
        assert snap["room"]["options"] == {"matches": 1, "deck": "stacked"}
        assert snap["play"]["view"]["hand"] == ["JD", "3C"]  # seat 1 draws the 3rd and 4th card
        for frame in guest.frames + host.frames:
            assert "JS" not in json.dumps(frame.get("room", {}))
        assert kit.read(client, f"/api/rooms/{code}/record", token).status_code == 403



def test_only_a_deck_laid_out_by_hand_or_too_few_own_cards_ask_for_consent() -> None:
    # The host's own content is shuffled from the seed like the bundled content: it asks
    # for consent only when it is too small to hide a hand (docs/rulings.md).
    pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(24)]
    typ, lmn = get_game("take-your-pick"), get_game("love-me-not")
    assert stacked(typ, 3, {"pairs": pairs, "deck": None}) == {}
    assert stacked(typ, 3, {"pairs": pairs[:23]}) == {"pairs": pairs[:23]}
    assert stacked(typ, 3, {"pairs": pairs, "subject_turns": 2}) == {"pairs": pairs}
    assert stacked(typ, 4, {"pairs": pairs}) == {"pairs": pairs}  # 45 needed at four
    for game, own in (("my-story", {"cards": {"name": "Ours"}}),
                      ("whats-it-to-ya", {"cards": {"name": "Ours"}}),
                      ("my-favourite-things", {"categories": ["Sheds"]})):
        assert stacked(get_game(game), 3, own) == {}
    assert stacked(lmn, 2, {"matches": 1, "deck": ["Tea"]}) == {"deck": ["Tea"]}


def test_a_stacked_deck_waits_for_every_other_person_to_accept_its_notice(
        kit: Any, db: Path) -> None:
    deck = ["5H", "2S", "JD", "3C", "4H", "2H", "3H", "JH", "2D", "3D",
            "4D", "5D", "JC", "2C", "4C", "5C", "JS", "3S", "4S", "5S"]
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        assert guest.request({"type": "accept_deck"})["message"] == (
            "the deck is not stacked: there is nothing to accept")
        host.request({"type": "configure", "options": {"deck": deck}})
        shown = guest.until(lambda m: m["room"]["stacked"] is not None)["room"]
        assert shown["stacked"].startswith("The host has stacked the deck")
        assert [s["to_accept"] for s in shown["seats"]] == [False, True]  # not the host's own
        assert host.request({"type": "start"})["message"] == (
            "the deck is stacked: Bob must accept it before the game starts")
        assert guest.request({"type": "accept_deck"})["type"] == "ok"
        # Another deck is another question: Bob is asked again.
        host.request({"type": "configure", "options": {"deck": deck[::-1]}})
        assert guest.until(lambda m: m["room"]["seats"][1]["to_accept"])
        watcher = kit.connect(client, code)
        assert watcher.request({"type": "accept_deck"})["message"] == (
            "you have no seat in this game")
        assert host.request({"type": "start"})["type"] == "error"
        # Renaming keeps an acceptance; a newcomer in the seat must accept for themselves.
        assert guest.request({"type": "accept_deck"})["type"] == "ok"
        assert guest.request({"type": "sit", "seat": 1, "name": "Bobby"})["type"] == "ok"
        assert guest.last["room"]["seats"][1]["to_accept"] is False
        assert guest.request({"type": "stand"})["type"] == "ok"
        assert watcher.request({"type": "sit", "seat": 1, "name": "Cy"})["type"] == "ok"
        assert watcher.last["room"]["seats"][1]["to_accept"] is True
        # A bot needs no notice: the host alone with a bot starts at once.
        assert host.request({"type": "add_bot", "seat": 1})["message"] == "seat 2 is taken by Cy"
        assert host.request({"type": "clear_seat", "seat": 1})["type"] == "ok"
        assert host.request({"type": "add_bot", "seat": 1})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        assert host.until(lambda m: m["play"] is not None)["play"]["view"]["hand"] == [
            "5S", "4S"]  # the host's own seat draws from the reversed deck's top


def test_a_move_another_process_stored_first_reloads_the_room_then_goes_through(
        kit: Any, db: Path) -> None:
    # Two server processes on one database and no bus: the second does not hear of moves.
    with kit.open_client(db) as one, kit.open_client(db) as two:
        code, token = kit.new_room(one)
        host, guest_here = kit.seat_two_people(one, code, token)
        assert host.request({"type": "configure", "options": {"matches": 1}})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        guest = kit.connect(two, code, guest_here.token)  # process two loads the room now
        hand = host.last["play"]["view"]["hand"]
        assert host.request({"type": "act", "action": {"keep": hand[0]}})["type"] == "ok"
        # Process two still has no move: storing its move 1 fails, it reads the room
        # again, and the guest's move is stored as move 2.
        assert guest.last["play"]["version"] == 0
        choice = guest.last["play"]["legal"]["choices"][0]
        assert guest.request({"type": "act", "action": choice})["type"] == "ok"
        assert guest.last["play"]["version"] == 2
        stored = sqlite3.connect(db).execute(
            "select idx, seat, action from actions where room = ? order by idx",
            (code,)).fetchall()
        assert stored == [(0, 0, json.dumps({"keep": hand[0]})), (1, 1, json.dumps(choice))]


def test_a_room_opens_with_the_options_asked_for(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        reply = client.post("/api/rooms", json={"game": "love-me-not",
                                                "options": {"matches": 1}})
        assert reply.status_code == 201
        code, token = reply.json()["code"], reply.json()["token"]
        host = kit.connect(client, code, token)
        assert host.last["room"]["options"] == {"matches": 1}
        rows = sqlite3.connect(db).execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
        bad = client.post("/api/rooms", json={"game": "love-me-not",
                                              "options": {"matches": 0}})
        try:
            get_game("love-me-not").setup(2, {"matches": 0}, 0)
        except ValueError as exc:
            reason = str(exc)
        assert bad.status_code == 400 and bad.json() == {"detail": reason}
        assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM rooms").fetchone()[0] == rows


def test_a_connection_goes_on_to_another_room_by_saying_hello_there(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        first, first_token = kit.new_room(client)
        second, second_token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, first, first_token)
        guest.ws.send_json({"type": "hello", "room": second.lower(), "patches": True})
        there = guest.room()  # the new room whole, counted on from the last frame
        assert there["room"]["code"] == second and there["you"] == {
            "seat": None, "host": False, "table_only": False, "stand_in": False, "asked": None}
        counted = [m["n"] for m in guest.raw[:-1] if m["type"] in ("room", "patch")]
        assert there["n"] == counted[-1] + 1
        # The first room's people see the guest gone; the guest hears no more of it.
        seats = host.until(lambda m: m["room"]["seats"][1]["presence"] == "offline")
        assert seats["room"]["seats"][1]["name"] == "Bob"
        assert host.request({"type": "sit", "seat": 0, "name": "Annie"})["type"] == "ok"
        assert guest.request({"type": "sit", "seat": 0, "name": "Bob"})["type"] == "ok"
        assert [m["type"] for m in guest.raw[-3:]] == ["token", "patch", "ok"]
        assert guest.last["room"]["code"] == second
        assert guest.last["room"]["seats"][0]["you"] is True
        # A hello naming no room changes nothing: the guest stays where it was.
        refused = guest.request({"type": "hello", "room": "KXMP"})
        assert refused["message"] == "there is no room 'KXMP'"
        assert guest.request({"type": "ping"})["type"] == "ok"
        host_there = kit.connect(client, second, second_token)
        assert host_there.request({"type": "sit", "seat": 1, "name": "Ann"})["type"] == "ok"
        assert guest.until(lambda m: m["room"]["seats"][1]["name"] == "Ann")


def test_what_waits_for_the_disk_is_not_shown_to_a_connection_gone_meanwhile(kit: Any) -> None:
    """A connection that went on to another room must get no late frame of this one: it
    would be patched onto the other room's snapshot."""
    async def scenario() -> tuple[int, int]:
        stored = StoredRoom(code="KXMP", created_at=0.0, creator="test", host_hash="",
                            game="love-me-not", options={}, seats=[Seat().to_json()] * 2,
                            timer=0, status="lobby", seed=None, result=None, actions=[])
        room = Room(stored, None, Settings())  # type: ignore[arg-type]  # nothing is written
        leaving, staying = Client(_discard), Client(_discard)
        room.join(leaving, None, False)
        room.join(staying, None, False)
        sent_before = leaving.frames
        writing = room.outbox.writing = asyncio.get_running_loop().create_future()  # on its way
        room.log.note("Ann sat at seat 1")
        room.broadcast()
        room.leave(leaving)
        writing.set_result(None)
        room.outbox._flush()
        return leaving.frames - sent_before, len(staying.queue)

    late, told = kit.run_async(scenario)
    assert late == 0 and told == 2  # the staying one: its first snapshot, then the note


async def _discard(text: str) -> None:
    pass
