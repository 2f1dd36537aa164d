"""The bot and timer driver of a room: which seat a bot must play for next, and when.

Bots act ``bot_delay`` seconds after the last change, so people can follow. With a
decision timer, a person who has not acted when their time runs out is marked away,
and the game's default bot plays for them until they act again or say they are back.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Game, Legal, RandomAgent, View


@dataclass(frozen=True)
class Due:
    """A bot's move (or a stand-in's) that falls due at ``at`` (``time.monotonic()``)."""

    at: float
    seat: int


class Driver:
    """The clocks of one room's seats, its bots, and the task that plays them in time."""

    def __init__(self, bot_delay: float) -> None:
        self.bot_delay = bot_delay
        self.away: set[int] = set()
        self.deadlines: dict[int, float] = {}
        self.changed_at = time.monotonic()
        self.wake = asyncio.Event()
        self.agents: dict[int, Agent] = {}
        self.task: asyncio.Task[None] | None = None

    # -- the clocks ---------------------------------------------------------------------
    def changed(self, to_act: frozenset[int], acted: int | None,
                played_by_bot: Callable[[int], bool], timer: int) -> None:
        """Restart the clocks of the people who must act now, and wake the driver."""
        now = time.monotonic()
        self.changed_at = now
        if acted is not None:
            self.deadlines.pop(acted, None)
        for seat in list(self.deadlines):
            if seat not in to_act:
                del self.deadlines[seat]
        if timer > 0:
            for seat in to_act:
                if not played_by_bot(seat) and seat not in self.away:
                    self.deadlines.setdefault(seat, now + timer)
        self.wake.set()

    def next_due(self, to_act: frozenset[int],
                 played_by_bot: Callable[[int], bool]) -> Due | None:
        """The next bot move (or timer run-out) among the seats to act, if any."""
        best: Due | None = None
        for seat in sorted(to_act):
            if played_by_bot(seat) or seat in self.away:
                at = self.changed_at + self.bot_delay
            elif seat in self.deadlines:
                at = self.deadlines[seat]
            else:
                continue
            if best is None or at < best.at:
                best = Due(at, seat)
        return best

    def time_left(self, seat: int | None) -> float | None:
        """Seconds left on the seat's decision timer, if one runs."""
        if seat is None or seat not in self.deadlines:
            return None
        return max(0.0, self.deadlines[seat] - time.monotonic())

    def stand_in(self, seat: int) -> bool:
        """Time ran out: a bot plays for the person; ``True`` if they were not away already."""
        if seat in self.away:
            return False
        self.away.add(seat)
        return True

    def back(self, seat: int) -> bool:
        """The person takes their seat back from the stand-in; ``True`` if they were away."""
        if seat not in self.away:
            return False
        self.away.discard(seat)
        self.deadlines.pop(seat, None)
        return True

    def game_over(self) -> None:
        self.deadlines.clear()

    # -- the bots -----------------------------------------------------------------------
    async def choose(self, game: Game[Any], seat: int, bot: str, seed: int, view: View,
                     legal: Legal) -> Action:
        """The move of the seat's bot, thought out off the event loop."""
        if seat not in self.agents:
            self.agents[seat] = make_agent(game, bot, seat, seed * 7919 + seat)
        return await asyncio.to_thread(self.agents[seat].act, view, legal)

    @staticmethod
    def fallback(game: Game[Any], seat: int, view: View, legal: Legal) -> Action:
        """A random legal move, for when a bot fails: a faulty bot must not stop the table."""
        return RandomAgent(game, seat, secrets.randbits(31)).act(view, legal)

    # -- the task -----------------------------------------------------------------------
    def start(self, name: str, due: Callable[[], Due | None],
              play: Callable[[Due], Awaitable[None]]) -> None:
        """Run for the life of the room: ``play`` each move that ``due`` says is due."""
        self.task = asyncio.create_task(self._run(due, play), name=name)

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def stopped(self) -> None:
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run(self, due: Callable[[], Due | None],
                   play: Callable[[Due], Awaitable[None]]) -> None:
        while True:
            self.wake.clear()
            next_move = due()
            if next_move is None:
                await self.wake.wait()
                continue
            delay = next_move.at - time.monotonic()
            if delay > 0:
                # move_on_after, not asyncio.wait_for: on 3.11 wait_for can swallow the
                # cancellation that stops the room, and the server would never shut down.
                with anyio.move_on_after(delay):
                    await self.wake.wait()
                    continue
            await play(next_move)
