"""The bot and timer driver: who a bot must play for next, and when."""

from __future__ import annotations

from collections.abc import Callable

from parlour.server.driver import Driver, Due


def bots_at(*seats: int) -> Callable[[int], bool]:
    """Which seats bots play."""
    return lambda seat: seat in seats


def test_a_bot_moves_after_the_delay_and_a_person_when_their_time_runs_out() -> None:
    driver = Driver(bot_delay=0.8)
    # Seat 0 is a person, seat 1 a bot; both must act, with a 30-second timer.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    start = driver.changed_at
    assert driver.deadlines == {0: start + 30}
    assert driver.next_due(frozenset({0, 1}), bots_at(1)) == Due(start + 0.8, 1)
    # Once the bot has moved, only the person's deadline is left.
    driver.changed(frozenset({0}), 1, bots_at(1), timer=30)
    assert driver.next_due(frozenset({0}), bots_at(1)) == Due(start + 30, 0)
    # A new turn does not give the person more time: their clock keeps running.
    driver.changed(frozenset({0, 1}), None, bots_at(1), timer=30)
    assert driver.deadlines == {0: start + 30}


def test_a_person_away_is_played_for_until_they_are_back() -> None:
    driver = Driver(bot_delay=0.5)
    driver.changed(frozenset({0}), None, bots_at(), timer=10)
    assert driver.stand_in(0) is True and driver.stand_in(0) is False
    driver.changed(frozenset({0}), None, bots_at(), timer=10)
    assert driver.next_due(frozenset({0}), bots_at()) == Due(driver.changed_at + 0.5, 0)
    assert driver.back(0) is True and driver.back(0) is False
    assert driver.deadlines == {} and driver.next_due(frozenset({0}), bots_at()) is None


def test_without_a_timer_nobody_is_hurried() -> None:
    driver = Driver(bot_delay=0.8)
    driver.changed(frozenset({0, 1}), None, bots_at(), timer=0)
    assert driver.deadlines == {}
    assert driver.next_due(frozenset({0, 1}), bots_at()) is None
