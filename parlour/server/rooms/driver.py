"""The bot and timer driver of a room: which seats bots must play for next, and when.

The pace (docs/protocol.md, "Bots and the decision timer"):

- Bots act ``bot_delay`` seconds after the last change, so people can follow.
- In a simultaneous phase every bot that must act decides at the same time: one wait,
  not one per bot.
- A bot's further steps within its own turn (the same seat to act again) follow after a
  quarter of the delay, so a long bot turn does not keep the table waiting (the table
  gathers the turn's steps into one moment).
- When the turn passes after a move that made something public, the next bot waits
  twice as long, so the table can read it.

With a decision timer, a person who has not acted when their time runs out is marked as
stood in for, and the game's default bot plays for them until they act again or say they
are back; the host can do the same for a person who has gone (``stand_in``). While the
host pauses the game no bot moves and no clock runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Game, Legal, RandomAgent, View
from parlour.engine.chance import new_seed

FOLLOW_UP = 0.25
"""A bot's next step within its own turn waits this share of the delay."""
AFTER_NEWS = 2.0
"""After a move that made something public, the next bot waits this many delays."""


@dataclass(frozen=True)
class Due:
    """Bot moves (or stand-ins' moves) that fall due at ``at`` (``time.monotonic()``),
    for one seat or, in a simultaneous phase, several at once."""

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

    def __init__(self, bot_delay: float) -> None:
        self.bot_delay = bot_delay
        self.away: set[int] = set()
        """Seats whose person a bot plays for (their time ran out, or the host said so)."""
        self.deadlines: dict[int, float] = {}
        self.changed_at = time.monotonic()
        self.delay = bot_delay
        """How long after ``changed_at`` the next bots act (see the module's pace)."""
        self.paused_at: float | None = None
        self.wake = asyncio.Event()
        self.agents: dict[int, Agent] = {}
        self.task: asyncio.Task[None] | None = None
        self.stopping = False

    # -- the clocks ---------------------------------------------------------------------
    def changed(self, to_act: frozenset[int], acted: int | None,
                played_by_bot: Callable[[int], bool], timer: int, *, news: bool = False) -> None:
        """Restart the clocks of the people who must act now, and wake the driver.

        ``acted`` is the seat that just moved, if a move made this change, and ``news``
        whether that move made something public.
        """
        now = time.monotonic()
        self.changed_at = now
        same_turn = acted is not None and to_act == {acted}
        self.delay = self.bot_delay * (FOLLOW_UP if same_turn else AFTER_NEWS if news else 1.0)
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
        """The next bot moves (or a timer run-out) among the seats to act, if any."""
        if self.paused:
            return None
        bots = tuple(s for s in sorted(to_act) if played_by_bot(s) or s in self.away)
        best = Due(self.changed_at + self.delay, bots) if bots else None
        for seat in sorted(to_act):
            at = self.deadlines.get(seat)
            if seat not in bots and at is not None and (best is None or at < best.at):
                best = Due(at, (seat,))
        return best

    def time_left(self, seat: int | None) -> float | None:
        """Seconds left on the seat's decision timer, if one runs (frozen while paused)."""
        if seat is None or seat not in self.deadlines:
            return None
        now = self.paused_at if self.paused_at is not None else time.monotonic()
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
        return True

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def pause(self) -> bool:
        """Stop every clock and bot; ``True`` if the game was running."""
        if self.paused_at is not None:
            return False
        self.paused_at = time.monotonic()
        return True

    def resume(self) -> bool:
        """Carry on where the clocks stopped; ``True`` if the game was paused."""
        if self.paused_at is None:
            return False
        stopped = time.monotonic() - self.paused_at
        self.deadlines = {seat: at + stopped for seat, at in self.deadlines.items()}
        self.paused_at = None
        self.wake.set()
        return True

    def game_over(self) -> None:
        self.deadlines.clear()
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
            delay = next_move.at - time.monotonic()
            if delay > 0:
                # move_on_after, not asyncio.wait_for: on 3.11 wait_for can swallow the
                # cancellation that stops the room, and the server would never shut down.
                with anyio.move_on_after(delay):
                    await self.wake.wait()
                    continue
            await play(next_move)
