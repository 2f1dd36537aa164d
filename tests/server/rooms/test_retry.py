"""A move sent again with its key (after a lost reply) gets the first answer and changes
nothing, also after a restart; idle rooms are loaded only when someone asks for them."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any


def act(player: Any, action: Any, key: str) -> dict[str, Any]:
    return player.request({"type": "act", "action": action, "key": key})


def test_a_move_sent_again_with_its_key_is_answered_not_repeated(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, host, guest = kit.start_love_me_not(client)
        guest_token = guest.token
        playing = guest.until(lambda m: m["play"] is not None and m["play"]["legal"] is not None)
        keep = playing["play"]["legal"]["choices"]
        # The reply is lost: the guest's connection drops before it reads it.
        guest.ws.send_json({"type": "act", "action": keep[0], "key": "k-1", "id": 9})
        host.until(lambda m: m["play"]["version"] == 1)
        guest.ws.close()
        guest = kit.connect(client, code, guest_token)
        assert act(guest, keep[0], "k-1") == {"type": "ok", "move": 1, "id": 1}
        assert guest.last["play"]["version"] == 1
        # The same key with another move is refused; a new key is a new move.
        assert act(guest, keep[1], "k-1")["message"] == "this key was sent with another move"
        assert act(guest, keep[0], "x" * 65)["message"] == (
            "key is a string of 1 to 64 characters")
        assert guest.last["play"]["version"] == 1
    stored = sqlite3.connect(db).execute("select idx, seat, key from actions").fetchall()
    assert stored == [(0, 1, "k-1")]
    # After a restart the key is still known, and the game goes on from move 1.
    with kit.open_client(db) as client:
        guest = kit.connect(client, code, guest_token)
        assert act(guest, keep[0], "k-1") == {"type": "ok", "move": 1, "id": 1}
        assert guest.last["play"]["version"] == 1


def test_a_key_names_a_move_of_one_seat_in_one_game(kit: Any, db: Path) -> None:
    """Before: keys were one list for all seats and outlived ``again``, so another seat's
    key, or the same key in the next game, was refused (or answered with the old move)."""
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        for p in (host, guest):
            p.until(lambda m: m["play"] is not None and m["play"]["legal"] is not None)
        first = guest.last["play"]["legal"]["choices"][0]
        assert moved(act(guest, first, "k-1")) == 1
        # The host's own move with the same key is a move of the host's seat.
        assert moved(act(host, host.last["play"]["legal"]["choices"][0], "k-1")) == 2
        assert moved(act(guest, first, "k-1")) == 1
        kit.play_to_end([host, guest], random.Random(3))
        assert host.request({"type": "again"})["type"] == "ok"
        guest.until(lambda m: m["play"]["version"] == 0 and m["play"]["legal"] is not None)
        again = guest.last["play"]["legal"]["choices"][-1]
        number = moved(act(guest, again, "k-1"))  # game 1's key names nothing in game 2
        assert number in (1, 2)
        assert guest.until(lambda m: m["play"]["version"] >= 1)["room"]["game_number"] == 2
        assert moved(act(guest, again, "k-1")) == number


def test_a_key_of_the_game_before_another_names_nothing_after_it(kit: Any, db: Path) -> None:
    """``another`` (back to the lobby, the seats kept) forgets the keys as ``again`` does."""
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        for p in (host, guest):
            p.until(lambda m: m["play"] is not None and m["play"]["legal"] is not None)
        assert moved(act(guest, guest.last["play"]["legal"]["choices"][0], "k-1")) == 1
        kit.play_to_end([host, guest], random.Random(5))
        assert host.request({"type": "another"})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        guest.until(lambda m: m["play"] is not None and m["play"]["version"] == 0
                    and m["play"]["legal"] is not None)
        last = guest.last["play"]["legal"]["choices"][-1]
        number = moved(act(guest, last, "k-1"))
        assert number in (1, 2)
        assert guest.until(lambda m: m["play"]["version"] >= 1)["room"]["game_number"] == 2
        assert moved(act(guest, last, "k-1")) == number


def moved(reply: dict[str, Any]) -> Any:
    """The move number an ``act``'s ``ok`` gives, or the refusal."""
    return reply["move"] if reply["type"] == "ok" else reply


def test_the_last_move_sent_again_finds_its_answer_not_the_game_over(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        _, host, guest = kit.start_love_me_not(client)
        number, players = 0, [host, guest]
        for p in players:
            p.until(lambda m: m["play"] is not None)
        while not host.last["play"]["over"]:
            for p in players:
                p.until(lambda m, n=number: m["play"]["version"] >= n)
            mover = next(p for p in players if p.last["play"]["legal"])
            last = (mover, mover.last["play"]["legal"]["choices"][0], f"m{number}")
            number = act(*last)["move"]
            host.until(lambda m, n=number: m["play"]["version"] >= n)
        assert act(*last) == {"type": "ok", "move": number, "id": last[0].next_id - 1}
        assert act(last[0], last[1], "new")["message"] == "the game is over"


def test_only_rooms_with_something_to_do_are_loaded_at_start(kit: Any, db: Path) -> None:
    with kit.open_client(db, bot_delay=60.0) as client:
        people, _, _ = kit.start_love_me_not(client)
        code, token = kit.new_room(client)
        host = kit.connect(client, code, token)
        host.request({"type": "sit", "seat": 0, "name": "Ann"})
        host.request({"type": "add_bot", "seat": 1, "bot": "random"})
        host.request({"type": "configure", "options": {"matches": 1}})
        assert host.request({"type": "start"})["type"] == "ok"  # the bot's move is due
        lobby, lobby_token = kit.new_room(client)
    with kit.open_client(db, bot_delay=60.0) as client:
        assert set(client.app.state.hub.rooms) == {code}
        # The others are loaded when someone comes, and play on.
        guest = kit.connect(client, people)
        assert guest.last["play"]["version"] == 0 and guest.last["room"]["status"] == "playing"
        kit.connect(client, lobby, lobby_token)
        assert set(client.app.state.hub.rooms) == {code, people, lobby}
