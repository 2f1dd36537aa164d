"""The bot and timer driver: who a bot must play for next, and when."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour.server.rooms.driver import AFTER_NEWS, FOLLOW_UP, Driver, Due


def bots_at(*seats: int) -> Callable[[int], bool]:
    """Which seats bots play."""
    return lambda seat: seat in seats


def test_a_bot_moves_after_the_delay_and_a_person_when_their_time_runs_out() -> None:
    driver = Driver(bot_delay=0.8)
    # Seat 0 is a person, seat 1 a bot; both must act, with a 30-second timer.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    start = driver.changed_at
    assert driver.deadlines == {0: start + 30}
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(start + 0.8, (1,))
    # Once the bot has moved, only the person's deadline is left.
    driver.changed(frozenset({0}), 1, bots_at(1), timer=30)
    assert driver.next_due(frozenset({0}), bots_at(1)) == Due(start + 30, (0,))
    # A new turn does not give the person more time: their clock keeps running.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    assert driver.deadlines == {0: start + 30}


def test_in_a_simultaneous_phase_every_bot_decides_at_once() -> None:
    driver = Driver(bot_delay=0.8)
    # Four seats choose at the same time: a person at 0, bots at 1, 2 and 3.
    driver.changed(frozenset({0, 1, 2, 3}), None, bots_at(1, 2, 3), timer=0)
    assert driver.next_due(frozenset({0, 1, 2, 3}), bots_at(1, 2, 3)) == Due(
        driver.changed_at + 0.8, (1, 2, 3))


def test_a_bot_turn_of_several_steps_goes_quicker_and_news_is_given_time() -> None:
    driver = Driver(bot_delay=0.8)
    # Bot 1 moved and must move again (its turn goes on): a quarter of the delay.
    driver.changed(frozenset({1}), 1, bots_at(1, 2), timer=0)
    assert driver.next_due(frozenset({1}), bots_at(1, 2)) == Due(
        driver.changed_at + 0.8 * FOLLOW_UP, (1,))
    # Then bot 2's turn: the whole delay, so people see whose turn it is.
    driver.changed(frozenset({2}), 1, bots_at(1, 2), timer=0)
    assert driver.next_due(frozenset({2}), bots_at(1, 2)) == Due(driver.changed_at + 0.8, (2,))
    # Bot 2's own steps go quickly even when they tell something (the table gathers them)...
    driver.changed(frozenset({2}), 2, bots_at(1, 2), timer=0, news=True)
    assert driver.next_due(frozenset({2}), bots_at(1, 2)) == Due(
        driver.changed_at + 0.8 * FOLLOW_UP, (2,))
    # ...but when the turn passes after a move that made something public, twice the
    # delay, to read it.
    driver.changed(frozenset({1}), 2, bots_at(1, 2), timer=0, news=True)
    assert driver.next_due(frozenset({1}), bots_at(1, 2)) == Due(
        driver.changed_at + 0.8 * AFTER_NEWS, (1,))
    assert (FOLLOW_UP, AFTER_NEWS) == (0.25, 2.0)


def test_a_person_away_is_played_for_until_they_are_back() -> None:
    driver = Driver(bot_delay=0.5)
    driver.changed(frozenset({0}), None, bots_at(), timer=10)
    assert driver.stand_in(0) is True and driver.stand_in(0) is False
    assert driver.deadlines == {}
    driver.changed(frozenset({0}), None, bots_at(), timer=10)
    assert driver.next_due(frozenset({0}), bots_at()) == Due(driver.changed_at + 0.5, (0,))
    assert driver.back(0) is True and driver.back(0) is False
    assert driver.deadlines == {} and driver.next_due(frozenset({0}), bots_at()) is None


def test_without_a_timer_nobody_is_hurried() -> None:
    driver = Driver(bot_delay=0.8)
    driver.changed(frozenset({0, 1}), None, bots_at(), timer=0)
    assert driver.deadlines == {}
    assert driver.next_due(frozenset({0, 1}), bots_at()) is None


def test_a_pause_stops_the_bots_and_the_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("parlour.server.rooms.driver.time.monotonic", lambda: now[0])
    driver = Driver(bot_delay=0.8)
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    now[0] = 110.0
    assert driver.pause() is True and driver.pause() is False
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) is None
    now[0] = 170.0  # a minute at the door: the person's 20 seconds left are still left
    assert driver.time_left(0) == 20.0
    assert driver.resume() is True and driver.resume() is False
    assert driver.time_left(0) == 20.0 and driver.deadlines == {0: 190.0}
    # The bot waits its delay again from the resumption (a change), not from before.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(170.8, (1,))
