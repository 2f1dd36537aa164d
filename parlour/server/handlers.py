"""The live protocol's requests (docs/protocol.md): one handler per message type.

Each handler says who may send its message (anyone, or the host) and when (any time,
or only in the lobby); the dispatcher checks that, runs the handler under the room's
lock and, if it raised no ``RoomError``, sends every connection its fresh snapshot.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .codes import new_token, token_hash
from .connections import Client, Message
from .errors import RoomError
from .lobby import whole_number
from .room import Room, Status

Run = Callable[[Room, Client, Message], Awaitable[None]]


@dataclass(frozen=True)
class Handler:
    """How to carry out one type of message, and who may send it when."""

    run: Run
    host_only: bool = False
    lobby_only: bool = False
    play_only: bool = False
    """Only while a game is running (or paused)."""


async def handle(room: Room, client: Client, msg: Message) -> None:
    """Carry out one message from ``client``, or raise ``RoomError`` saying why not."""
    kind = msg.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RoomError(f"unknown message type {kind!r}")

    async def work() -> None:
        if handler.host_only and not room.is_host(client):
            raise RoomError("only the host can do that")
        if handler.lobby_only and room.status != Status.LOBBY:
            raise RoomError("the game has already started")
        if handler.play_only:
            room.check_running()
        await handler.run(room, client, msg)

    await room.change(work)


def own_seat(room: Room, client: Client) -> int:
    seat = room.seat_of(client)
    if seat is None:
        raise RoomError("you have no seat in this game")
    return seat


# -- the lobby ----------------------------------------------------------------------------
async def sit(room: Room, client: Client, msg: Message) -> None:
    """Take an empty seat, or rename or move one's own; a newcomer gets a token first."""
    seat = whole_number(msg.get("seat"), "seat")
    token, holder = None, client.token_hash
    if holder is None:
        token = new_token()
        holder = token_hash(token)
    name = room.lobby.sit(seat, msg.get("name"), holder)
    if token is not None:
        client.token_hash = holder
        await client.send({"type": "token", "token": token})
    await room.save_setup()
    room.log.note(f"{name} sat at seat {seat + 1}")


async def stand(room: Room, client: Client, msg: Message) -> None:
    seat, name = room.lobby.stand(client.token_hash)
    room.log.note(f"{name} left seat {seat + 1}")
    await room.save_setup()


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
    lobby.configure(game, options, msg.get("timer", lobby.timer))
    await room.save_setup()


async def add_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.add_seat()
    await room.save_setup()


async def remove_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.remove_seat(whole_number(msg.get("seat"), "seat"))
    await room.save_setup()


async def add_bot(room: Room, client: Client, msg: Message) -> None:
    room.lobby.add_bot(whole_number(msg.get("seat"), "seat"), msg.get("bot"))
    await room.save_setup()


async def clear_seat(room: Room, client: Client, msg: Message) -> None:
    room.lobby.clear_seat(whole_number(msg.get("seat"), "seat"))
    await room.save_setup()


async def start(room: Room, client: Client, msg: Message) -> None:
    await room.start()


# -- play ---------------------------------------------------------------------------------
async def act(room: Room, client: Client, msg: Message) -> None:
    room.check_moving()
    seat = own_seat(room, client)
    action = msg.get("action")
    if not isinstance(action, dict):
        raise RoomError("an action is a JSON object")
    await room.act(seat, action)


async def back(room: Room, client: Client, msg: Message) -> None:
    room.back(own_seat(room, client))


async def react(room: Room, client: Client, msg: Message) -> None:
    room.reactions.add(own_seat(room, client), msg.get("emoji"))


async def here(room: Room, client: Client, msg: Message) -> None:
    """The page says whether it is in front of its person (for the seats' presence)."""
    visible = msg.get("visible")
    if not isinstance(visible, bool):
        raise RoomError("visible is true or false")
    client.visible = visible


async def ping(room: Room, client: Client, msg: Message) -> None:
    await client.send({"type": "pong"})


# -- the host during play -----------------------------------------------------------------
async def stand_in(room: Room, client: Client, msg: Message) -> None:
    room.stand_in(whole_number(msg.get("seat"), "seat"))


async def give_back(room: Room, client: Client, msg: Message) -> None:
    room.give_back(whole_number(msg.get("seat"), "seat"))


async def pause(room: Room, client: Client, msg: Message) -> None:
    room.pause()


async def resume(room: Room, client: Client, msg: Message) -> None:
    room.resume()


async def end(room: Room, client: Client, msg: Message) -> None:
    await room.end()


async def again(room: Room, client: Client, msg: Message) -> None:
    await room.again()


HANDLERS: dict[str, Handler] = {
    "sit": Handler(sit, lobby_only=True),
    "stand": Handler(stand, lobby_only=True),
    "configure": Handler(configure, host_only=True, lobby_only=True),
    "add_seat": Handler(add_seat, host_only=True, lobby_only=True),
    "remove_seat": Handler(remove_seat, host_only=True, lobby_only=True),
    "add_bot": Handler(add_bot, host_only=True, lobby_only=True),
    "clear_seat": Handler(clear_seat, host_only=True, lobby_only=True),
    "start": Handler(start, host_only=True, lobby_only=True),
    "act": Handler(act, play_only=True),
    "back": Handler(back, play_only=True),
    "react": Handler(react),
    "here": Handler(here),
    "stand_in": Handler(stand_in, host_only=True, play_only=True),
    "give_back": Handler(give_back, host_only=True, play_only=True),
    "pause": Handler(pause, host_only=True, play_only=True),
    "resume": Handler(resume, host_only=True, play_only=True),
    "end": Handler(end, host_only=True, play_only=True),
    "again": Handler(again, host_only=True),
    "ping": Handler(ping),
}
