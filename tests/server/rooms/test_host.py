"""During play: presence, the host's controls (stand-in bots, pause, end, play again),
reactions from seats and watchers, and bots that take a person's time."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from parlour.engine import Record, replay
from parlour.games import get_game
from parlour.server.rooms.driver import think_bounds


def presence(player: Any) -> list[str | None]:
    return [s["presence"] for s in player.last["room"]["seats"]]


def sees(player: Any, *expected: str) -> None:
    """Wait until ``player`` is told the seats' presence is ``expected``."""
    player.until(lambda m: [s["presence"] for s in m["room"]["seats"]] == list(expected))


def test_presence_online_away_offline_and_a_shared_screen_does_not_count(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client)
        host, guest = kit.seat_two_people(client, code, token)
        sees(host, "online", "online")
        # Bob's phone goes to the background, then comes back.
        assert guest.request({"type": "here", "visible": False})["type"] == "ok"
        assert presence(guest) == ["online", "away"]
        assert guest.request({"type": "here", "visible": "no"})["message"] == (
            "visible is true or false")
        guest.request({"type": "here", "visible": True})
        assert presence(guest) == ["online", "online"]
        # A shared screen opened with Bob's token shows the table, not Bob.
        screen = client.sessions.enter_context(client.websocket_connect(f"/ws/{code}"))
        screen.send_json({"type": "hello", "token": guest.token, "table_only": True})
        guest.ws.close()
        host.until(lambda m: m["room"]["seats"][1]["presence"] == "offline")
        screen.close()


def test_the_host_lets_a_bot_play_for_someone_gone_and_gives_the_seat_back(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        assert guest.request({"type": "stand_in", "seat": 0})["message"] == (
            "only the host can do that")
        assert host.request({"type": "give_back", "seat": 1})["message"] == (
            "no bot plays for Bob")
        assert host.request({"type": "stand_in", "seat": 1})["type"] == "ok"
        assert host.request({"type": "stand_in", "seat": 1})["message"] == (
            "a bot plays for Bob already")
        assert host.request({"type": "stand_in", "seat": 7})["message"] == "there is no seat 8"
        # Without a timer, the stand-in keeps a card for Bob while Ann has not moved.
        moved = host.until(lambda m: 1 not in m["play"]["to_act"])
        assert moved["room"]["seats"][1]["stand_in"] is True
        texts = [line["text"] for line in moved["room"]["log"]]
        assert "The host lets a bot play for Bob until they are back" in texts
        assert texts[-1] == "Move 1: a bot for Bob chose in secret"
        assert host.request({"type": "give_back", "seat": 1})["type"] == "ok"
        assert host.last["room"]["seats"][1]["stand_in"] is False
        assert host.last["room"]["log"][-1]["text"] == "Bob is back"


def test_a_paused_game_takes_no_move_and_no_bot_moves(kit: Any, db: Path) -> None:
    # A delay the requests below take far less than: the bot has not moved before the pause.
    with kit.open_client(db, bot_delay=0.5) as client:
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        host.request({"type": "add_bot", "seat": 1})
        host.request({"type": "configure", "options": {"matches": 1}})
        assert host.request({"type": "pause"})["message"] == "no game is running"
        host.request({"type": "start"})
        assert host.request({"type": "pause"})["type"] == "ok"
        room = client.app.state.hub.rooms[code]
        assert room.bots.due() is None and host.last["room"]["paused"] is True
        legal = host.last["play"]["legal"]["choices"][0]
        assert host.request({"type": "act", "action": legal})["message"] == (
            "the game is paused: the host will resume it")
        assert host.request({"type": "pause"})["message"] == "the game is paused already"
        assert host.request({"type": "resume"})["type"] == "ok"
        assert host.request({"type": "resume"})["message"] == "the game is not paused"
        assert host.request({"type": "act", "action": legal})["type"] == "ok"
        host.until(lambda m: m["play"]["version"] >= 2)  # and the bot moves again
        texts = [line["text"] for line in host.last["room"]["log"]]
        assert "The host paused the game" in texts and "The host resumed the game" in texts


def test_ending_a_game_and_playing_again_keeps_the_tally(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        assert host.request({"type": "again"})["message"] == (
            "a new game can start once this one is over")
        kit.play_out([host, guest], seed=3)
        first = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", host.token).json())
        winners = replay(first, get_game).result().winners  # type: ignore[union-attr]
        assert guest.request({"type": "again"})["message"] == "only the host can do that"
        assert host.request({"type": "again"})["type"] == "ok"
        snap = guest.until(lambda m: m["room"]["status"] == "playing")
        assert snap["play"]["version"] == 0 and snap["room"]["game_number"] == 2
        assert [s["wins"] for s in snap["room"]["seats"]] == [
            int(seat in winners) for seat in (0, 1)]
        assert snap["room"]["log"][-1]["text"] == "Game 2 of Love Me Not started"
        past = kit.read(client, f"/api/rooms/{code}/past/1", host.token).json()
        assert Record.from_json(past["record"]) == first and past["names"] == ["Ann", "Bob"]
        assert past["result"]["winners"] == winners
        assert kit.read(client, f"/api/rooms/{code}/past/2", host.token).status_code == 404
        # The second game: the host ends it part-way; nobody wins it.
        kit.play_out([host, guest], seed=4, stop_after=3)
        assert guest.request({"type": "end"})["message"] == "only the host can do that"
        assert host.request({"type": "end"})["type"] == "ok"
        ended = guest.until(lambda m: m["room"]["status"] == "ended")
        assert ended["room"]["log"][-1]["text"] == "The host ended the game"
        assert ended["play"]["legal"] is None  # nobody may move in an ended game
        action = {"keep": "2H"}
        assert guest.request({"type": "act", "action": action})["message"] == "the game is over"
        second = Record.from_json(kit.read(client, f"/api/rooms/{code}/record", host.token).json())
        assert len(second.actions) == 3 and second.seed != first.seed
        assert host.request({"type": "again"})["type"] == "ok"
        third = host.until(lambda m: m["room"]["game_number"] == 3)
        assert [s["wins"] for s in third["room"]["seats"]] == [
            int(seat in winners) for seat in (0, 1)]
        assert kit.read(client, f"/api/rooms/{code}/past/2", host.token).json()["result"] is None
    # The tally is kept with the room: a new server process reads it back.
    with kit.open_client(db) as client:
        host = kit.connect(client, code, host.token)
        assert host.last["room"]["game_number"] == 3
        assert [s["wins"] for s in host.last["room"]["seats"]] == [
            int(seat in winners) for seat in (0, 1)]


def test_reactions_are_a_fixed_set_from_seats_and_watchers_and_rate_limited(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        table = kit.connect(client, code)
        refused = guest.request({"type": "react", "emoji": "<b>boo</b>"})
        assert refused["message"].startswith("a reaction is one of 👏")
        for emoji in ("👏", "😂", "🎉"):
            assert guest.request({"type": "react", "emoji": emoji})["type"] == "ok"
        assert guest.request({"type": "react", "emoji": "👏"})["message"] == (
            "too many reactions: one every two seconds")
        # A watcher reacts too, limited per connection as a seat is, and shown as a watcher.
        assert table.request({"type": "react", "emoji": "😮"})["type"] == "ok"
        seen = table.until(lambda m: len(m["room"]["reactions"]) == 4)
        assert seen["room"]["reactions"] == [
            {"n": 1, "seat": 1, "emoji": "👏"}, {"n": 2, "seat": 1, "emoji": "😂"},
            {"n": 3, "seat": 1, "emoji": "🎉"},
            {"n": 4, "seat": None, "emoji": "😮", "watcher": "a watcher"}]
        assert host.request({"type": "react", "emoji": "😮"})["type"] == "ok"  # its own limit
        assert "<b>" not in json.dumps(table.frames)


def test_a_watcher_reacts_under_the_name_they_give_and_within_their_limit(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, _guest = kit.start_love_me_not(client)
        dee, eve = kit.connect(client, code), kit.connect(client, code)
        assert dee.request({"type": "react", "emoji": "🎉", "name": " Dee "})["type"] == "ok"
        assert dee.request({"type": "react", "emoji": "🎉", "name": "x" * 25})["message"] == (
            "a name is at most 24 characters (got 25)")
        for _ in range(2):
            assert dee.request({"type": "react", "emoji": "👏"})["type"] == "ok"
        assert dee.request({"type": "react", "emoji": "👏"})["message"] == (
            "too many reactions: one every two seconds")
        # Another watcher has a limit of their own.
        assert eve.request({"type": "react", "emoji": "❤️"})["type"] == "ok"
        seen = host.until(lambda m: len(m["room"]["reactions"]) == 4)
        assert [(r["seat"], r["watcher"]) for r in seen["room"]["reactions"]] == [
            (None, "Dee"), (None, "a watcher"), (None, "a watcher"), (None, "a watcher")]


def test_bots_in_a_simultaneous_phase_each_think_from_its_start_and_none_early(
        kit: Any, db: Path) -> None:
    # A delay the requests below take far less than: no bot has chosen yet.
    with kit.open_client(db, bot_delay=30.0) as client:
        code, token = kit.new_room(client, "my-favourite-things")
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        for seat in (1, 2, 3):
            if seat >= len(host.last["room"]["seats"]):
                host.request({"type": "add_seat"})
            assert host.request({"type": "add_bot", "seat": seat})["type"] == "ok"
        host.request({"type": "start"})
        # Everyone writes a category at once: each bot's time runs from the phase's start,
        # a person's time for typing (8 delays, drawn between 0.75 and 1.5 of it)...
        room = client.app.state.hub.rooms[code]
        legal = room.play.match.legal(1)
        low, high = think_bounds(legal, 30.0, "normal")
        assert (low, high) == (30.0 * 8 * 0.75, 30.0 * 8 * 1.5)
        start = room.driver.changed_at
        assert sorted(room.driver.bot_at) == [1, 2, 3]
        assert all(start + low <= at <= start + high for at in room.driver.bot_at.values())
        # ...and until it has passed, no bot has chosen, nor is shown as having chosen.
        action = kit.my_move(host.last, random.Random(1))
        assert host.request({"type": "act", "action": action})["type"] == "ok"
        assert host.last["play"]["version"] == 1 and host.last["play"]["to_act"] == [1, 2, 3]
        assert sorted(room.driver.bot_at) == [1, 2, 3]
