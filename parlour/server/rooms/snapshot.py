"""The per-seat snapshot: everything one connection may know of its room now.

A connection is sent its own seat's view (``Game.view``), or the spectator's; never
another seat's, the seed, a running game's record or anyone's token. Building a
snapshot is kept apart from sending it (``Room.broadcast``, ``outbox.py``). A
snapshot depends on its connection only through ``token_hash`` and ``table_only``, so
connections alike share one.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from parlour.bots import bot_names
from parlour.engine import Game, Match

from ..config import Settings
from .audience import Connection, Message
from .bot_seats import level_of, levels
from .driver import Driver
from .lobby import Lobby
from .moments import Moments
from .play import Play
from .reactions import EMOJI, Reactions
from .seat_requests import SeatRequests
from .table_log import TableLog


class Shown(Protocol):
    """What a snapshot reads of a room."""

    @property
    def code(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def problem(self) -> str | None: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def lobby(self) -> Lobby: ...
    @property
    def play(self) -> Play | None: ...
    @property
    def log(self) -> TableLog: ...
    @property
    def driver(self) -> Driver: ...
    @property
    def reactions(self) -> Reactions: ...
    @property
    def moments(self) -> Moments: ...
    @property
    def requests(self) -> SeatRequests: ...
    def presence(self, seat: int) -> Literal["online", "away", "offline", "bot"]: ...
    def tally(self) -> list[int]: ...
    @property
    def past_winners(self) -> list[list[int]]: ...


def snapshot(room: Shown, client: Connection) -> Message:
    """The ``room`` message for one connection (see docs/protocol.md)."""
    return Snapshots(room).of(client)


class Snapshots:
    """The snapshots of a room as it is now, one per kind of connection.

    What every connection is shown alike (the lobby, the log) is made once and shared by
    all the snapshots; so is everything that did not change since the last change (the
    log, the reactions, the game's facts), which lets ``patch.diff`` skip it at once.
    """

    def __init__(self, room: Shown) -> None:
        self.room = room
        self._public: dict[str, Any] | None = None

    def of(self, client: Connection) -> Message:
        room = self.room
        lobby = room.lobby
        seat = lobby.seat_of(client.token_hash)
        you = {"seat": seat, "host": lobby.is_host(client.token_hash),
               "table_only": client.table_only,
               "stand_in": seat is not None and seat in room.driver.away,
               "asked": room.requests.of(client.token_hash)}
        shown_seat = None if client.table_only else seat
        play = None
        if room.play is not None:
            play = play_part(room.play.match, shown_seat, room.driver,
                             may_act=room.status == "playing")
        public = self.public()
        seats = [{**s, "you": s["human"] and held.token_hash == client.token_hash}
                 for s, held in zip(public["seats"], lobby.seats, strict=True)]
        return {"type": "room", "room": {**public, "seats": seats}, "you": you, "play": play}

    def public(self) -> dict[str, Any]:
        """The lobby, the seats and the log, as everyone sees them (the seats say which is
        the connection's own in ``of``)."""
        if self._public is None:
            self._public = room_part(self.room)
        return self._public


def room_part(room: Shown) -> dict[str, Any]:
    """The lobby, the seats and the log: public."""
    lobby, game = room.lobby, room.lobby.game
    wins = room.tally()
    waiting = lobby.to_accept()
    seats = [
        {
            "name": None if s.empty else lobby.name(i),
            "label": None if s.empty else lobby.label(i),
            "bot": s.bot,
            "level": level_of(game, s.bot) if s.bot else None,
            "human": s.token_hash is not None,
            "presence": None if s.empty else room.presence(i),
            "stand_in": i in room.driver.away,
            "wins": wins[i],
            "to_accept": i in waiting,
        }
        for i, s in enumerate(lobby.seats)
    ]
    return {
        "code": room.code,
        "game": lobby.game_id,
        "title": game.title,
        "status": room.status,
        "paused": room.driver.paused,
        "problem": room.problem,
        "options": public_options(lobby.options),
        "stacked": lobby.notice(),
        "timer": lobby.timer,
        "pace": lobby.pace,
        "bot_delay": room.settings.bot_delay,
        "seats": seats,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "bots": shared_bot_names(game),
        "default_bot": game.default_bot,
        "levels": list(levels(game)),
        "max_name_length": room.settings.max_name_length,
        "game_number": len(room.past_winners) + 1,
        "log": room.log.recent(),
        "moment": room.moments.to_json(),
        "moments_waiting": room.moments.waiting,
        "requests": room.requests.to_json(),
        "reactions": room.reactions.recent(),
        "emoji": EMOJI_LIST,
    }


EMOJI_LIST = list(EMOJI)
_BOT_NAMES: dict[str, list[str]] = {}


def shared_bot_names(game: Game[Any]) -> list[str]:
    """``bot_names(game)``, one list per game that every snapshot shares (never changed)."""
    names = _BOT_NAMES.get(game.id)
    if names is None:
        names = _BOT_NAMES[game.id] = bot_names(game)
    return names


def play_part(match: Match[Any], seat: int | None, driver: Driver, *,
              may_act: bool = True) -> dict[str, Any]:
    """The game as ``seat`` (``None``: a spectator) may see it, what it may do (nothing
    once the host has ended it: ``may_act``), and the clocks (public: everyone may see
    how long a seat has left)."""
    legal = None
    if may_act and seat is not None and seat in match.to_act:
        legal = match.legal(seat).to_json()
    result = match.result()
    return {
        "version": len(match.record.actions),
        "seat": seat,
        "view": match.view(seat),
        "to_act": sorted(match.to_act),
        "legal": legal,
        "over": match.over,
        "result": result.to_json() if result else None,
        "deadline": driver.time_left(seat),
        "clocks": [driver.time_left(s) for s in range(match.record.players)],
    }


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options as everyone may see them: a stacked deck says that it is stacked, not its order;
    the host's own content (a card set) says its name.

    >>> public_options({"matches": 1, "deck": ["5H", "2S"], "cards": {"name": "Mine"}})
    {'matches': 1, 'deck': 'stacked', 'cards': 'Mine (your own)'}
    """
    return {k: _public(k, v) for k, v in options.items()}


def _public(name: str, value: Any) -> Any:
    if isinstance(value, dict):
        return f"{value.get('name') or 'unnamed'} (your own)"
    if isinstance(value, list):
        return "stacked" if name == "deck" else f"{len(value)} of your own"
    return value
