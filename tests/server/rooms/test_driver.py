"""The bot and timer driver: who a bot must play for next, and when."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour.engine import Legal, Ranking, Text
from parlour.server.rooms.driver import FOLLOW_UP, Driver, Due, think_bounds, think_time


def bots_at(*seats: int) -> Callable[[int], bool]:
    """Which seats bots play."""
    return lambda seat: seat in seats


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def thinking(**times: float) -> Callable[[int], float]:
    """Each bot's time to think, by seat (``s1=2.0``)."""
    return lambda seat: times[f"s{seat}"]


def test_a_bot_moves_once_it_has_thought_and_a_person_when_their_time_runs_out() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    # Seat 0 is a person, seat 1 a bot that takes 2 s; both must act, with a 30-second timer.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30, think=thinking(s1=2.0))
    assert driver.deadlines == {0: 130.0}
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(102.0, (1,))
    # Once the bot has moved, only the person's deadline is left.
    clock.now = 102.0
    driver.changed(frozenset({0}), 1, bots_at(1), timer=30)
    assert driver.next_due(frozenset({0}), bots_at(1)) == Due(130.0, (0,))
    # A new turn does not give the person more time: their clock keeps running.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30, think=thinking(s1=3.0))
    assert driver.deadlines == {0: 130.0}


def test_in_a_simultaneous_phase_each_bot_thinks_from_the_start_and_none_early() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    everyone = frozenset({0, 1, 2, 3})
    # A person at 0, bots at 1, 2 and 3, each drawing its own time at the phase's start.
    driver.changed(everyone, None, bots_at(1, 2, 3), timer=0,
                   think=thinking(s1=3.0, s2=1.5, s3=2.5))
    assert driver.bot_at == {1: 103.0, 2: 101.5, 3: 102.5}
    assert driver.next_due(everyone, bots_at(1, 2, 3)) == Due(101.5, (2,))
    # The person chooses at once: the bots' times run on, none is drawn again.
    clock.now = 100.2
    driver.changed(frozenset({1, 2, 3}), 0, bots_at(1, 2, 3), timer=0,
                   think=thinking(s1=9.0, s2=9.0, s3=9.0))
    assert driver.bot_at == {1: 103.0, 2: 101.5, 3: 102.5}
    # Bot 2 chooses; the other two are still thinking, and are due each at its own time.
    clock.now = 101.5
    driver.changed(frozenset({1, 3}), 2, bots_at(1, 2, 3), timer=0)
    assert driver.next_due(frozenset({1, 3}), bots_at(1, 2, 3)) == Due(102.5, (3,))


def test_a_bot_turn_of_several_steps_goes_quicker() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    # Bot 1 moved and must move again (its turn goes on): half its time.
    driver.changed(frozenset({1}), 1, bots_at(1, 2), timer=0, think=thinking(s1=2.0))
    assert driver.next_due(frozenset({1}), bots_at(1, 2)) == Due(100.0 + 2.0 * FOLLOW_UP, (1,))
    # Then bot 2's turn: its whole time.
    driver.changed(frozenset({2}), 1, bots_at(1, 2), timer=0, think=thinking(s2=2.0))
    assert driver.next_due(frozenset({2}), bots_at(1, 2)) == Due(102.0, (2,))
    assert FOLLOW_UP == 0.5


def test_the_last_to_choose_in_a_simultaneous_phase_has_its_whole_time_in_the_next() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    # Love Me Not: the person and the bot both keep a card each turn. The bot keeps last,
    # and the next turn begins for both: a new choice, not its own turn going on.
    driver.changed(frozenset({0, 1}), 1, bots_at(1), timer=0, think=thinking(s1=2.0))
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(102.0, (1,))


def test_a_beat_holds_the_bots_and_the_clocks_until_it_ends() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    # A moment up until 109 (a long beat of 9 s): the bot has thought by 101.5, yet waits.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=20, think=thinking(s1=1.5),
                   held_until=109.0)
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(109.0, (1,))
    # The person's 20 seconds start when the beat ends, not while the table reads it.
    assert driver.deadlines == {0: 129.0}
    # The host taps "Next" at 103: the beat ends, the bot moves as soon as it has thought.
    clock.now = 103.0
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=20, held_until=103.0)
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(103.0, (1,))


def test_a_person_away_is_played_for_until_they_are_back() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.5, clock=clock)
    driver.changed(frozenset({0}), None, bots_at(), timer=10)
    assert driver.stand_in(0) is True and driver.stand_in(0) is False
    assert driver.deadlines == {}
    # The stand-in thinks as a bot does.
    driver.changed(frozenset({0}), None, bots_at(), timer=10, think=thinking(s0=1.25))
    assert driver.next_due(frozenset({0}), bots_at()) == Due(101.25, (0,))
    assert driver.back(0) is True and driver.back(0) is False
    driver.changed(frozenset({0}), None, bots_at(), timer=0)
    assert driver.deadlines == {} and driver.next_due(frozenset({0}), bots_at()) is None
    # Gone again before acting: the new stand-in takes its own time, from now.
    clock.now = 110.0
    assert driver.stand_in(0) is True
    driver.changed(frozenset({0}), None, bots_at(), timer=10, think=thinking(s0=1.5))
    assert driver.next_due(frozenset({0}), bots_at()) == Due(111.5, (0,))


def test_without_a_timer_nobody_is_hurried() -> None:
    driver = Driver(bot_delay=0.8, clock=Clock())
    driver.changed(frozenset({0, 1}), None, bots_at(), timer=0)
    assert driver.deadlines == {}
    assert driver.next_due(frozenset({0, 1}), bots_at()) is None


def test_a_pause_stops_the_bots_and_the_clocks() -> None:
    clock = Clock()
    driver = Driver(bot_delay=0.8, clock=clock)
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30, think=thinking(s1=2.0))
    clock.now = 101.0
    assert driver.pause() is True and driver.pause() is False
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) is None
    clock.now = 161.0  # a minute at the door: the person's 29 seconds left are still left
    assert driver.time_left(0) == 29.0
    assert driver.resume() is True and driver.resume() is False
    assert driver.time_left(0) == 29.0 and driver.deadlines == {0: 190.0}
    # The bot had a second left to think, and has it still.
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(162.0, (1,))


TWO = Legal(choices=[{"keep": "5H"}, {"keep": "JD"}])
SIXTEEN = Legal(choices=[{"play": str(i)} for i in range(16)])
TYPED = Legal(spec=Text(key="category", max_length=60))
RANKED = Legal(spec=Ranking(key="rank", items=("a", "b", "c", "d", "e")))


def test_bots_take_longer_over_harder_choices_within_their_bounds() -> None:
    easy, more = think_bounds(TWO, 0.8, "normal"), think_bounds(SIXTEEN, 0.8, "normal")
    ranked, typed = think_bounds(RANKED, 0.8, "normal"), think_bounds(TYPED, 0.8, "normal")
    # Two cards: 1.2 to 2.4 s; sixteen: 3 to 6 s; a ranking 3.6 to 7.2 s; typing 4.8 to 9.6 s.
    assert easy == (0.8 * 2 * 0.75, 0.8 * 2 * 1.5)
    assert more == (0.8 * 5 * 0.75, 0.8 * 5 * 1.5)
    assert ranked == (0.8 * 6 * 0.75, 0.8 * 6 * 1.5)
    assert typed == (0.8 * 8 * 0.75, 0.8 * 8 * 1.5)
    assert easy < more < ranked < typed
    draws = [think_time(TWO, 0.8, "normal") for _ in range(400)]
    assert all(easy[0] <= d <= easy[1] for d in draws)
    # Varied: the draws spread over most of the range, not one time over and over.
    assert max(draws) - min(draws) > 0.8 * (easy[1] - easy[0])


def test_the_pace_scales_the_bots_time() -> None:
    # Two cards at the normal pace: 1.2 to 2.4 s; relaxed 1.8 to 3.6 s; quick 0.72 to 1.44 s.
    assert think_bounds(TWO, 0.8, "relaxed") == pytest.approx((1.8, 3.6))
    assert think_bounds(TWO, 0.8, "quick") == pytest.approx((0.72, 1.44))
