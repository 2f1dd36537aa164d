"""The bot and timer driver of a room: which seats bots must play for next, and when.

The pace (docs/protocol.md, "Bots and the beat"):

- A bot takes a person's time to decide: ``bot_delay`` seconds times how hard the choice is
  (:func:`hardness`: more options, free text, a ranking take longer), at the room's pace,
  varied by a draw from the operating system's randomness (nobody can foresee it).
- In a simultaneous phase each bot's time is drawn when the phase begins and runs at the
  same time as everyone else's: its choice is not made, nor shown as made, before then.
- A bot's further steps within its own turn (the same seat to act again) take half.
- While a moment holds the room (its beat, ``moments.py``), no bot moves and no decision
  clock runs: they wait for it.

With a decision timer, a person who has not acted when their time runs out is marked as
stood in for, and the game's default bot plays for them, at the same pace, until they act
again or say they are back; the host can do the same for a person who has gone
(``stand_in``). While the host pauses the game no bot moves and no clock runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Game, Legal, RandomAgent, View
from parlour.engine.chance import new_seed

from .moments import PACES

FOLLOW_UP = 0.5
"""A bot's next step within its own turn takes this share of its usual time."""
FREE_INPUT = {"text": 8.0, "texts": 10.0, "ranking": 6.0, "arrangement": 6.0}
"""How many delays a bot takes over free input, by kind (typing takes longer than tapping)."""
MOST_CHOICES = 7.0
"""The most delays a bot takes over a list of choices, however long."""
SPREAD = (0.75, 1.5)
"""A bot's time is drawn between these shares of its usual time."""
_RANDOM = random.SystemRandom()
"""The operating system's randomness: nobody can reconstruct when a bot will move."""


def hardness(legal: Legal) -> float:
    """How many delays a person would take over ``legal``: one and a half for two options,
    more for more (log-wise, at most ``MOST_CHOICES``); typing or ranking, more still.

    >>> hardness(Legal(choices=[{"keep": "5H"}, {"keep": "JD"}]))
    2.0
    >>> hardness(Legal(choices=[{"n": i} for i in range(32)]))
    6.0
    """
    if legal.spec is not None:
        return FREE_INPUT.get(legal.spec.kind, max(FREE_INPUT.values()))
    return min(MOST_CHOICES, 1.0 + math.log2(max(1, len(legal.choices or []))))


def think_bounds(legal: Legal, bot_delay: float, pace: str) -> tuple[float, float]:
    """The shortest and longest time a bot takes over ``legal`` at ``pace``.

    >>> think_bounds(Legal(choices=[{"keep": "5H"}, {"keep": "JD"}]), 0.8, "normal")
    (1.2000000000000002, 2.4000000000000004)
    """
    usual = bot_delay * PACES[pace] * hardness(legal)
    return usual * SPREAD[0], usual * SPREAD[1]


def think_time(legal: Legal, bot_delay: float, pace: str) -> float:
    """A human-like time for a bot to decide over ``legal`` (drawn anew each time)."""
    return _RANDOM.uniform(*think_bounds(legal, bot_delay, pace))


@dataclass(frozen=True)
class Due:
    """Bot moves (or stand-ins' moves) that fall due at ``at`` (``time.monotonic()``),
    for one seat or, in a simultaneous phase, several at once; no seat at all when the
    next moment in the queue comes up then."""

    at: float
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Ask:
    """What one bot is asked: its seat, which bot, and the seat's own view and moves."""

    seat: int
    bot: str
    view: View
    legal: Legal


class Driver:
    """The clocks of one room's seats, its bots, and the task that plays them in time."""

    def __init__(self, bot_delay: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.bot_delay = bot_delay
        self.clock = clock
        self.away: set[int] = set()
        """Seats whose person a bot plays for (their time ran out, or the host said so)."""
        self.deadlines: dict[int, float] = {}
        self.bot_at: dict[int, float] = {}
        """When each bot (or stand-in) that must act now will have thought long enough."""
        self.changed_at = clock()
        self.held_until = -math.inf
        """Until when a moment's beat holds the room (``Moments.hold_until``)."""
        self.paused_at: float | None = None
        self.wake = asyncio.Event()
        self.agents: dict[int, Agent] = {}
        self.task: asyncio.Task[None] | None = None
        self.stopping = False

    # -- the clocks ---------------------------------------------------------------------
    def changed(self, to_act: frozenset[int], acted: int | None,
                played_by_bot: Callable[[int], bool], timer: int, *,
                think: Callable[[int], float] = lambda seat: 0.0,
                held_until: float = -math.inf) -> None:
        """Restart the clocks of the people who must act now, give each bot that must act
        and has not started thinking its time (``think(seat)``), and wake the driver.

        ``acted`` is the seat that just moved, if a move made this change; ``held_until``
        when the beat of the moments up and waiting ends: clocks start after it.
        """
        now = self.clock()
        self.changed_at = now
        self.held_until = held_until
        start = max(now, held_until)
        if acted is not None:
            self.deadlines.pop(acted, None)
        for clocks in (self.deadlines, self.bot_at):
            for seat in list(clocks):
                if seat not in to_act or seat == acted:
                    del clocks[seat]
        # The seat that moved acts again alone: its turn goes on (not a new phase for all).
        same_turn = acted is not None and to_act == {acted}
        for seat in sorted(to_act):
            if played_by_bot(seat) or seat in self.away:
                if seat not in self.bot_at:
                    self.bot_at[seat] = now + think(seat) * (FOLLOW_UP if same_turn else 1.0)
            elif timer > 0:
                self.deadlines.setdefault(seat, start + timer)
        self.wake.set()

    def next_due(self, to_act: frozenset[int],
                 played_by_bot: Callable[[int], bool]) -> Due | None:
        """The next bot moves (or a timer run-out) among the seats to act, if any: a bot
        moves once it has thought long enough and no beat holds the room."""
        if self.paused:
            return None
        bots = [s for s in sorted(to_act) if played_by_bot(s) or s in self.away]
        best: Due | None = None
        if bots:
            times = {s: max(self.bot_at.get(s, self.changed_at), self.held_until) for s in bots}
            first = min(times.values())
            best = Due(first, tuple(s for s in bots if times[s] == first))
        for seat in sorted(to_act):
            at = self.deadlines.get(seat)
            if seat not in bots and at is not None and (best is None or at < best.at):
                best = Due(at, (seat,))
        return best

    def time_left(self, seat: int | None) -> float | None:
        """Seconds left on the seat's decision timer, if one runs (frozen while paused)."""
        if seat is None or seat not in self.deadlines:
            return None
        now = self.paused_at if self.paused_at is not None else self.clock()
        return max(0.0, self.deadlines[seat] - now)

    def stand_in(self, seat: int) -> bool:
        """A bot plays for the person; ``True`` if one was not doing so already."""
        if seat in self.away:
            return False
        self.away.add(seat)
        self.deadlines.pop(seat, None)
        self.wake.set()
        return True

    def back(self, seat: int) -> bool:
        """The person takes their seat back from the stand-in; ``True`` if they were away."""
        if seat not in self.away:
            return False
        self.away.discard(seat)
        self.deadlines.pop(seat, None)
        self.bot_at.pop(seat, None)  # a stand-in put in again thinks afresh
        return True

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def pause(self) -> bool:
        """Stop every clock and bot; ``True`` if the game was running."""
        if self.paused_at is not None:
            return False
        self.paused_at = self.clock()
        return True

    def resume(self) -> bool:
        """Carry on where the clocks stopped; ``True`` if the game was paused."""
        if self.paused_at is None:
            return False
        stopped = self.clock() - self.paused_at
        self.deadlines = {seat: at + stopped for seat, at in self.deadlines.items()}
        self.bot_at = {seat: at + stopped for seat, at in self.bot_at.items()}
        self.paused_at = None
        self.wake.set()
        return True

    def game_over(self) -> None:
        self.deadlines.clear()
        self.bot_at.clear()
        self.paused_at = None

    def new_game(self) -> None:
        """A new deal: no stand-ins, no clocks, and bots that start afresh."""
        self.game_over()
        self.away.clear()
        self.agents.clear()

    # -- the bots -----------------------------------------------------------------------
    async def choose(self, game: Game[Any], asks: list[Ask]) -> list[Action | Exception]:
        """The moves of several seats' bots, thought out together off the event loop.

        Each bot draws its own seed: a bot's choices, which everyone sees, must say nothing
        about the game's seed (the record keeps what bots did, so replays need no bot seed).

        A bot that fails gives its exception instead of a move: a faulty bot must not
        stop the others.
        """
        for ask in asks:
            if ask.seat not in self.agents:
                self.agents[ask.seat] = make_agent(game, ask.bot, ask.seat, new_seed())
        chosen: list[Action | Exception] = [Exception("no move")] * len(asks)

        async def think(i: int, ask: Ask) -> None:
            try:
                chosen[i] = await asyncio.to_thread(self.agents[ask.seat].act, ask.view, ask.legal)
            except Exception as exc:
                chosen[i] = exc

        # anyio's task group rather than asyncio.gather: on 3.11 gather can turn the
        # cancellation that stops the room into a bare one (see connections.send_each).
        async with anyio.create_task_group() as group:
            for i, ask in enumerate(asks):
                group.start_soon(think, i, ask)
        return chosen

    @staticmethod
    def fallback(game: Game[Any], seat: int, view: View, legal: Legal) -> Action:
        """A random legal move, for when a bot fails: a faulty bot must not stop the table."""
        return RandomAgent(game, seat, new_seed()).act(view, legal)

    # -- the task -----------------------------------------------------------------------
    def start(self, name: str, due: Callable[[], Due | None],
              play: Callable[[Due], Awaitable[None]]) -> None:
        """Run for the life of the room: ``play`` the moves that ``due`` says are due."""
        self.task = asyncio.create_task(self._run(due, play), name=name)

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def stop(self) -> None:
        """End the task once it has nothing to do (the room is idle and let go of).

        It returns rather than being cancelled: a cancelled task keeps its exception, whose
        traceback holds the task's frame and so the room, a cycle that only the full
        garbage collection (rare in a server, docs/performance.md) would free."""
        self.stopping = True
        self.wake.set()

    async def stopped(self) -> None:
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run(self, due: Callable[[], Due | None],
                   play: Callable[[Due], Awaitable[None]]) -> None:
        while not self.stopping:
            self.wake.clear()
            next_move = due()
            if next_move is None:
                await self.wake.wait()
                continue
            delay = next_move.at - self.clock()
            if delay > 0:
                # move_on_after, not asyncio.wait_for: on 3.11 wait_for can swallow the
                # cancellation that stops the room, and the server would never shut down.
                with anyio.move_on_after(delay):
                    await self.wake.wait()
                    continue
            await play(next_move)
