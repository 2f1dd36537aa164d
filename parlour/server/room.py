"""A room: its lobby, then its game, played by people and bots, told to every connection.

The room composes the parts that each do one job (the lobby, the play, the table's
log, the bot and timer driver, the snapshots) and holds the lock that every change
goes through: a request is checked, stored, and only then is each connection sent
its own fresh snapshot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from enum import StrEnum

from parlour.engine import Action

from .codes import token_hash
from .config import Settings
from .connections import Client, send_each
from .db import Store, StoredRoom
from .driver import Driver, Due
from .errors import RoomError, StoreConflict, Unreplayable
from .lobby import Lobby
from .play import Move, Play
from .pubsub import Bus, LocalBus
from .snapshot import snapshot
from .table_log import TableLog

logger = logging.getLogger("parlour.server")


class Status(StrEnum):
    """Where a room is: in its lobby, playing, over, or broken (``Room.problem`` says why)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    BROKEN = "broken"


class Room:
    """One room of this server process."""

    def __init__(self, stored: StoredRoom, store: Store, settings: Settings,
                 bus: Bus | None = None) -> None:
        self.code = stored.code
        self.store = store
        self.settings = settings
        self.bus: Bus = bus or LocalBus()
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.driver = Driver(settings.bot_delay)
        self._load(stored)

    def _load(self, stored: StoredRoom) -> None:
        self.lobby = Lobby.from_stored(stored, self.settings)
        self.status = Status(stored.status)
        self.problem: str | None = None
        self.log = TableLog(self.code)
        self.play: Play | None = None
        if stored.seed is not None and self.status in (Status.PLAYING, Status.OVER):
            game = self.lobby.game
            self.log.note(f"{game.title} with {len(self.lobby.seats)} players")
            try:
                self.play = Play.restore(stored, self.store, self._tell,
                                         TableLog.untold(len(stored.actions)))
            except Unreplayable as exc:
                self.problem, self.status = str(exc), Status.BROKEN
                return
            if self.play.over:
                self._tell_result()

    async def reload(self) -> None:
        """Read the room again from the database (another process changed it)."""
        stored = await self.store.load(self.code)
        if stored is None:
            return
        self._load(stored)
        self._changed(None)

    def run(self) -> None:
        """Start the room's bot and timer driver (for the life of the room)."""
        self.driver.start(f"room-{self.code}", self.due, self.play_due)
        self._changed(None)

    # -- telling everyone ---------------------------------------------------------------
    async def broadcast(self) -> None:
        """Send every connection its own snapshot."""
        await send_each(self.clients, lambda client: snapshot(self, client))

    async def change(self, work: Callable[[], Awaitable[None]], *, publish: bool = True) -> None:
        """Carry out one change under the room's lock, tell every connection, then tell
        the other server processes (``publish``)."""
        async with self.lock:
            await work()
            await self.broadcast()
        if publish:
            await self.bus.publish(self.code)

    async def join(self, client: Client, token: str | None, table_only: bool) -> None:
        async def work() -> None:
            if token and self.lobby.knows(token_hash(token)):
                client.token_hash = token_hash(token)
            client.table_only = table_only
            self.clients.add(client)

        await self.change(work, publish=False)

    async def leave(self, client: Client) -> None:
        async def work() -> None:
            self.clients.discard(client)

        await self.change(work, publish=False)

    def seat_of(self, client: Client) -> int | None:
        return self.lobby.seat_of(client.token_hash)

    def is_host(self, client: Client) -> bool:
        return self.lobby.is_host(client.token_hash)

    # -- the lobby ----------------------------------------------------------------------
    async def save_setup(self) -> None:
        """Store the lobby and the status (and the seed, once drawn)."""
        lobby = self.lobby
        await self.store.save_setup(
            self.code, game=lobby.game_id, options=lobby.options, seats=lobby.stored_seats(),
            timer=lobby.timer, status=self.status, seed=self.play.seed if self.play else None,
        )

    async def start(self) -> None:
        """Every seat is filled: deal the game."""
        lobby = self.lobby
        lobby.check_full()
        self.play = Play.start(self.code, self.store, lobby.game, len(lobby.seats),
                               lobby.options)
        self.status = Status.PLAYING
        await self.save_setup()
        self.log.note(f"{lobby.game.title} started with {len(lobby.seats)} players")
        self._changed(None)

    # -- moves --------------------------------------------------------------------------
    def check_running(self) -> None:
        if self.status != Status.PLAYING or self.play is None:
            raise RoomError("the game is over" if self.status == Status.OVER
                            else "no game is running")

    async def act(self, seat: int, action: Action) -> None:
        """A person's move, once ``check_running()`` has said that the game runs."""
        self.driver.away.discard(seat)  # acting again takes the seat back from the stand-in
        try:
            await self.apply(seat, action, bot=False)
        except StoreConflict:
            # Another process stored a move first; the room is reloaded: try once more.
            await self.apply(seat, action, bot=False)

    async def apply(self, seat: int, action: Action, bot: bool) -> None:
        """Carry out and store a move, then log it and restart the clocks."""
        play = self.play
        if play is None:
            raise RoomError("no game is running")
        try:
            move = await play.apply(seat, action, bot)
        except StoreConflict:
            await self.reload()
            raise
        self._tell(move)
        if play.over:
            self.status = Status.OVER
            self.driver.game_over()
            self._tell_result()
        self._changed(seat)

    def back(self, seat: int) -> None:
        """The person takes their seat back from the stand-in bot."""
        if self.driver.back(seat):
            self.log.note(f"{self.lobby.name(seat)} is back")
            self._changed(None)

    def _tell(self, move: Move) -> None:
        stand_in = move.bot and not self.lobby.played_by_bot(move.seat)
        self.log.move(self.lobby.game, move, self.lobby.names(), stand_in=stand_in)

    def _tell_result(self) -> None:
        assert self.play is not None
        result = self.play.result()
        assert result is not None
        self.log.result(result.winners, self.lobby.names())

    def _changed(self, acted: int | None) -> None:
        to_act = self.play.match.to_act if self.play is not None else frozenset()
        self.driver.changed(to_act, acted, self.lobby.played_by_bot, self.lobby.timer)

    # -- bots and the decision timer ----------------------------------------------------
    def due(self) -> Due | None:
        """When the next bot move (or timer run-out) is due, and for which seat."""
        if self.status != Status.PLAYING or self.play is None:
            return None
        return self.driver.next_due(self.play.match.to_act, self.lobby.played_by_bot)

    async def play_due(self, due: Due) -> None:
        async with self.lock:
            if self.due() != due:
                return  # someone moved meanwhile: the driver looks again
            await self._bot_move(due.seat)
            await self.broadcast()
        await self.bus.publish(self.code)

    async def _bot_move(self, seat: int) -> None:
        play, lobby = self.play, self.lobby
        assert play is not None
        if not lobby.played_by_bot(seat) and self.driver.stand_in(seat):
            self.log.note(f"Time ran out for {lobby.name(seat)}: a bot plays until they are back")
        game = lobby.game
        view, legal = play.match.view(seat), play.match.legal(seat)
        bot = lobby.seats[seat].bot or game.default_bot
        try:
            action = await self.driver.choose(game, seat, bot, play.seed, view, legal)
            await self.apply(seat, action, bot=True)
        except StoreConflict:
            return  # someone else moved first; the driver looks again at the new state
        except Exception as exc:
            logger.warning("room %s: bot for seat %d failed (%s); playing at random",
                           self.code, seat, exc)
            try:
                await self.apply(seat, Driver.fallback(game, seat, view, legal), bot=True)
            except StoreConflict:
                return
            except Exception:
                logger.exception("room %s: no bot can move for seat %d", self.code, seat)
                self.problem = f"no bot could move for seat {seat + 1}"
                self.status = Status.BROKEN
