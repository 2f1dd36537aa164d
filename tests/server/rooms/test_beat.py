"""The beat: a moment holds the room for its seconds (bots wait, clocks wait), moments
queue and none is replaced within 3 s, the host's "Next" ends a beat. On the room's own
clock, moved by hand: the assertions are on the times things are due, never on timing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from parlour.server import Settings
from parlour.server.errors import RoomError
from parlour.server.rooms.lobby import Seat
from parlour.server.rooms.moments import Moments
from parlour.server.rooms.room import Room
from parlour.server.storage.changes import NewRoom, StoredRoom
from parlour.server.storage.stores import store_for


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run_room(db: Path, seats: list[Seat], check: Callable[[Room, Clock], Awaitable[None]],
             *, game: str = "love-me-not", options: dict[str, Any] | None = None,
             pace: str = "normal") -> None:
    """A room of ``game`` with ``seats``, its clocks on ``Clock``, started and checked by
    ``check``; its driver's task is not run, so nothing moves but what ``check`` moves."""
    async def main() -> None:
        url = f"sqlite+aiosqlite:///{db}"
        store = store_for(url)
        await store.start()
        try:
            stored = StoredRoom(code="KXMP", created_at=0.0, creator="test", host_hash="host",
                                game=game, options=options or {},
                                seats=[s.to_json() for s in seats], timer=0, status="lobby",
                                seed=None, result=None, actions=[], pace=pace)
            await store.write(NewRoom(stored))
            room = Room(stored, store, Settings(db_url=url, bot_delay=0.8))
            clock = Clock()
            room.moments.clock = room.driver.clock = clock
            room.start()
            await check(room, clock)
        finally:
            await store.close()

    # In a thread of its own: a browser test in the same worker may hold this thread's loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def act(room: Room, seat: int, rng: random.Random) -> None:
    """A random legal move for ``seat`` (a bot's, if a bot sits there)."""
    match = room.play.match  # type: ignore[union-attr]
    action = room.lobby.game.random_action(match.view(seat), match.legal(seat), rng)
    room.move(seat, action, bot=room.lobby.played_by_bot(seat))


def until_a_moment(room: Room, rng: random.Random, *, seats: tuple[int, ...]) -> None:
    """Move (as ``seats`` may) until the room has a moment up."""
    while room.moments.current is None:
        act(room, min(s for s in room.play.match.to_act if s in seats), rng)  # type: ignore


PEOPLE = [Seat("Ann", "ann"), Seat("Bob", "bob")]


def test_a_moment_holds_the_bot_for_its_beat_and_next_ends_it(db: Path) -> None:
    async def check(room: Room, clock: Clock) -> None:
        rng = random.Random(4)
        until_a_moment(room, rng, seats=(0, 1))  # Love Me Not: turn 1's cards turn up
        moment = room.moments.to_json()
        assert moment is not None and moment["kind"] == "short" and moment["beat"] == 4.0
        assert moment["left"] == 4.0
        # Its text is what the log says the move told.
        assert moment["text"] == room.log.recent()[-1]["told"]
        assert moment["move"] == len(room.play.record.actions)  # type: ignore[union-attr]
        # The bot (seat 1) thinks 1.2 to 2.4 s over two cards, but waits for the beat: 4 s.
        if 1 in room.play.match.to_act:  # type: ignore[union-attr]
            assert room.bots.due() is not None and room.bots.due().seats == (1,)  # type: ignore
            assert room.bots.due().at == 1004.0  # type: ignore[union-attr]
        clock.now = 1001.0
        assert room.moments.to_json()["left"] == 3.0  # type: ignore[index]
        # The host taps "Next": the beat is over, the bot moves once it has thought.
        room.host.next()
        assert room.moments.to_json()["left"] == 0.0  # type: ignore[index]
        if 1 in room.play.match.to_act:  # type: ignore[union-attr]
            assert room.bots.due().at == room.driver.bot_at[1] < 1004.0  # type: ignore
        with pytest.raises(RoomError, match="no moment is holding the table now"):
            room.host.next()

    run_room(db, [Seat("Ann", "ann"), Seat("Robin", bot="greedy")], check,
             options={"matches": 1})


def test_moments_queue_and_none_is_replaced_within_three_seconds(db: Path) -> None:
    async def check(room: Room, clock: Clock) -> None:
        rng = random.Random(2)
        until_a_moment(room, rng, seats=(0, 1))
        first = room.moments.to_json()
        assert first is not None
        # Ann and Bob move the instant they can: the next reveals queue behind the first.
        while room.moments.waiting < 2:
            act(room, min(room.play.match.to_act), rng)  # type: ignore[union-attr]
        assert room.moments.to_json()["n"] == first["n"]  # type: ignore[index]
        # Quick pace: a short beat is 3 s, the least any moment stays up.
        assert first["beat"] == 3.0
        clock.now = 1002.9
        assert room.moments.advance() is False
        assert room.moments.to_json()["n"] == first["n"]  # type: ignore[index]
        # The host's "Next" ends the beat, yet the next moment waits its 3 s all the same.
        room.host.next()
        assert room.moments.to_json()["n"] == first["n"]  # type: ignore[index]
        assert room.bots.due() is not None and room.bots.due().at == 1003.0  # type: ignore
        clock.now = 1003.0
        assert room.moments.advance() is True
        second = room.moments.to_json()
        assert second is not None and second["n"] == first["n"] + 1
        assert room.moments.waiting == 1
        # The whole queue holds the room: each for its beat, one after the other.
        assert room.moments.hold_until() == 1003.0 + 3.0 + 3.0

    run_room(db, list(PEOPLE), check, options={"matches": 1}, pace="quick")


def test_the_finale_stays_and_a_new_game_clears_the_table(db: Path) -> None:
    async def check(room: Room, clock: Clock) -> None:
        rng = random.Random(5)
        while not room.play.over:  # type: ignore[union-attr]
            act(room, min(room.play.match.to_act), rng)  # type: ignore[union-attr]
            clock.now += 30.0  # every moment has had its beat
            room.moments.advance()
        finale = room.moments.to_json()
        assert finale is not None and finale["kind"] == "finale"
        assert finale["beat"] is None and finale["left"] is None
        assert "wins" in finale["text"] or "tie" in finale["text"]
        clock.now += 3600.0
        assert room.moments.advance() is False and room.moments.held()
        with pytest.raises(RoomError, match="the game is over"):
            room.host.next()
        count = room.moments.count
        room.again()
        assert room.moments.to_json() is None and room.moments.count == count

    run_room(db, list(PEOPLE), check, options={"matches": 1})


def test_a_long_moment_at_each_match_end_holds_nine_seconds_at_the_normal_pace() -> None:
    clock = Clock(0.0)
    moments = Moments(clock)
    moments.add("long", None, "Match 1: Ann 9, Bob 7 — Ann wins the match.", 20)
    assert moments.to_json() == {"n": 1, "kind": "long", "seat": None,
                                 "text": "Match 1: Ann 9, Bob 7 — Ann wins the match.",
                                 "move": 20, "beat": 9.0, "left": 9.0}
    relaxed = Moments(clock)
    relaxed.add("long", None, "Match 1", 20, pace="relaxed")
    assert relaxed.to_json()["beat"] == 13.5  # type: ignore[index]


def test_a_turn_of_steps_that_made_no_moment_is_told_in_the_turn_s_moment() -> None:
    moments = Moments(Clock(0.0))
    moments.told(1, "Ann plays Reading.")
    moments.told(1, "Ann chooses to gain 1 Money.")
    assert moments.current is None  # a step gaining 1 Money is no moment
    moments.add("short", 1, "Ann takes Painter from the Job track (2 years).", 7)
    assert moments.to_json()["text"] == (  # type: ignore[index]
        "Ann plays Reading. Ann chooses to gain 1 Money."
        " Ann takes Painter from the Job track (2 years).")
    # Another seat's steps start afresh.
    moments.told(1, "Ann rests.")
    moments.add("short", 2, "Bob rests for a year.", 8)
    assert moments.queue[-1].text == "Bob rests for a year."
