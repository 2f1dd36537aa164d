"""A room: its lobby, then its game, played by people and bots, told to every connection.

The room holds what it is now (the lobby, the play, the table's log, the moments) and the
lock that every change goes through; its parts each do one job: the outbox holds back what
is told until it is on disk and reads the room again after a refused write
(``outbox.py``), the bots take their turns (``bot_turns.py``), the host has their controls
(``host.py``), the driver keeps the clocks (``driver.py``), the moments hold the table for
their beat (``moments.py``), and the snapshots say what each connection may see
(``snapshot.py``). What a connection may ask of the room, and when, is the message
table's (``live.handlers``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

from parlour.engine import Action

from ..config import Settings
from ..errors import RoomError, StoreConflict, Unreplayable
from ..storage.changes import Moved, NextGame, SetUp, Store, StoredRoom
from .audience import Connection, Message
from .bot_turns import BotTurns
from .driver import Driver, think_time
from .host import HostControls
from .lobby import Lobby
from .moments import Moments
from .outbox import Outbox
from .play import Move, Play
from .reactions import Reactions
from .seat_requests import SeatRequests
from .snapshot import Snapshots
from .status import FINISHED, Status
from .table_log import TableLog

T = TypeVar("T")

logger = logging.getLogger("parlour.server")

Presence = Literal["online", "away", "offline", "bot"]


@dataclass(frozen=True)
class Keyed:
    """A person's move sent with an idempotency key: what a retry must match, and its answer."""

    action: object
    number: int


class Room:
    """One room of this server process."""

    def __init__(self, stored: StoredRoom, store: Store, settings: Settings) -> None:
        self.code = stored.code
        self.store = store
        self.settings = settings
        self.clients: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.driver = Driver(settings.bot_delay)
        self.moments = Moments(scale=settings.beat_scale)
        self.requests = SeatRequests()
        self.outbox = Outbox(self.code, store, self.clients, self.reload)
        self.reactions = Reactions()
        self.bots = BotTurns(self)
        self.host = HostControls(self)
        self._load(stored)

    def _load(self, stored: StoredRoom) -> None:
        self.outbox.reset(stored.version)
        self.lobby = Lobby.from_stored(stored, self.settings)
        self.status = Status(stored.status)
        self.problem: str | None = None
        self.log = TableLog(self.code)
        self.play: Play | None = None
        self.past_winners = stored.past_winners
        self.keys = {(a["seat"], a["key"]): Keyed(a["action"], number)
                     for number, a in enumerate(stored.actions, start=1) if a.get("key")}
        """The moves of this game sent with a key, by seat and key (``moved_with``): a key
        names a move of one seat in one game."""
        if stored.seed is not None and self.status in (Status.PLAYING, *FINISHED):
            game = self.lobby.game
            self.log.note(f"{game.title} with {len(self.lobby.seats)} players")
            try:
                self.play = Play.restore(stored, self._log_move,
                                         TableLog.untold(len(stored.actions)))
            except Unreplayable as exc:
                self.problem, self.status = str(exc), Status.BROKEN
                return
            if self.play.over:
                self._log_result()

    def run(self) -> None:
        """Start the room's bot and timer driver (for the life of the room)."""
        self.driver.start(f"room-{self.code}", self.bots.due, self.bots.play)
        self.changed(None)

    @property
    def idle(self) -> bool:
        """Nobody is here, nothing is due, nothing is being stored or told."""
        return (not self.clients and self.outbox.idle and not self.lock.locked()
                and self.bots.due() is None)

    # -- changing it and telling everyone -----------------------------------------------
    async def change(self, work: Callable[[], Awaitable[T]]) -> T:
        """Carry out one change under the room's lock; return what ``work`` returned once
        the change is on disk and every connection has been sent its snapshot. A change
        the store refused is tried once more on the room as read again."""
        for attempt in range(2):
            await self.outbox.recovered()
            async with self.lock:
                answer = await work()
                done = self.broadcast(wait=True)
            assert done is not None
            try:
                await done
                break
            except StoreConflict:
                if attempt:
                    raise
        return answer

    def broadcast(self, *, wait: bool = False) -> asyncio.Future[None] | None:
        """Make every connection's snapshot of the room as it is now; each is sent once the
        writes handed over so far are durable. With ``wait``, a future done then."""
        shared: dict[tuple[str | None, bool], Message] = {}
        shown = []
        snapshots = Snapshots(self)
        for client in self.clients:
            # A snapshot depends on the connection only through these two (snapshot.py).
            key = (client.token_hash, client.table_only)
            if key not in shared:
                shared[key] = snapshots.of(client)
            shown.append((client, shared[key]))
        return self.outbox.post(shown, wait=wait)

    async def reload(self) -> None:
        """Read the room again from the database (another process changed it) and tell
        every connection."""
        async with self.lock:
            stored = await self.store.load(self.code)
            if stored is not None:
                self._load(stored)
            self.changed(None)
            self.broadcast()

    def save_setup(self) -> None:
        """Store the lobby and the status (and the seed, once drawn): handed to the store,
        never waited for here (see ``change``)."""
        lobby, outbox = self.lobby, self.outbox
        outbox.write(SetUp(
            self.code, outbox.epoch, outbox.version, game=lobby.game_id,
            options=lobby.options, seats=lobby.stored_seats(), timer=lobby.timer,
            status=self.status, seed=self.play.seed if self.play else None, pace=lobby.pace,
            host_hash=lobby.host_hash,
        ))

    # -- who is here ----------------------------------------------------------------------
    def join(self, client: Connection, holder: str | None, table_only: bool) -> None:
        """A connection joins, holding the seat or host's role whose token hashes to
        ``holder`` (a spectator's if the room knows no such token: neither a seat's, the
        host's, nor one that asked for a seat)."""
        if holder and (self.lobby.knows(holder) or self.requests.of(holder) is not None):
            client.token_hash = holder
        client.table_only = table_only
        self.clients.add(client)
        self.broadcast()

    def leave(self, client: Connection) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.broadcast()

    def seat_of(self, client: Connection) -> int | None:
        return self.lobby.seat_of(client.token_hash)

    def is_host(self, client: Connection) -> bool:
        return self.lobby.is_host(client.token_hash)

    def presence(self, seat: int) -> Presence:
        """Whether the seat's person is here: a page in front of them (``online``), only
        pages in the background (``away``), none (``offline``); or the seat is a bot.

        A shared screen (``table_only``) does not count: it shows the table, not the person.
        """
        held = self.lobby.seats[seat]
        if held.bot is not None:
            return "bot"
        presence: Presence = "offline"
        if held.token_hash is not None:
            for c in self.clients:
                if c.token_hash == held.token_hash and not c.table_only:
                    if c.visible:
                        return "online"
                    presence = "away"
        return presence

    # -- games --------------------------------------------------------------------------
    def start(self) -> None:
        """Every seat is filled: deal the game."""
        lobby = self.lobby
        lobby.check_full()
        self.play = Play.start(self.code, lobby.game, len(lobby.seats), lobby.options)
        self.status = Status.PLAYING
        self.save_setup()
        self.log.note(f"{lobby.game.title} started with {len(lobby.seats)} players")
        self.changed(None)

    def again(self) -> None:
        """The same seats play the same game again on a new seed; the game just finished is
        kept as a past game (its winners count in the tally)."""
        lobby = self.lobby
        self.check_finished()
        play = Play.start(self.code, lobby.game, len(lobby.seats), lobby.options)
        self._keep_past(play.seed, Status.PLAYING)
        self.play = play
        self.log.note(f"Game {len(self.past_winners) + 1} of {lobby.game.title} started")
        self.changed(None)

    def another(self) -> None:
        """Back to the lobby with the same seats, to choose another game (or the same one
        with other options); the game just finished is kept, as with ``again``."""
        self.check_finished()
        self._keep_past(None, Status.LOBBY)
        self.play = None
        self.log.note("Back to the lobby: the host chooses the next game")
        self.changed(None)

    def check_finished(self) -> None:
        if self.status not in FINISHED or self.play is None:
            raise RoomError("a new game can start once this one is over")

    def _keep_past(self, seed: int | None, status: Status) -> None:
        """Store the game just finished as a past game (its winners count in the tally),
        and the room's new status (and seed, for a new deal)."""
        old, lobby, outbox = self.play, self.lobby, self.outbox
        assert old is not None
        result = old.result() if self.status == Status.OVER else None
        outbox.write(NextGame(
            self.code, outbox.epoch, outbox.version, number=len(self.past_winners) + 1,
            record=old.record.to_json(), result=result.to_json() if result else None,
            names=lobby.names(), seed=seed, status=status,
        ))
        self.past_winners.append(list(result.winners) if result else [])
        self.status = status
        self.keys = {}  # a key of the game just finished names nothing in this one
        self.driver.new_game()
        self.moments.new_game()

    def tally(self) -> list[int]:
        """Games won by each seat in this room before the game it plays now."""
        wins = [0] * len(self.lobby.seats)
        for winners in self.past_winners:
            for seat in winners:
                if seat < len(wins):
                    wins[seat] += 1
        return wins

    # -- moves --------------------------------------------------------------------------
    def check_running(self) -> None:
        if self.status != Status.PLAYING or self.play is None:
            raise RoomError("the game is over" if self.status in FINISHED
                            else "no game is running")

    def check_moving(self) -> None:
        """A move may be made now: the game runs and is not paused."""
        self.check_running()
        if self.driver.paused:
            raise RoomError("the game is paused: the host will resume it")

    def move(self, seat: int, action: Action, *, bot: bool = False,
             key: str | None = None) -> int:
        """Carry out a move (a person's, once ``check_moving()`` has said the game runs
        unpaused, or a bot's) and hand it to the store, then log it and restart the
        clocks; returns its number. ``key`` (stored with it) lets a retry find it
        (``moved_with``)."""
        play = self.play
        if play is None:
            raise RoomError("no game is running")
        if key is not None and (seat, key) in self.keys:
            raise RoomError("this key was sent with another move")
        if not bot:
            self.driver.away.discard(seat)  # acting again takes the seat back from a stand-in
        move = play.apply(seat, action, bot)
        result = play.result()
        outbox = self.outbox
        outbox.write(Moved(self.code, outbox.epoch, outbox.version, idx=move.number - 1,
                           seat=seat, action=action, bot=bot,
                           result=result.to_json() if result else None, key=key))
        if key is not None:
            self.keys[seat, key] = Keyed(action, move.number)
        told = self._log_move(move)
        self._moment(move, told, over=play.over)
        if play.over:
            self.status = Status.OVER
            self.driver.game_over()
            self._log_result()
        self.changed(seat)
        return move.number

    def _moment(self, move: Move, told: str, *, over: bool) -> None:
        """Put the moment the move made, if it made one, in the queue (the game's end is
        always the finale)."""
        game = self.lobby.game
        try:
            kind = game.beat(move.before, move.after, bool(told))
        except Exception:
            # Moments are a courtesy, as the log is: a bug in one must not stop the game.
            logger.exception("room %s: no beat for move %d", self.code, move.number)
            kind = "short" if told else None
        if over:
            kind = "finale"
        if kind is None:
            self.moments.told(move.seat, told)
        else:
            self.moments.add(kind, move.seat, told, move.number, self.lobby.pace)

    def moved_with(self, key: str, seat: int, action: object) -> int | None:
        """The number of this seat's move sent with ``key``, if there is one: a retry (after
        a lost reply) is answered with it and changes nothing."""
        keyed = self.keys.get((seat, key))
        if keyed is None:
            return None
        if keyed.action != action:
            raise RoomError("this key was sent with another move")
        return keyed.number

    def back(self, seat: int) -> None:
        """The person takes their seat back from the stand-in bot."""
        if self.driver.back(seat):
            self.log.note(f"{self.lobby.name(seat)} is back")
            self.changed(None)

    def changed(self, acted: int | None) -> None:
        """Restart the clocks of the people to act now (after the moments' beat), give the
        bots to act their time to think, and wake the driver; ``acted`` is the seat whose
        move made the change."""
        play, lobby = self.play, self.lobby
        to_act = play.match.to_act if play is not None else frozenset()

        def think(seat: int) -> float:
            assert play is not None
            return think_time(play.match.legal(seat), self.settings.bot_delay, lobby.pace)

        self.driver.changed(to_act, acted, lobby.played_by_bot, lobby.timer, think=think,
                            held_until=self.moments.hold_until())

    def _log_move(self, move: Move) -> str:
        """Put a move in the table's log; returns what it made public ("" if nothing)."""
        stand_in = move.bot and not self.lobby.played_by_bot(move.seat)
        return self.log.move(self.lobby.game, move, self.lobby.names(), stand_in=stand_in)

    def _log_result(self) -> None:
        assert self.play is not None
        result = self.play.result()
        assert result is not None
        self.log.result(result.winners, self.lobby.names())
