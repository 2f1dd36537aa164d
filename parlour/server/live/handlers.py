"""The live protocol's requests (docs/protocol.md): one handler per message type.

Each handler says who may send its message (anyone, or the host) and when (any time,
only in the lobby, or only while a game runs); :func:`handle` runs it under the room's
lock once those hold, and the room sends every connection its fresh snapshot. A handler
may return fields for its ``ok`` reply (``act``: the move's number). The websocket's
messages come here, and so does the content a host uploads over HTTP
(``give_content``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..errors import RoomError
from ..rooms.audience import Message
from ..rooms.codes import new_token, token_hash
from ..rooms.lobby import whole_number
from ..rooms.room import Room
from ..rooms.status import Status
from .connections import Client

MAX_KEY_LENGTH = 64
PONG = '{"type":"pong"}'

Run = Callable[[Room, Client, Message], Awaitable[Message | None]]
Retry = Callable[[Room, Client, Message], Message | None]


@dataclass(frozen=True)
class Handler:
    """How to carry out one type of message, and who may send it when."""

    run: Run
    host_only: bool = False
    lobby_only: bool = False
    play_only: bool = False
    """Only while a game is running (or paused)."""
    between_games: bool = False
    """Only while no game runs: in the lobby, or once the game is over or ended."""
    alone: bool = False
    """Answered to its sender alone: it changes nothing, so nobody else is sent anything."""
    retry: Retry | None = None
    """The first answer to a request sent again (with the same ``key``), if it is one:
    checked before the limits above, as the first was (a game's last move, sent again,
    finds the game over)."""

    async def __call__(self, room: Room, client: Client, msg: Message) -> Message | None:
        """Carry out ``msg`` if its sender may send it now (under the room's lock)."""
        if self.retry is not None:
            reply = self.retry(room, client, msg)
            if reply is not None:
                return reply
        if self.host_only and not room.is_host(client):
            raise RoomError("only the host can do that")
        if self.lobby_only and room.status != Status.LOBBY:
            raise RoomError("the game has already started")
        if self.play_only:
            room.check_running()
        if self.between_games and room.status == Status.PLAYING:
            raise RoomError("wait until this game is over")
        return await self.run(room, client, msg)


async def handle(room: Room, client: Client, msg: Message) -> Message | None:
    """Carry out one message from ``client`` and return the fields of its ``ok`` reply, or
    raise ``RoomError`` saying why not."""
    kind = msg.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RoomError(f"unknown message type {kind!r}")
    if handler.alone:
        return await handler.run(room, client, msg)
    return await room.change(lambda: handler(room, client, msg))


def own_seat(room: Room, client: Client) -> int:
    seat = room.seat_of(client)
    if seat is None:
        raise RoomError("you have no seat in this game")
    return seat


# -- the lobby ----------------------------------------------------------------------------
async def sit(room: Room, client: Client, msg: Message) -> None:
    """Take an empty seat, or rename or move one's own; a newcomer gets a token first."""
    seat = whole_number(msg.get("seat"), "seat")
    holder, token = holder_of(client)
    name = room.lobby.sit(seat, msg.get("name"), holder)
    await give_token(client, holder, token)
    room.requests.withdraw(holder)
    room.save_setup()
    room.log.note(f"{name} sat at seat {seat + 1}")


def holder_of(client: Client) -> tuple[str, str | None]:
    """The token hash the connection holds, and ``None``; or, for a newcomer, a new token's
    hash and the token (``give_token`` gives it once what it asked for is done)."""
    if client.token_hash is not None:
        return client.token_hash, None
    token = new_token()
    return token_hash(token), token


async def give_token(client: Client, holder: str, token: str | None) -> None:
    """A newcomer's connection holds its new token (``holder``, its hash), sent it once."""
    if token is not None:
        client.token_hash = holder
        await client.send({"type": "token", "token": token})


async def ask_seat(room: Room, client: Client, msg: Message) -> None:
    """Someone without a seat asks the host for one, under a name (a newcomer gets a token
    first, which the seat will be held with)."""
    if room.seat_of(client) is not None:
        raise RoomError("you have a seat already")
    name = room.lobby.clean_name(msg.get("name"))
    holder, token = holder_of(client)
    room.lobby.check_unlike(name, holder)
    room.requests.ask(holder, name)
    await give_token(client, holder, token)
    room.log.note(f"{name} asks for a seat")


async def give_seat(room: Room, client: Client, msg: Message) -> None:
    """Between games, the host gives someone who asked an empty seat or a bot's."""
    seat = whole_number(msg.get("seat"), "seat")
    room.lobby.check_seat(seat)
    asked = room.requests.find(msg.get("request"))
    room.lobby.give_seat(seat, asked.name, asked.holder)
    room.requests.withdraw(asked.holder)
    room.save_setup()
    room.log.note(f"{asked.name} takes seat {seat + 1}")


async def refuse_seat(room: Room, client: Client, msg: Message) -> None:
    """The host says no to a request for a seat (it leaves the list)."""
    asked = room.requests.find(msg.get("request"))
    room.requests.withdraw(asked.holder)
    room.log.note(f"No seat for {asked.name} this time")


async def make_host(room: Room, client: Client, msg: Message) -> None:
    """The host hands the host's controls to the person at ``seat``."""
    name = room.lobby.make_host(whole_number(msg.get("seat"), "seat"))
    room.save_setup()
    room.log.note(f"{name} is the host now")


async def stand(room: Room, client: Client, msg: Message) -> None:
    seat, name = room.lobby.stand(client.token_hash)
    room.log.note(f"{name} left seat {seat + 1}")
    room.save_setup()


async def configure(room: Room, client: Client, msg: Message) -> None:
    """The game, its options and the timer; what the message leaves out stays as it was
    (but a new game starts from its default options)."""
    lobby = room.lobby
    game = msg.get("game", lobby.game_id)
    options = msg.get("options", lobby.options if game == lobby.game_id else {})
    if game == lobby.game_id and isinstance(options, dict):
        # Content given as a file (a card set) stays until the host takes it away.
        kept = {k: v for k, v in lobby.options.items() if k in lobby.content_options()}
        options = {**kept, **options}
    lobby.configure(game, options, msg.get("timer", lobby.timer), msg.get("pace"))
    room.save_setup()


async def accept_deck(room: Room, client: Client, msg: Message) -> None:
    """A seated person accepts the stacked deck that the host chose (shown as a notice)."""
    seat = room.lobby.accept(client.token_hash)
    room.save_setup()
    room.log.note(f"{room.lobby.name(seat)} accepted the stacked deck")


async def add_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.add_seat()
    room.save_setup()


async def remove_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.remove_seat(whole_number(msg.get("seat"), "seat"))
    room.save_setup()


async def add_bot(room: Room, client: Client, msg: Message) -> None:
    room.lobby.add_bot(whole_number(msg.get("seat"), "seat"), msg.get("bot"), msg.get("level"))
    room.save_setup()


async def clear_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.clear_seat(whole_number(msg.get("seat"), "seat"))
    room.save_setup()


async def start(room: Room, client: Client, msg: Message) -> None:
    room.start()


async def give_content(room: Room, client: Client, msg: Message) -> None:
    """The host gives the game its own content (a card set, word cards: the option
    ``name``), validated as the game validates it; ``None`` takes it away. What ``PUT
    /api/rooms/CODE/content/NAME`` sends."""
    lobby, name, value = room.lobby, msg.get("name"), msg.get("value")
    lobby.give_content(name, value)
    room.save_setup()
    room.log.note(f"The host gave {lobby.game.title} its own {name}" if value is not None
                  else f"The host took away their own {name}")


# -- play ---------------------------------------------------------------------------------
async def act(room: Room, client: Client, msg: Message) -> Message:
    room.check_moving()
    seat = own_seat(room, client)
    action = msg.get("action")
    if not isinstance(action, dict):
        raise RoomError("an action is a JSON object")
    return {"move": room.move(seat, action, key=move_key(msg))}


def act_again(room: Room, client: Client, msg: Message) -> Message | None:
    """The first answer to an ``act`` whose ``key`` a move of this seat already carries."""
    key, seat = move_key(msg), room.seat_of(client)
    if key is None or seat is None:
        return None
    number = room.moved_with(key, seat, msg.get("action"))
    return None if number is None else {"move": number}


def move_key(msg: Message) -> str | None:
    """The idempotency key of an ``act``, if it has one.

    >>> move_key({"key": "3f2a"}), move_key({})
    ('3f2a', None)
    """
    key = msg.get("key")
    if key is None:
        return None
    if not isinstance(key, str) or not 1 <= len(key) <= MAX_KEY_LENGTH:
        raise RoomError(f"key is a string of 1 to {MAX_KEY_LENGTH} characters")
    return key


async def back(room: Room, client: Client, msg: Message) -> None:
    room.back(own_seat(room, client))


async def react(room: Room, client: Client, msg: Message) -> None:
    """A seat reacts; so does a watcher, under the name they asked for a seat with, or the
    one they give here, or as "a watcher"."""
    seat = room.seat_of(client)
    if seat is not None and not client.table_only:
        room.reactions.add(seat, msg.get("emoji"))
        return
    name = room.requests.name_of(client.token_hash) or "a watcher"
    if msg.get("name") is not None:
        name = room.lobby.clean_name(msg.get("name"))
    room.reactions.add(None, msg.get("emoji"), watcher=name, key=client)


async def here(room: Room, client: Client, msg: Message) -> None:
    """The page says whether it is in front of its person (for the seats' presence)."""
    visible = msg.get("visible")
    if not isinstance(visible, bool):
        raise RoomError("visible is true or false")
    client.visible = visible


async def ping(room: Room, client: Client, msg: Message) -> None:
    client.push(PONG)


# -- the host during play -----------------------------------------------------------------
async def stand_in(room: Room, client: Client, msg: Message) -> None:
    room.host.stand_in(whole_number(msg.get("seat"), "seat"))


async def give_back(room: Room, client: Client, msg: Message) -> None:
    room.host.give_back(whole_number(msg.get("seat"), "seat"))


async def pause(room: Room, client: Client, msg: Message) -> None:
    room.host.pause()


async def resume(room: Room, client: Client, msg: Message) -> None:
    room.host.resume()


async def end(room: Room, client: Client, msg: Message) -> None:
    room.host.end()


async def next_moment(room: Room, client: Client, msg: Message) -> None:
    room.host.next()


async def again(room: Room, client: Client, msg: Message) -> None:
    room.again()


async def another(room: Room, client: Client, msg: Message) -> None:
    room.another()


HANDLERS: dict[str, Handler] = {
    "sit": Handler(sit, lobby_only=True),
    "stand": Handler(stand, lobby_only=True),
    "configure": Handler(configure, host_only=True, lobby_only=True),
    "accept_deck": Handler(accept_deck, lobby_only=True),
    "add_seat": Handler(add_seat, host_only=True, lobby_only=True),
    "remove_seat": Handler(remove_seat, host_only=True, lobby_only=True),
    "add_bot": Handler(add_bot, host_only=True, lobby_only=True),
    "clear_seat": Handler(clear_seat, host_only=True, lobby_only=True),
    "start": Handler(start, host_only=True, lobby_only=True),
    "give_content": Handler(give_content, host_only=True, lobby_only=True),
    "act": Handler(act, play_only=True, retry=act_again),
    "back": Handler(back, play_only=True),
    "react": Handler(react),
    "here": Handler(here),
    "stand_in": Handler(stand_in, host_only=True, play_only=True),
    "give_back": Handler(give_back, host_only=True, play_only=True),
    "pause": Handler(pause, host_only=True, play_only=True),
    "resume": Handler(resume, host_only=True, play_only=True),
    "end": Handler(end, host_only=True, play_only=True),
    "next": Handler(next_moment, host_only=True),
    "again": Handler(again, host_only=True),
    "another": Handler(another, host_only=True),
    "ask_seat": Handler(ask_seat),
    "give_seat": Handler(give_seat, host_only=True, between_games=True),
    "refuse_seat": Handler(refuse_seat, host_only=True),
    "make_host": Handler(make_host, host_only=True),
    "ping": Handler(ping, alone=True),
}
