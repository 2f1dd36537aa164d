"""The lobby and the audience: the pace, bots as players see them, a late joiner given a
seat between games, another game with the same people, the host's role handed on, and
"Next" during a beat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.bots import bot_names
from parlour.games import game_ids, get_game


def test_the_pace_is_stored_with_the_room_and_survives_a_restart(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        assert host.last["room"]["pace"] == "normal"
        refused = host.request({"type": "configure", "pace": "ludicrous"})
        assert refused["message"] == (
            "the pace is one of relaxed, normal, quick (got 'ludicrous')")
        assert host.last["room"]["pace"] == "normal"
        assert host.request({"type": "configure", "pace": "quick"})["type"] == "ok"
        # A later configure that leaves the pace out keeps it.
        assert host.request({"type": "configure", "timer": 30})["type"] == "ok"
        assert host.last["room"]["pace"] == "quick"
    with kit.open_client(db) as client:  # a new server process on the same database
        host = kit.connect(client, code, token)
        assert host.last["room"]["pace"] == "quick" and host.last["room"]["timer"] == 30


ENGINES = {name for gid in game_ids() for name in bot_names(get_game(gid))}


def test_bots_have_people_s_names_and_levels_and_no_engine_name_is_shown(
        kit: Any, db: Path) -> None:
    assert {"mcts", "cfr", "greedy", "persona", "fan", "heuristic", "random"} <= ENGINES
    with kit.open_client(db) as client:
        for game_id in game_ids():
            code, token = kit.new_room(client, game_id)
            host = kit.connect(client, code, token)
            levels = host.last["room"]["levels"]
            assert levels[:2] == ["easy", "medium"]
            for seat, level in enumerate(levels[:len(host.last["room"]["seats"])]):
                assert host.request({"type": "add_bot", "seat": seat,
                                     "level": level})["type"] == "ok"
            seats = host.last["room"]["seats"]
            for seat, level in zip(seats, levels, strict=False):
                name = seat["name"]
                assert seat["label"] == f"{name} · bot, {level}" and seat["level"] == level
                assert name.isalpha() and name not in ENGINES
            shown = json.dumps([s["label"] for s in seats] + host.last["room"]["log"])
            assert not any(engine in shown for engine in ENGINES), shown
            assert len({s["name"] for s in seats}) == len(seats)  # each its own name
        refused = host.request({"type": "add_bot", "seat": 0, "level": "fiendish"})
        assert refused["message"] == (
            "My Story's bots play at easy, medium or hard (got 'fiendish')")


def test_love_me_not_s_levels_are_its_bots_from_random_to_cfr(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        for seat, level in enumerate(("easy", "hard")):
            host.request({"type": "add_bot", "seat": seat, "level": level})
        assert [s["bot"] for s in host.last["room"]["seats"]] == ["random", "cfr"]
        # Changing a bot's level keeps its name.
        name = host.last["room"]["seats"][1]["name"]
        host.request({"type": "add_bot", "seat": 1, "level": "medium"})
        assert host.last["room"]["seats"][1]["name"] == name
        assert host.last["room"]["seats"][1]["label"] == f"{name} · bot, medium"


def play_to_the_end(kit: Any, host: Any) -> None:
    host.request({"type": "configure", "options": {"matches": 1}})
    assert host.request({"type": "start"})["type"] == "ok"
    kit.play_out([host], seed=3)


def test_a_late_joiner_asks_and_the_host_gives_them_a_bot_s_seat_between_games(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        host.request({"type": "add_bot", "seat": 1, "level": "medium"})
        play_to_the_end(kit, host)
        dee = kit.connect(client, code)
        assert dee.request({"type": "ask_seat", "name": " "})["message"] == "please type a name"
        assert dee.request({"type": "ask_seat", "name": "Dee"})["type"] == "ok"
        assert dee.token is not None and dee.last["you"]["asked"] == 1
        seen = host.until(lambda m: m["room"]["requests"] == [{"n": 1, "name": "Dee"}])
        assert seen["room"]["log"][-1]["text"] == "Dee asks for a seat"
        assert host.request({"type": "ask_seat", "name": "Ann"})["message"] == (
            "you have a seat already")
        # A name that reads as a seated one is refused, as when sitting (rooms/names.py).
        ann = kit.connect(client, code).request({"type": "ask_seat", "name": "ANN"})
        assert ann["message"].startswith("'ANN' looks like 'Ann' at seat 1")
        # Only the host gives seats, never a person's seat, and only to a request.
        assert dee.request({"type": "give_seat", "request": 1, "seat": 1})["message"] == (
            "only the host can do that")
        assert host.request({"type": "give_seat", "request": 1, "seat": 0})["message"] == (
            "seat 1 is taken by Ann")
        assert host.request({"type": "give_seat", "request": 7, "seat": 1})["message"] == (
            "nobody is asking for a seat as request 7")
        assert host.request({"type": "give_seat", "request": 1, "seat": 1})["type"] == "ok"
        mine = dee.until(lambda m: m["you"]["seat"] == 1)
        assert mine["room"]["seats"][1]["name"] == "Dee" and mine["room"]["requests"] == []
        assert mine["room"]["seats"][1]["bot"] is None and mine["you"]["asked"] is None
        # The next game: Dee plays, and holds the seat with her token after a reload.
        assert host.request({"type": "again"})["type"] == "ok"
        dee = kit.connect(client, code, dee.token)
        assert dee.last["you"]["seat"] == 1 and dee.last["play"]["seat"] == 1
        assert dee.last["play"]["legal"] is not None


def test_a_seat_is_given_only_between_games(kit: Any, db: Path) -> None:
    with kit.open_client(db, bot_delay=60.0) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        host.request({"type": "add_bot", "seat": 1})
        host.request({"type": "start"})
        eve = kit.connect(client, code)
        assert eve.request({"type": "ask_seat", "name": "Eve"})["type"] == "ok"
        assert host.request({"type": "give_seat", "request": 1, "seat": 1})["message"] == (
            "wait until this game is over")
        # Her token is known to the room: she is still the one asking after a reload.
        eve = kit.connect(client, code, eve.token)
        assert eve.last["you"]["asked"] == 1 and eve.last["you"]["seat"] is None
        assert host.request({"type": "refuse_seat", "request": 1})["type"] == "ok"
        assert host.last["room"]["requests"] == []


def test_play_another_game_keeps_the_seats_and_the_tally(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        assert host.request({"type": "another"})["message"] == (
            "a new game can start once this one is over")
        kit.play_out([host, guest], seed=3)
        winners = host.last["play"]["result"]["winners"]
        assert guest.request({"type": "another"})["message"] == "only the host can do that"
        assert host.request({"type": "another"})["type"] == "ok"
        lobby = guest.until(lambda m: m["room"]["status"] == "lobby")
        assert lobby["play"] is None and lobby["room"]["game_number"] == 2
        assert [s["name"] for s in lobby["room"]["seats"]] == ["Ann", "Bob"]
        assert [s["wins"] for s in lobby["room"]["seats"]] == [int(s in winners) for s in (0, 1)]
        # Any game: Take Your Pick takes three, so a seat is added for a bot.
        assert host.request({"type": "configure", "game": "take-your-pick"})["type"] == "ok"
        assert host.request({"type": "add_bot", "seat": 2})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        playing = guest.until(lambda m: m["room"]["status"] == "playing")
        assert playing["room"]["title"] == "Take Your Pick" and playing["you"]["seat"] == 1
        assert [s["wins"] for s in playing["room"]["seats"]][:2] == [
            int(s in winners) for s in (0, 1)]
        # The first game is kept, and the tally and the lobby survive a restart.
        assert kit.read(client, f"/api/rooms/{code}/past/1", host.token).status_code == 200
    with kit.open_client(db) as client:
        again = kit.connect(client, code, guest.token)
        assert again.last["room"]["game_number"] == 2
        assert again.last["room"]["game"] == "take-your-pick"


def test_the_host_hands_the_host_s_role_to_another_player(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        assert guest.request({"type": "make_host", "seat": 1})["message"] == (
            "only the host can do that")
        assert host.request({"type": "make_host", "seat": 0})["message"] == (
            "Ann is the host already")
        assert host.request({"type": "make_host", "seat": 1})["type"] == "ok"
        seen = guest.until(lambda m: m["you"]["host"])
        assert seen["room"]["log"][-1]["text"] == "Bob is the host now"
        assert host.last["you"]["host"] is False
        assert host.request({"type": "configure", "timer": 10})["message"] == (
            "only the host can do that")
        assert guest.request({"type": "configure", "timer": 10})["type"] == "ok"
    with kit.open_client(db) as client:  # the role is stored: it holds after a restart
        bob = kit.connect(client, code, guest.token)
        assert bob.last["you"]["host"] is True
        assert kit.connect(client, code, token).last["you"]["host"] is False


def test_next_is_the_host_s_alone_and_only_during_a_beat(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        _code, host, guest = kit.start_love_me_not(client)
        assert guest.request({"type": "next"})["message"] == "only the host can do that"
        assert host.request({"type": "next"})["message"] == (
            "no moment is holding the table now")
        assert host.last["room"]["moment"] is None
        assert host.last["room"]["moments_waiting"] == 0


def test_the_phone_is_told_plainly_when_a_bot_plays_for_its_person(kit: Any, db: Path) -> None:
    with kit.open_client(db, bot_delay=60.0) as client:
        code, host, guest = kit.start_love_me_not(client)
        assert guest.last["you"]["stand_in"] is False
        assert host.request({"type": "stand_in", "seat": 1})["type"] == "ok"
        seen = guest.until(lambda m: m["you"]["stand_in"])
        assert seen["room"]["seats"][1]["stand_in"] is True
        assert host.last["you"]["stand_in"] is False
        # The stand-in takes a person's time: two cards, 1.2 to 2.4 delays of 60 s.
        room = client.app.state.hub.rooms[code]
        assert 60.0 * 1.5 <= room.driver.bot_at[1] - room.driver.changed_at <= 60.0 * 3.0
        assert guest.request({"type": "back"})["type"] == "ok"
        back = guest.until(lambda m: not m["you"]["stand_in"])
        assert back["room"]["log"][-1]["text"] == "Bob is back"
