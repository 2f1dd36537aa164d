"""The lobby of a room: the game and its options, the decision timer, the pace, who sits
where and who hosts.

Every method checks its request and either changes the lobby or raises ``RoomError``
having changed nothing; storing the change is the room's business.

>>> from parlour.server.config import Settings
>>> lobby = Lobby("love-me-not", {}, [Seat(), Seat()], 0, "host", Settings())
>>> lobby.sit(0, "  Ann ", "ann")
'Ann'
>>> lobby.add_bot(1, None, "hard")
>>> lobby.names(), lobby.label(1)
(['Ann', 'Robin'], 'Robin · bot, hard')
>>> lobby.add_seat()
Traceback (most recent call last):
...
parlour.server.errors.RoomError: Love Me Not takes at most 2 players
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.bots import bot_names
from parlour.engine import Game, ParlourError
from parlour.engine.narration import default_name
from parlour.games import game_ids, get_game

from ..config import Settings
from ..errors import RoomError
from ..storage.changes import StoredRoom
from .bot_seats import NAMES, bot_for, bot_label, free_name, level_of, levels
from .limits import clean_name
from .moments import DEFAULT_PACE, check_pace
from .names import looks_alike


@dataclass
class Seat:
    """Who sits at one seat: nobody, a person (by token hash) or a bot (by its engine's
    name, ``bot``; ``name`` is then the person's name it plays under)."""

    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    accepted: bool = False
    """The person has accepted the stacked deck as the lobby stands now."""

    @property
    def empty(self) -> bool:
        return self.token_hash is None and self.bot is None

    def display_name(self, index: int) -> str:
        """What the table calls the seat at ``index``: the one place a seat gets its name.

        >>> Seat("Ann", "h").display_name(0), Seat("Robin", bot="greedy").display_name(1)
        ('Ann', 'Robin')
        >>> Seat().display_name(2), Seat(bot="greedy").display_name(1)
        ('Player 3', 'Sam')
        """
        if self.name:
            return self.name
        if self.bot:
            return NAMES[index % len(NAMES)]  # a bot stored before bots had names
        return default_name(index)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot,
                "accepted": self.accepted}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data.get("name"), data.get("token_hash"), data.get("bot"),
                   bool(data.get("accepted")))


def stacked(game: Game[Any], players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The options that lay out chance by hand (a deck, top first), and the host's own
    content so small that its giver could work out who holds what
    (``Game.fixing_content``). Other content (a card set, enough phrase pairs, categories)
    is shuffled from the seed like the bundled content, so it tells nobody a hand.

    >>> pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(24)]
    >>> typ = get_game("take-your-pick")
    >>> list(stacked(typ, 3, {"pairs": pairs[:6]})), stacked(typ, 3, {"pairs": pairs})
    (['pairs'], {})
    >>> stacked(get_game("love-me-not"), 2, {"matches": 1, "deck": ["5H", "2S"]})
    {'deck': ['5H', '2S']}
    """
    fixing = game.fixing_content(players, options)
    return {k: v for k, v in options.items()
            if v is not None and (k == "deck" or k in fixing)}


def check_options(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    """Refuse (``RoomError``, the engine's reason) options the game cannot be set up with:
    now, not at the start."""
    try:
        game.setup(players, options, 0)
    except ParlourError as exc:
        raise RoomError(str(exc)) from None


STACKED_NOTICE = (
    "The host has stacked the deck: they chose the order of the cards, so they may know"
    " your hand and what comes next. Play only if you agree."
)
"""What every person seated by the host is shown, and must accept, before a stacked game."""
FEW_CARDS_NOTICE = (
    "The host's own cards are so few that the host may work out which ones you hold."
    " Play only if you agree."
)
"""The notice for the host's own content that would tell them who holds what."""


class Lobby:
    """A room's set-up: what is stored of it before (and while) its game runs."""

    def __init__(self, game_id: str, options: dict[str, Any], seats: list[Seat], timer: int,
                 host_hash: str, settings: Settings, pace: str = DEFAULT_PACE) -> None:
        self.game_id = game_id
        self.options = options
        self.seats = seats
        self.timer = timer
        self.host_hash = host_hash
        self.settings = settings
        self.pace = pace

    @classmethod
    def from_stored(cls, stored: StoredRoom, settings: Settings) -> Lobby:
        seats = [Seat.from_json(s) for s in stored.seats]
        return cls(stored.game, stored.options, seats, stored.timer, stored.host_hash, settings,
                   stored.pace)

    @property
    def game(self) -> Game[Any]:
        return get_game(self.game_id)

    def stored_seats(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.seats]

    # -- who is who ---------------------------------------------------------------------
    def seat_of(self, token_hash: str | None) -> int | None:
        """The seat that a token (by its hash) holds, if any."""
        if token_hash is not None:
            for i, seat in enumerate(self.seats):
                if seat.token_hash == token_hash:
                    return i
        return None

    def is_host(self, token_hash: str | None) -> bool:
        return token_hash is not None and token_hash == self.host_hash

    def knows(self, token_hash: str) -> bool:
        """Whether the token is this room's host's or one of its seats'."""
        return self.is_host(token_hash) or self.seat_of(token_hash) is not None

    def name(self, seat: int) -> str:
        return self.seats[seat].display_name(seat)

    def names(self) -> list[str]:
        return [self.name(i) for i in range(len(self.seats))]

    def label(self, seat: int) -> str:
        """The seat as the seat list shows it: a person's name, or a bot's name with its
        level ("Robin · bot, hard"), never the engine's name for the bot."""
        held = self.seats[seat]
        if held.bot is None:
            return self.name(seat)
        return bot_label(self.name(seat), level_of(self.game, held.bot))

    def played_by_bot(self, seat: int) -> bool:
        return self.seats[seat].bot is not None

    # -- changes --------------------------------------------------------------------------
    def check_seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.seats):
            raise RoomError(f"there is no seat {seat + 1}")
        return seat

    def clean_name(self, name: object) -> str:
        """A name a person typed, cleaned (``limits.clean_name``), or ``RoomError`` saying
        what is wrong with it."""
        try:
            return clean_name(name, self.settings.max_name_length)
        except ValueError as exc:
            raise RoomError(str(exc)) from None

    def sit(self, seat: int, name: object, holder: str) -> str:
        """The person holding ``holder`` (a token hash) takes (or renames, or moves to) a seat.

        Returns the name, cleaned.
        """
        target = self.seats[self.check_seat(seat)]
        clean = self.clean_name(name)
        if not target.empty and target.token_hash != holder:
            raise RoomError(f"seat {seat + 1} is taken")
        self.check_unlike(clean, holder)
        old = self.seat_of(holder)
        if old is not None and old != seat:
            self.seats[old] = Seat()
        self.seats[seat] = Seat(name=clean, token_hash=holder, accepted=target.accepted
                                and target.token_hash == holder)
        return clean

    def check_unlike(self, name: str, holder: str, taking: int | None = None) -> None:
        """Refuse a name that reads as another seat's on the table (``names.py``); the seat
        ``taking``, if given, is the one the name will replace."""
        for i, other in enumerate(self.seats):
            if (not other.empty and other.token_hash != holder and i != taking
                    and looks_alike(name, self.name(i))):
                raise RoomError(f"{name!r} looks like {self.name(i)!r} at seat {i + 1}:"
                                " please choose a name the table can tell apart")

    def stand(self, holder: str | None) -> tuple[int, str]:
        """The person holding ``holder`` leaves their seat; returns it and its name."""
        seat = self.seat_of(holder)
        if seat is None:
            raise RoomError("you have no seat to leave")
        name = self.name(seat)
        self.seats[seat] = Seat()
        return seat, name

    def configure(self, game_id: object, options: object, timer: object,
                  pace: object = None) -> None:
        """Choose the game, its options, the decision timer (seconds, 0 = off) and the pace
        (``None`` keeps it)."""
        if not isinstance(game_id, str) or game_id not in game_ids():
            raise RoomError(f"unknown game {game_id!r}")
        game = get_game(game_id)
        if not isinstance(options, dict):
            raise RoomError("options must be an object")
        timer = whole_number(timer, "the timer")
        if not 0 <= timer <= self.settings.max_timer_seconds:
            raise RoomError(f"the timer is 0 (off) to {self.settings.max_timer_seconds} seconds")
        pace = self.pace if pace is None else check_pace(pace)
        count = min(max(len(self.seats), game.min_players), game.max_players)
        check_options(game, count, options)
        if game_id != self.game_id:
            self.seats = self.seats[:count] + [Seat() for _ in range(count - len(self.seats))]
            old = self.game
            for s in self.seats:
                if s.bot and s.bot not in bot_names(game):
                    # The same level in the new game, if it has one.
                    s.bot = levels(game).get(level_of(old, s.bot), game.default_bot)
        if (stacked(game, count, options) != self.stacked_options()
                or game_id != self.game_id):
            for s in self.seats:
                s.accepted = False  # agreeing to one stacked deck is not agreeing to another
        self.game_id, self.options, self.timer, self.pace = game_id, options, timer, pace

    def stacked_options(self) -> dict[str, Any]:
        """The options everyone must accept before the game starts (:func:`stacked`)."""
        return stacked(self.game, len(self.seats), self.options)

    def notice(self) -> str | None:
        """What every person is shown of a stacked deck, if the lobby has one."""
        laid = self.stacked_options()
        if not laid:
            return None
        return STACKED_NOTICE if "deck" in laid else FEW_CARDS_NOTICE

    def content_options(self) -> list[str]:
        """The options that carry content (given as a file, not typed in the lobby form)."""
        return [o.name for o in self.game.options if o.content]

    def give_content(self, name: object, value: object) -> None:
        """Set (or, with ``None``, remove) a content option, validated like any option."""
        if not isinstance(name, str) or name not in self.content_options():
            raise RoomError(f"{self.game.title} takes no content called {name!r}")
        options = {k: v for k, v in self.options.items() if k != name}
        if value is not None:
            options[name] = value
        self.configure(self.game_id, options, self.timer)

    def add_seat(self) -> None:
        game = self.game
        if len(self.seats) >= game.max_players:
            raise RoomError(f"{game.title} takes at most {game.max_players} players")
        self.seats.append(Seat())

    def remove_seat(self, seat: int) -> None:
        self.check_seat(seat)
        game = self.game
        if len(self.seats) <= game.min_players:
            raise RoomError(f"{game.title} needs at least {game.min_players} players")
        del self.seats[seat]

    def add_bot(self, seat: int, bot: object, level: object = None) -> None:
        """A bot takes a seat no person holds: the one that plays ``level`` (easy, medium,
        hard), else ``bot`` (an engine's name, for the API's clients), else the game's
        default. It plays under a person's name nobody at the table has (a bot changed for
        another keeps its name)."""
        self.check_seat(seat)
        game = self.game
        bot = bot_for(game, level) if level is not None else bot or game.default_bot
        if not isinstance(bot, str) or bot not in bot_names(game):
            raise RoomError(f"no bot {bot!r} for {game.title}")
        held = self.seats[seat]
        if held.token_hash is not None:
            raise RoomError(f"seat {seat + 1} is taken by {self.name(seat)}")
        name = held.name if held.bot and held.name else free_name(self.names(), seat)
        self.seats[seat] = Seat(name=name, bot=bot)

    def give_seat(self, seat: int, name: str, holder: str) -> None:
        """At the host's word, a person who asked (``holder``, a token hash) takes an empty
        seat or a bot's."""
        self.check_seat(seat)
        if self.seats[seat].token_hash is not None:
            raise RoomError(f"seat {seat + 1} is taken by {self.name(seat)}")
        if self.seat_of(holder) is not None:
            raise RoomError(f"{name} has a seat already")
        self.check_unlike(name, holder, taking=seat)  # the table may have changed since
        self.seats[seat] = Seat(name=name, token_hash=holder)

    def make_host(self, seat: int) -> str:
        """Hand the host's role to the person at ``seat``; returns their name."""
        held = self.seats[self.check_seat(seat)]
        if held.token_hash is None:
            raise RoomError(f"seat {seat + 1} has no person to be the host")
        if held.token_hash == self.host_hash:
            raise RoomError(f"{self.name(seat)} is the host already")
        self.host_hash = held.token_hash
        return self.name(seat)

    def clear_seat(self, seat: int) -> None:
        self.seats[self.check_seat(seat)] = Seat()

    def check_full(self) -> None:
        """Refuse to start while a seat is empty, or a person has not accepted a stacked
        deck (see :meth:`to_accept`)."""
        empty = [i + 1 for i, s in enumerate(self.seats) if s.empty]
        if empty:
            raise RoomError(f"seat {empty[0]} is empty: seat a player or a bot there")
        waiting = self.to_accept()
        if waiting:
            names = " and ".join(self.name(i) for i in waiting)
            raise RoomError(f"the deck is stacked: {names} must accept it before the game"
                            " starts")

    def to_accept(self) -> list[int]:
        """The seats whose person must still accept the stacked deck: with a stacked deck
        the host may know every hand, so each other person must agree first. The host's
        own seat needs no notice (they chose the deck), nor does a bot."""
        if not self.stacked_options():
            return []
        return [i for i, s in enumerate(self.seats)
                if s.token_hash is not None and not self.is_host(s.token_hash)
                and not s.accepted]

    def accept(self, holder: str | None) -> int:
        """The person holding ``holder`` accepts the stacked deck; returns their seat."""
        seat = self.seat_of(holder)
        if seat is None:
            raise RoomError("you have no seat in this game")
        if not self.stacked_options():
            raise RoomError("the deck is not stacked: there is nothing to accept")
        self.seats[seat].accepted = True
        return seat


def whole_number(value: object, what: str) -> int:
    """A number from a message that must be whole (``True`` is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError(f"{what} must be a whole number")
    return value
