"""A room: its lobby, then its game, played by people and bots, told to every connection.

The room composes the parts that each do one job (the lobby, the play, the table's
log, the bot and timer driver, the snapshots) and holds the lock that every change
goes through. A change is checked and carried out in memory, in order, and handed to
the store without waiting for the disk; the snapshots it makes are held back (the
room's outbox) until every write before them is durable. So the lock is never held
across a write, yet nobody, the other seats included, ever sees a change before it
is on disk, and a request is answered only once its change is.

If the store refuses a write (another process changed the room meanwhile), every
change made after it is dropped unseen, the room is read again from the database
and each connection is sent its snapshot of that; the request is tried once more.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

import anyio

from parlour.engine import Action

from ..config import Settings
from ..errors import RoomError, StoreConflict, StoreUnavailable, Unreplayable
from ..live.connections import Client, Frames, Message
from ..storage.changes import Change, Moved, NextGame, SetUp, Store, StoredRoom
from .codes import token_hash
from .driver import Ask, Driver, Due
from .lobby import Lobby
from .play import Move, Play
from .reactions import Reactions
from .snapshot import Snapshots
from .table_log import TableLog

logger = logging.getLogger("parlour.server")

EPOCHS = itertools.count(1)
"""Names each copy of a room loaded in this process (see ``writer.Chains``)."""


class Status(StrEnum):
    """Where a room is: in its lobby, playing, over, ended by the host before its end, or
    broken (``Room.problem`` says why)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"
    ENDED = "ended"
    BROKEN = "broken"


Presence = Literal["online", "away", "offline", "bot"]

RETRY_AFTER = 0.5
RECOVERY_TRIES = 120
"""After a refused write the room is read again, every ``RETRY_AFTER`` seconds while the
database does not answer, for about a minute."""
RECOVERY_WAIT = 1.0
"""How long a request waits for a recovery under way before it is refused."""

FINISHED = (Status.OVER, Status.ENDED)
"""A game that will not go on: its record may be shown, and the room may play again."""


@dataclass(frozen=True)
class Keyed:
    """A person's move sent with an idempotency key: what a retry must match, and its answer."""

    seat: int
    action: object
    number: int


@dataclass
class Told:
    """One change's snapshots, held back until ``write`` (the room's newest write when the
    change was made, and so every write before it) is on disk."""

    write: asyncio.Future[None] | None
    shown: list[tuple[Client, Message]]
    done: asyncio.Future[None] | None
    frames: Frames = field(default_factory=Frames)


class Room:
    """One room of this server process."""

    def __init__(self, stored: StoredRoom, store: Store, settings: Settings) -> None:
        self.code = stored.code
        self.store = store
        self.settings = settings
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.driver = Driver(settings.bot_delay)
        self.outbox: deque[Told] = deque()
        self.recovery: asyncio.Task[None] | None = None
        self.reactions = Reactions()
        self._load(stored)

    def _load(self, stored: StoredRoom) -> None:
        self.version = stored.version
        self.epoch = next(EPOCHS)
        self.writing: asyncio.Future[None] | None = None
        self.lobby = Lobby.from_stored(stored, self.settings)
        self.status = Status(stored.status)
        self.problem: str | None = None
        self.log = TableLog(self.code)
        self.play: Play | None = None
        self.past_winners = stored.past_winners
        self.keys = {a["key"]: Keyed(a["seat"], a["action"], number)
                     for number, a in enumerate(stored.actions, start=1) if a.get("key")}
        """The moves of this game sent with a key, by key (``moved_with``)."""
        if stored.seed is not None and self.status in (Status.PLAYING, *FINISHED):
            game = self.lobby.game
            self.log.note(f"{game.title} with {len(self.lobby.seats)} players")
            try:
                self.play = Play.restore(stored, self._tell, TableLog.untold(len(stored.actions)))
            except Unreplayable as exc:
                self.problem, self.status = str(exc), Status.BROKEN
                return
            if self.play.over:
                self._tell_result()

    def run(self) -> None:
        """Start the room's bot and timer driver (for the life of the room)."""
        self.driver.start(f"room-{self.code}", self.due, self.play_due)
        self._changed(None)

    # -- storing -----------------------------------------------------------------------
    def _write(self, change: Change) -> None:
        """Hand a change to the store; what is told from now on waits for it."""
        write = self.writing = self.store.write(change)
        self.version += 1
        epoch = self.epoch
        write.add_done_callback(lambda _: self._written(write, epoch))

    def _written(self, write: asyncio.Future[None], epoch: int) -> None:
        if epoch == self.epoch and (write.cancelled() or write.exception() is not None):
            self._refused()
        else:
            self._flush()

    @property
    def idle(self) -> bool:
        """Nobody is here, nothing is due, nothing is being stored or told."""
        return (not self.clients and not self.outbox
                and not self.lock.locked() and self.recovery is None
                and (self.writing is None or self.writing.done()) and self.due() is None)

    # -- telling everyone ---------------------------------------------------------------
    def tell(self, *, wait: bool = False) -> asyncio.Future[None] | None:
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
        done = asyncio.get_running_loop().create_future() if wait else None
        self.outbox.append(Told(self.writing, shown, done))
        self._flush()
        return done

    def _flush(self, _: object = None) -> None:
        """Send, in order, each change's snapshots whose writes are on disk."""
        outbox = self.outbox
        while outbox:
            told = outbox[0]
            write = told.write
            if write is not None:
                if not write.done():
                    return
                if write.cancelled() or write.exception() is not None:
                    self._refused()
                    return
            outbox.popleft()
            clients = self.clients
            for client, shown in told.shown:
                if client in clients:  # not gone on to another room meanwhile
                    client.show(shown, told.frames)
            if told.done is not None and not told.done.done():
                told.done.set_result(None)

    def _refused(self) -> None:
        """A write was refused: drop every change made since, unseen, and read the room again."""
        logger.warning("room %s: a write was refused (another process changed the room);"
                       " reading it again", self.code)
        if self.recovery is None:
            self.recovery = asyncio.create_task(self._recover(), name=f"recover-{self.code}")
        for told in self.outbox:
            if told.done is not None and not told.done.done():
                told.done.set_exception(StoreConflict(
                    "the room changed meanwhile and your request could not be saved;"
                    " please try again"))
        self.outbox.clear()

    async def _recover(self) -> None:
        # Until the room is read again, what memory holds may include changes that were
        # never stored: no change is made on it (``change`` refuses), nothing of it is told.
        try:
            for _ in range(RECOVERY_TRIES):
                try:
                    await self.reload()
                    return
                except Exception as exc:  # whatever the driver raises while it is down
                    logger.warning("room %s: cannot read it again yet (%s)", self.code, exc)
                    await asyncio.sleep(RETRY_AFTER)
            logger.error("room %s: the database did not come back", self.code)
        finally:
            self.recovery = None

    async def reload(self) -> None:
        """Read the room again from the database (another process changed it) and tell
        every connection."""
        async with self.lock:
            stored = await self.store.load(self.code)
            if stored is not None:
                self._load(stored)
            self._changed(None)
            self.tell()

    async def change(self, work: Callable[[], Awaitable[None]]) -> None:
        """Carry out one change under the room's lock, and return once it is on disk and
        every connection has been sent its snapshot. A change the store refused is tried
        once more on the room as read again."""
        for attempt in range(2):
            await self._recovered()
            async with self.lock:
                await work()
                done = self.tell(wait=True)
            assert done is not None
            try:
                await done
                break
            except StoreConflict:
                if attempt:
                    raise

    async def _recovered(self) -> None:
        """Wait a moment for a recovery under way; ``StoreUnavailable`` if the database
        does not answer by then (a restart, a lock held elsewhere)."""
        if self.recovery is None:
            return
        with anyio.move_on_after(RECOVERY_WAIT):
            await asyncio.shield(self.recovery)
        if self.recovery is not None:
            raise StoreUnavailable("the game's database is not answering, so nothing was"
                                   " changed: please try again in a moment")

    def join(self, client: Client, holder: str | None, table_only: bool) -> None:
        """A connection joins, holding the seat or host's role whose token hashes to
        ``holder`` (a spectator's if the room knows no such token)."""
        if holder and self.lobby.knows(holder):
            client.token_hash = holder
        client.table_only = table_only
        self.clients.add(client)
        self.tell()

    def leave(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.tell()

    def seat_of(self, client: Client) -> int | None:
        return self.lobby.seat_of(client.token_hash)

    def is_host(self, client: Client) -> bool:
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

    # -- the lobby ----------------------------------------------------------------------
    async def save_setup(self) -> None:
        """Store the lobby and the status (and the seed, once drawn): handed to the store,
        never waited for here (see ``change``)."""
        lobby = self.lobby
        self._write(SetUp(
            self.code, self.epoch, self.version, game=lobby.game_id, options=lobby.options,
            seats=lobby.stored_seats(), timer=lobby.timer, status=self.status,
            seed=self.play.seed if self.play else None,
        ))

    async def give_content(self, token: str | None, name: str, value: object) -> None:
        """The host gives the game its own content (a card set, word cards: the option
        ``name``), validated as the game validates it; ``None`` takes it away."""
        async def work() -> None:
            if not token or not self.lobby.is_host(token_hash(token)):
                raise RoomError("only the host can do that")
            if self.status != Status.LOBBY:
                raise RoomError("the game has already started")
            self.lobby.give_content(name, value)
            await self.save_setup()
            self.log.note(f"The host gave {self.lobby.game.title} its own {name}"
                          if value is not None else f"The host took away their own {name}")

        await self.change(work)

    async def start(self) -> None:
        """Every seat is filled: deal the game."""
        lobby = self.lobby
        lobby.check_full()
        self.play = Play.start(self.code, lobby.game, len(lobby.seats), lobby.options)
        self.status = Status.PLAYING
        await self.save_setup()
        self.log.note(f"{lobby.game.title} started with {len(lobby.seats)} players")
        self._changed(None)

    async def again(self) -> None:
        """The same seats play the same game again on a new seed; the game just finished is
        kept as a past game (its winners count in the tally)."""
        old = self.play
        if self.status not in FINISHED or old is None:
            raise RoomError("a new game can start once this one is over")
        lobby = self.lobby
        play = Play.start(self.code, lobby.game, len(lobby.seats), lobby.options)
        result = old.result() if self.status == Status.OVER else None
        self._write(NextGame(
            self.code, self.epoch, self.version, number=len(self.past_winners) + 1,
            record=old.record.to_json(), result=result.to_json() if result else None,
            names=lobby.names(), seed=play.seed,
        ))
        self.past_winners.append(list(result.winners) if result else [])
        self.play, self.status = play, Status.PLAYING
        self.driver.new_game()
        self.log.note(f"Game {len(self.past_winners) + 1} of {lobby.game.title} started")
        self._changed(None)

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

    async def act(self, seat: int, action: Action, key: str | None = None) -> int:
        """A person's move, once ``check_moving()`` has said that the game runs, unpaused;
        returns its number. ``key`` (stored with it) lets a retry find it (``moved_with``)."""
        if key is not None and key in self.keys:
            raise RoomError("this key was sent with another move")
        self.driver.away.discard(seat)  # acting again takes the seat back from the stand-in
        number = await self.apply(seat, action, bot=False, key=key)
        if key is not None:
            self.keys[key] = Keyed(seat, action, number)
        return number

    def moved_with(self, key: str, seat: int, action: object) -> int | None:
        """The number of this seat's move sent with ``key``, if there is one: a retry (after
        a lost reply) is answered with it and changes nothing."""
        keyed = self.keys.get(key)
        if keyed is None or keyed.seat != seat:
            return None
        if keyed.action != action:
            raise RoomError("this key was sent with another move")
        return keyed.number

    async def apply(self, seat: int, action: Action, bot: bool, key: str | None = None) -> int:
        """Carry out a move and hand it to the store, then log it and restart the clocks;
        returns its number."""
        play = self.play
        if play is None:
            raise RoomError("no game is running")
        move = play.apply(seat, action, bot)
        result = play.result()
        self._write(Moved(self.code, self.epoch, self.version, idx=move.number - 1, seat=seat,
                          action=action, bot=bot, result=result.to_json() if result else None,
                          key=key))
        news = self._tell(move)
        if play.over:
            self.status = Status.OVER
            self.driver.game_over()
            self._tell_result()
        self._changed(seat, news=news)
        return move.number

    def back(self, seat: int) -> None:
        """The person takes their seat back from the stand-in bot."""
        if self.driver.back(seat):
            self.log.note(f"{self.lobby.name(seat)} is back")
            self._changed(None)

    # -- the host during play -----------------------------------------------------------
    def stand_in(self, seat: int) -> None:
        """The host lets a bot play for a person (who has gone) until they are back."""
        self.check_running()
        lobby = self.lobby
        lobby.check_seat(seat)
        if lobby.played_by_bot(seat):
            raise RoomError(f"seat {seat + 1} is a bot already")
        if not self.driver.stand_in(seat):
            raise RoomError(f"a bot plays for {lobby.name(seat)} already")
        self.log.note(f"The host lets a bot play for {lobby.name(seat)} until they are back")

    def give_back(self, seat: int) -> None:
        """The host gives a person their seat back from the stand-in bot."""
        self.check_running()
        self.lobby.check_seat(seat)
        if seat not in self.driver.away:
            raise RoomError(f"no bot plays for {self.lobby.name(seat)}")
        self.back(seat)

    def pause(self) -> None:
        self.check_running()
        if not self.driver.pause():
            raise RoomError("the game is paused already")
        self.log.note("The host paused the game")

    def resume(self) -> None:
        self.check_running()
        if not self.driver.resume():
            raise RoomError("the game is not paused")
        self.log.note("The host resumed the game")
        self._changed(None)

    async def end(self) -> None:
        """The host ends the game before its end: nobody wins it."""
        self.check_running()
        self.status = Status.ENDED
        self.driver.game_over()
        await self.save_setup()
        self.log.note("The host ended the game")

    def _tell(self, move: Move) -> bool:
        """Log a move; ``True`` if it made something public."""
        stand_in = move.bot and not self.lobby.played_by_bot(move.seat)
        return self.log.move(self.lobby.game, move, self.lobby.names(), stand_in=stand_in)

    def _tell_result(self) -> None:
        assert self.play is not None
        result = self.play.result()
        assert result is not None
        self.log.result(result.winners, self.lobby.names())

    def _changed(self, acted: int | None, *, news: bool = False) -> None:
        to_act = self.play.match.to_act if self.play is not None else frozenset()
        self.driver.changed(to_act, acted, self.lobby.played_by_bot, self.lobby.timer,
                            news=news)

    # -- bots and the decision timer ----------------------------------------------------
    def due(self) -> Due | None:
        """When the next bot move (or timer run-out) is due, and for which seat."""
        if self.status != Status.PLAYING or self.play is None:
            return None
        return self.driver.next_due(self.play.match.to_act, self.lobby.played_by_bot)

    async def play_due(self, due: Due) -> None:
        async def work() -> None:
            if self.due() == due:  # else someone moved meanwhile: the driver looks again
                await self._bot_moves(due.seats)

        try:
            await self.change(work)
        except StoreConflict:
            return  # the room was read again; the driver looks again at it

    async def _bot_moves(self, seats: tuple[int, ...]) -> None:
        """The bots (and stand-ins) of ``seats`` decide together, then move in seat order."""
        play, lobby = self.play, self.lobby
        assert play is not None
        game = lobby.game
        for seat in seats:
            if not lobby.played_by_bot(seat) and self.driver.stand_in(seat):
                self.log.note(f"Time ran out for {lobby.name(seat)}:"
                              " a bot plays until they are back")
        asks = [Ask(seat, lobby.seats[seat].bot or game.default_bot, play.match.view(seat),
                    play.match.legal(seat)) for seat in seats]
        chosen = await self.driver.choose(game, asks)
        for ask, action in zip(asks, chosen, strict=True):
            if self.status != Status.PLAYING or ask.seat not in play.match.to_act:
                return
            if play.match.legal(ask.seat) != ask.legal:
                return  # an earlier move changed what this seat may do: ask its bot again
            if not await self._bot_move(ask, action):
                return

    async def _bot_move(self, ask: Ask, action: Action | Exception) -> bool:
        """Carry out one bot's move (a random one if the bot failed); ``False`` to stop."""
        game = self.lobby.game
        try:
            if isinstance(action, Exception):
                raise action
            await self.apply(ask.seat, action, bot=True)
            return True
        except Exception as exc:
            logger.warning("room %s: bot for seat %d failed (%s); playing at random",
                           self.code, ask.seat, exc)
        try:
            await self.apply(ask.seat, Driver.fallback(game, ask.seat, ask.view, ask.legal),
                             bot=True)
            return True
        except Exception:
            logger.exception("room %s: no bot can move for seat %d", self.code, ask.seat)
            self.problem = f"no bot could move for seat {ask.seat + 1}"
            self.status = Status.BROKEN
            return False
