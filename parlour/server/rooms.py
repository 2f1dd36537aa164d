"""Rooms: a lobby of seats, then a match driven by people and bots.

A room holds its match in memory and its record in the database. Every change
goes through the room's lock: an action is validated by the engine, stored,
and only then is each connected client sent its own fresh snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio

from parlour.bots import bot_names, make_agent
from parlour.engine import (
    Agent,
    Game,
    Match,
    ParlourError,
    RandomAgent,
    Record,
    View,
    replay,
)
from parlour.games import game_ids, get_game

from .codes import new_code, new_token, token_hash
from .config import Settings
from .db import Store, StoredRoom
from .limits import clean_name
from .pubsub import LocalBus, RedisBus, make_bus

log = logging.getLogger("parlour.server")

LOBBY, PLAYING, OVER, BROKEN = "lobby", "playing", "over", "broken"
LOG_KEEP = 80
SEND_TIMEOUT = 10.0


class RoomError(Exception):
    """A request the room refuses; the message is shown to the person who asked."""


class StoreConflict(RoomError):
    """The move could not be stored (another process stored one first): the room was reloaded."""


@dataclass
class Seat:
    """Who sits at one seat: nobody, a person (by token hash) or a bot (by name)."""

    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None

    @property
    def empty(self) -> bool:
        return self.token_hash is None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data.get("name"), data.get("token_hash"), data.get("bot"))


class Client:
    """One connection to a room (a browser tab, a test client)."""

    def __init__(self, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        self._send = send
        self._sending = asyncio.Lock()
        self.token_hash: str | None = None
        self.table_only = False

    async def send(self, message: dict[str, Any]) -> None:
        # One frame at a time, and a client too slow to take it does not hold up the room.
        async with self._sending:
            with anyio.fail_after(SEND_TIMEOUT):
                await self._send(message)


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options as everyone may see them: a stacked deck says that it is stacked, not its order."""
    return {k: "stacked" if isinstance(v, list | dict) else v for k, v in options.items()}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError(f"{what} must be a whole number")
    return value


class Room:
    """One room: its lobby, its match, its connections and its bot/timer driver."""

    def __init__(self, stored: StoredRoom, store: Store, settings: Settings,
                 bus: LocalBus | RedisBus | None = None) -> None:
        self.code = stored.code
        self.store = store
        self.settings = settings
        self.bus = bus or LocalBus()
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.agents: dict[int, Agent] = {}
        self.away: set[int] = set()
        self.deadlines: dict[int, float] = {}
        self.changed_at = time.monotonic()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self._load(stored)

    def _load(self, stored: StoredRoom) -> None:
        self.host_hash = stored.host_hash
        self.game_id = stored.game
        self.options: dict[str, Any] = stored.options
        self.seats = [Seat.from_json(s) for s in stored.seats]
        self.timer = stored.timer
        self.status = stored.status
        self.seed = stored.seed
        self.match: Match[Any] | None = None
        self.by_bot: list[bool] = []
        self.problem: str | None = None
        self.log: list[str] = []
        if self.seed is not None and self.status in (PLAYING, OVER):
            self._restore(stored.actions)

    # -- loading -----------------------------------------------------------------------
    def _restore(self, stored_actions: list[dict[str, Any]]) -> None:
        assert self.seed is not None
        record = Record(self.game_id, len(self.seats), self.seed, dict(self.options), [])
        self.log.append(f"{self.game.title} with {len(self.seats)} players")
        number = 0
        try:
            # Step by step rather than replay() in one go, to narrate the moves the log keeps.
            self.match = replay(record, get_game)
            told_from = len(stored_actions) - LOG_KEEP
            for number, a in enumerate(stored_actions, start=1):
                before = self.match.view(None) if number > told_from else None
                self.match.act(a["seat"], a["action"])
                if before is not None:
                    self.log.append(self._move_line(number, a["seat"], bool(a.get("bot")),
                                                    before))
        except ParlourError as exc:
            log.error("room %s cannot be replayed at move %d: %s", self.code, number, exc)
            self.match = None
            self.problem = f"this game can no longer be replayed (move {number}: {exc})"
            self.status = BROKEN
            return
        self.by_bot = [bool(a.get("bot")) for a in stored_actions]
        if self.match.over:
            self.log.append(self._result_text())
        self.log = self.log[-LOG_KEEP:]

    async def reload(self) -> None:
        """Read the room again from the database (another process changed it)."""
        stored = await self.store.load(self.code)
        if stored is None:
            return
        self._load(stored)
        self._changed(None)

    @property
    def game(self) -> Game[Any]:
        return get_game(self.game_id)

    def stored_seats(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.seats]

    # -- who is who -----------------------------------------------------------------------
    def seat_of(self, client: Client) -> int | None:
        if client.token_hash is None:
            return None
        for i, seat in enumerate(self.seats):
            if seat.token_hash == client.token_hash:
                return i
        return None

    def is_host(self, client: Client) -> bool:
        return client.token_hash is not None and client.token_hash == self.host_hash

    def knows(self, token: str) -> bool:
        h = token_hash(token)
        return h == self.host_hash or any(s.token_hash == h for s in self.seats)

    def seat_name(self, seat: int) -> str:
        s = self.seats[seat]
        if s.bot and not s.name:
            return f"Bot {seat + 1} ({s.bot})"
        return s.name or f"Seat {seat + 1}"

    # -- snapshots -----------------------------------------------------------------------
    def snapshot(self, client: Client) -> dict[str, Any]:
        """Everything one client may know now: its own seat's view, never another's."""
        seat = None if client.table_only else self.seat_of(client)
        connected = {c.token_hash for c in self.clients if c.token_hash}
        seats = [
            {
                "name": self.seat_name(i) if not s.empty else None,
                "bot": s.bot,
                "human": s.token_hash is not None,
                "connected": s.token_hash in connected,
                "away": i in self.away,
                "you": s.token_hash is not None and s.token_hash == client.token_hash,
            }
            for i, s in enumerate(self.seats)
        ]
        game = self.game
        room = {
            "code": self.code,
            "game": self.game_id,
            "title": game.title,
            "status": self.status,
            "problem": self.problem,
            "options": public_options(self.options),
            "timer": self.timer,
            "bot_delay": self.settings.bot_delay,
            "seats": seats,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "bots": bot_names(game),
            "default_bot": game.default_bot,
            "log": self.log[-LOG_KEEP:],
        }
        you = {"seat": self.seat_of(client), "host": self.is_host(client),
               "table_only": client.table_only}
        return {"type": "room", "room": room, "you": you, "play": self._play(seat)}

    def _play(self, seat: int | None) -> dict[str, Any] | None:
        match = self.match
        if match is None:
            return None
        to_act = sorted(match.to_act)
        legal = None
        if seat is not None and seat in match.to_act:
            legal = match.legal(seat).to_json()
        deadline = None
        if seat is not None and seat in self.deadlines:
            deadline = max(0.0, self.deadlines[seat] - time.monotonic())
        result = match.result()
        return {
            "version": len(match.record.actions),
            "seat": seat,
            "view": match.view(seat),
            "to_act": to_act,
            "legal": legal,
            "over": match.over,
            "result": result.to_json() if result else None,
            "deadline": deadline,
        }

    async def broadcast(self) -> None:
        # anyio's task group rather than asyncio.gather: a connection cancelled mid-broadcast
        # must end with the canceller's own cancellation, which gather (on 3.11) replaces.
        gone: list[Client] = []

        async def send(client: Client, snapshot: dict[str, Any]) -> None:
            try:
                await client.send(snapshot)
            except Exception:
                gone.append(client)

        async with anyio.create_task_group() as group:
            for client in list(self.clients):
                group.start_soon(send, client, self.snapshot(client))
        self.clients.difference_update(gone)

    # -- connections ----------------------------------------------------------------------
    async def join(self, client: Client, token: str | None, table_only: bool) -> None:
        async with self.lock:
            if token and self.knows(token):
                client.token_hash = token_hash(token)
            client.table_only = table_only
            self.clients.add(client)
            await self.broadcast()

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.clients.discard(client)
            await self.broadcast()

    # -- requests -----------------------------------------------------------------------
    async def handle(self, client: Client, msg: dict[str, Any]) -> None:
        """Carry out one client message, or raise ``RoomError`` saying why not."""
        kind = msg.get("type")
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise RoomError(f"unknown message type {kind!r}")
        async with self.lock:
            await handler(self, client, msg)
            await self.broadcast()
        if kind != "ping":
            await self.bus.publish(self.code)

    def _need_lobby(self) -> None:
        if self.status != LOBBY:
            raise RoomError("the game has already started")

    def _need_host(self, client: Client) -> None:
        if not self.is_host(client):
            raise RoomError("only the host can do that")

    def _seat_index(self, msg: dict[str, Any]) -> int:
        seat = _int(msg.get("seat"), "seat")
        if not 0 <= seat < len(self.seats):
            raise RoomError(f"there is no seat {seat + 1}")
        return seat

    async def _save(self) -> None:
        await self.store.save_setup(
            self.code, game=self.game_id, options=self.options, seats=self.stored_seats(),
            timer=self.timer, status=self.status, seed=self.seed,
        )

    async def sit(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_lobby()
        seat = self._seat_index(msg)
        try:
            name = clean_name(msg.get("name"), self.settings.max_name_length)
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        target = self.seats[seat]
        if not target.empty and (client.token_hash is None
                                 or target.token_hash != client.token_hash):
            raise RoomError(f"seat {seat + 1} is taken")
        if client.token_hash is None:
            token = new_token()
            client.token_hash = token_hash(token)
            await client.send({"type": "token", "token": token})
        old = self.seat_of(client)
        if old is not None and old != seat:
            self.seats[old] = Seat()
        self.seats[seat] = Seat(name=name, token_hash=client.token_hash)
        await self._save()
        self._note(f"{name} sat at seat {seat + 1}")

    async def stand(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_lobby()
        seat = self.seat_of(client)
        if seat is None:
            raise RoomError("you have no seat to leave")
        self._note(f"{self.seat_name(seat)} left seat {seat + 1}")
        self.seats[seat] = Seat()
        await self._save()

    async def configure(self, client: Client, msg: dict[str, Any]) -> None:
        """The host picks the game, its options and the decision timer."""
        self._need_host(client)
        self._need_lobby()
        game_id = msg.get("game", self.game_id)
        if game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r}")
        game = get_game(game_id)
        options = msg.get("options", self.options if game_id == self.game_id else {})
        if not isinstance(options, dict):
            raise RoomError("options must be an object")
        timer = _int(msg.get("timer", self.timer), "the timer")
        if not 0 <= timer <= self.settings.max_timer_seconds:
            raise RoomError(f"the timer is 0 (off) to {self.settings.max_timer_seconds} seconds")
        count = min(max(len(self.seats), game.min_players), game.max_players)
        try:
            game.setup(count, options, 0)  # refuses bad options now, not at the start
        except ParlourError as exc:
            raise RoomError(str(exc)) from None
        if game_id != self.game_id:
            self.seats = self.seats[:count] + [Seat() for _ in range(count - len(self.seats))]
            for s in self.seats:
                if s.bot and s.bot not in bot_names(game):
                    s.bot, s.name = game.default_bot, None
        self.game_id, self.options, self.timer = game_id, options, timer
        await self._save()

    async def add_seat(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_host(client)
        self._need_lobby()
        if len(self.seats) >= self.game.max_players:
            raise RoomError(f"{self.game.title} takes at most {self.game.max_players} players")
        self.seats.append(Seat())
        await self._save()

    async def remove_seat(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_host(client)
        self._need_lobby()
        seat = self._seat_index(msg)
        if len(self.seats) <= self.game.min_players:
            raise RoomError(f"{self.game.title} needs at least {self.game.min_players} players")
        del self.seats[seat]
        await self._save()

    async def add_bot(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_host(client)
        self._need_lobby()
        seat = self._seat_index(msg)
        bot = msg.get("bot") or self.game.default_bot
        if bot not in bot_names(self.game):
            raise RoomError(f"no bot {bot!r} for {self.game.title}")
        if self.seats[seat].token_hash is not None:
            raise RoomError(f"seat {seat + 1} is taken by {self.seat_name(seat)}")
        self.seats[seat] = Seat(bot=bot)
        await self._save()

    async def clear_seat(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_host(client)
        self._need_lobby()
        seat = self._seat_index(msg)
        self.seats[seat] = Seat()
        await self._save()

    async def start(self, client: Client, msg: dict[str, Any]) -> None:
        self._need_host(client)
        self._need_lobby()
        empty = [i + 1 for i, s in enumerate(self.seats) if s.empty]
        if empty:
            raise RoomError(f"seat {empty[0]} is empty: seat a player or a bot there")
        seed = secrets.randbits(31)
        try:
            self.match = Match.new(self.game, len(self.seats), self.options, seed)
        except ParlourError as exc:
            raise RoomError(str(exc)) from None
        self.seed, self.status, self.by_bot = seed, PLAYING, []
        await self._save()
        self._note(f"{self.game.title} started with {len(self.seats)} players")
        self._changed(None)

    async def act(self, client: Client, msg: dict[str, Any]) -> None:
        if self.status != PLAYING or self.match is None:
            raise RoomError("the game is over" if self.status == OVER else "no game is running")
        seat = self.seat_of(client)
        if seat is None:
            raise RoomError("you have no seat in this game")
        action = msg.get("action")
        if not isinstance(action, dict):
            raise RoomError("an action is a JSON object")
        self.away.discard(seat)  # acting again takes the seat back from the stand-in bot
        try:
            await self._apply(seat, action, bot=False)
        except StoreConflict:
            # Another process stored a move first; the room is reloaded: try once more.
            await self._apply(seat, action, bot=False)

    async def back(self, client: Client, msg: dict[str, Any]) -> None:
        seat = self.seat_of(client)
        if seat is None:
            raise RoomError("you have no seat in this game")
        if seat in self.away:
            self.away.discard(seat)
            self.deadlines.pop(seat, None)
            self._note(f"{self.seat_name(seat)} is back")
            self._changed(None)

    async def ping(self, client: Client, msg: dict[str, Any]) -> None:
        await client.send({"type": "pong"})

    # -- moves ----------------------------------------------------------------------
    async def _apply(self, seat: int, action: dict[str, Any], bot: bool) -> None:
        match = self.match
        assert match is not None
        index = len(match.record.actions)
        before = match.view(None)
        try:
            match.act(seat, action)
        except ParlourError as exc:
            raise RoomError(str(exc)) from None
        result = match.result()
        try:
            await self.store.append_action(self.code, index, seat, action, bot,
                                           result.to_json() if result else None)
        except Exception as exc:
            log.warning("room %s: could not store action %d (%s)", self.code, index, exc)
            record = match.record
            record.actions = record.actions[:index]
            self.match = replay(record, get_game)
            await self.reload()
            raise StoreConflict("the move could not be saved; please try again") from None
        self.by_bot.append(bot)
        self._note(self._move_line(index + 1, seat, bot, before))
        if result is not None:
            self.status = OVER
            self.deadlines.clear()
            self._note(self._result_text())
        self._changed(seat)

    def _move_line(self, number: int, seat: int, bot: bool, before: View) -> str:
        """Who moved, then what the move made public, from the spectator's views only.

        One line per move, so that the log (shown newest first) keeps each move together.
        """
        assert self.match is not None
        who = self.seat_name(seat)
        if bot and self.seats[seat].bot is None:
            first = f"Move {number}: a bot played for {who}"
        else:
            first = f"Move {number}: {who}"
        names = [self.seat_name(i) for i in range(len(self.seats))]
        try:
            told = self.game.narrate(before, self.match.view(None), names)
        except Exception:
            # The log is a courtesy: a narration bug must not stop the game.
            log.exception("room %s: could not narrate move %d", self.code, number)
            told = []
        return " — ".join([first, " ".join(told)]) if told else first

    def _result_text(self) -> str:
        assert self.match is not None
        result = self.match.result()
        assert result is not None
        names = ", ".join(self.seat_name(w) for w in result.winners) or "nobody"
        return f"Game over. Winner: {names}"

    def _note(self, text: str) -> None:
        self.log.append(text)
        del self.log[:-LOG_KEEP]

    def _changed(self, acted: int | None) -> None:
        """Restart the clocks of the seats that must act now and wake the driver."""
        now = time.monotonic()
        self.changed_at = now
        if acted is not None:
            self.deadlines.pop(acted, None)
        to_act = self.match.to_act if self.match is not None else frozenset()
        for seat in list(self.deadlines):
            if seat not in to_act:
                del self.deadlines[seat]
        if self.timer > 0:
            for seat in to_act:
                if self.seats[seat].bot is None and seat not in self.away:
                    self.deadlines.setdefault(seat, now + self.timer)
        self.wake.set()

    # -- bots and the decision timer ---------------------------------------------------
    def next_due(self) -> tuple[float, int] | None:
        """When the next bot move (or timer run-out) is due, and for which seat."""
        if self.status != PLAYING or self.match is None:
            return None
        best: tuple[float, int] | None = None
        for seat in sorted(self.match.to_act):
            if self.seats[seat].bot is not None or seat in self.away:
                due = self.changed_at + self.settings.bot_delay
            elif seat in self.deadlines:
                due = self.deadlines[seat]
            else:
                continue
            if best is None or due < best[0]:
                best = (due, seat)
        return best

    async def drive(self) -> None:
        """Runs for the life of the room: plays bots' moves and the timer's stand-ins."""
        while True:
            self.wake.clear()
            due = self.next_due()
            if due is None:
                await self.wake.wait()
                continue
            delay = due[0] - time.monotonic()
            if delay > 0:
                # move_on_after, not asyncio.wait_for: on 3.11 wait_for can swallow the
                # cancellation that stops the room, and the server would never shut down.
                with anyio.move_on_after(delay):
                    await self.wake.wait()
                    continue
            async with self.lock:
                if self.next_due() != due:
                    continue
                await self._bot_move(due[1])
                await self.broadcast()
            await self.bus.publish(self.code)

    async def _bot_move(self, seat: int) -> None:
        match = self.match
        assert match is not None
        human = self.seats[seat].bot is None
        if human and seat not in self.away:
            self.away.add(seat)
            self._note(f"Time ran out for {self.seat_name(seat)}: a bot plays until they are back")
        agent = self._agent(seat)
        view, legal = match.view(seat), match.legal(seat)
        try:
            action = await asyncio.to_thread(agent.act, view, legal)
            await self._apply(seat, action, bot=True)
        except StoreConflict:
            return  # someone else moved first; the driver looks again at the new state
        except Exception as exc:
            # A faulty bot must not stop the table: fall back to a random legal move.
            log.warning("room %s: bot for seat %d failed (%s); playing at random",
                        self.code, seat, exc)
            fallback = RandomAgent(self.game, seat, secrets.randbits(31))
            try:
                await self._apply(seat, fallback.act(view, legal), bot=True)
            except StoreConflict:
                return
            except Exception:
                log.exception("room %s: no bot can move for seat %d", self.code, seat)
                self.problem = f"no bot could move for seat {seat + 1}"
                self.status = BROKEN

    def _agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            name = self.seats[seat].bot or self.game.default_bot
            base = (self.seed or 0) * 7919 + seat
            self.agents[seat] = make_agent(self.game, name, seat, base)
        return self.agents[seat]


Handler = Callable[[Room, Client, dict[str, Any]], Awaitable[None]]
HANDLERS: dict[str, Handler] = {
    "sit": Room.sit,
    "stand": Room.stand,
    "configure": Room.configure,
    "add_seat": Room.add_seat,
    "remove_seat": Room.remove_seat,
    "add_bot": Room.add_bot,
    "clear_seat": Room.clear_seat,
    "start": Room.start,
    "act": Room.act,
    "back": Room.back,
    "ping": Room.ping,
}


class Hub:
    """All rooms of this server process, loaded from the database as they are needed."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bus = make_bus(settings.redis_url)
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()

    async def start(self) -> None:
        """Bring the schema up to date and resume every room that was being played."""
        await self.store.migrate()
        for code in await self.store.codes_with_status(LOBBY, PLAYING):
            await self.get(code)
        await self.bus.start(self.changed_elsewhere)

    async def changed_elsewhere(self, code: str) -> None:
        """Another process changed a room: if it is loaded here, reload it and tell our clients."""
        room = self.rooms.get(code)
        if room is None:
            return
        async with room.lock:
            await room.reload()
            await room.broadcast()

    async def stop(self) -> None:
        await self.bus.stop()
        for room in self.rooms.values():
            if room.driver is not None:
                room.driver.cancel()
        for room in self.rooms.values():
            if room.driver is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await room.driver
        await self.store.close()

    async def get(self, code: str) -> Room | None:
        async with self.loading:
            room = self.rooms.get(code)
            if room is None:
                stored = await self.store.load(code)
                if stored is None:
                    return None
                room = Room(stored, self.store, self.settings, self.bus)
                self._run(room)
                self.rooms[code] = room
            return room

    def _run(self, room: Room) -> None:
        room.driver = asyncio.create_task(room.drive(), name=f"room-{room.code}")
        room._changed(None)

    async def create(self, game_id: str, creator: str) -> tuple[Room, str]:
        """A new room in the lobby; returns it with the host's secret token."""
        if game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
        since = time.time() - 3600
        made = await self.store.rooms_created_since(creator, since)
        if made >= self.settings.rooms_per_address:
            raise RoomError(
                f"this address has created {made} rooms in the last hour"
                f" (the limit is {self.settings.rooms_per_address}); please wait a while"
            )
        game = get_game(game_id)
        code = new_code()
        while code in self.rooms or await self.store.code_taken(code):
            code = new_code()
        token = new_token()
        stored = StoredRoom(
            code=code, created_at=time.time(), creator=creator, host_hash=token_hash(token),
            game=game_id, options={}, seats=[Seat().to_json() for _ in range(game.min_players)],
            timer=0, status=LOBBY, seed=None, result=None, actions=[],
        )
        await self.store.create_room(stored)
        room = Room(stored, self.store, self.settings, self.bus)
        async with self.loading:
            self.rooms[code] = room
            self._run(room)
        return room, token
