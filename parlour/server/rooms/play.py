"""The game a room plays: the engine's match, kept in step with its stored record.

A move is checked by the engine and counts at once in memory; the room hands it to the
store and tells no one of it before it is on disk.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.engine import Action, Game, Match, ParlourError, Record, Result, View, replay
from parlour.engine.chance import new_seed
from parlour.games import get_game

from ..errors import RoomError, Unreplayable
from ..storage.changes import StoredRoom

logger = logging.getLogger("parlour.server")


@dataclass(frozen=True)
class Move:
    """One move that counts: its number (from 1), who made it, whether a bot did, and the
    spectator's views around it (all the table's log may tell)."""

    number: int
    seat: int
    bot: bool
    before: View
    after: View


class Play:
    """A room's running (or finished) match and which of its moves bots made."""

    def __init__(self, code: str, match: Match[Any], by_bot: list[bool]) -> None:
        self.code = code
        self.match = match
        self.by_bot = by_bot
        self._public: View | None = None
        """The spectator's view after the last move made here (views never change once
        made): the next move's "before"."""

    @classmethod
    def start(cls, code: str, game: Game[Any], players: int,
              options: dict[str, Any]) -> Play:
        """A new match on a freshly drawn seed (which no client ever sees)."""
        try:
            match = Match.new(game, players, options, new_seed())
        except ParlourError as exc:
            raise RoomError(str(exc)) from None
        return cls(code, match, [])

    @classmethod
    def restore(cls, stored: StoredRoom, log: Callable[[Move], object],
                log_from: int) -> Play:
        """Replay a started room's record move by move, passing ``log`` the moves after
        the first ``log_from`` (the ones a log keeps), or raise ``Unreplayable``."""
        assert stored.seed is not None
        record = Record(stored.game, len(stored.seats), stored.seed, dict(stored.options), [])
        bots = [bool(entry.get("bot")) for entry in stored.actions]
        number = 0
        try:
            # Step by step rather than replay() in one go, to narrate the moves the log keeps.
            match = replay(record, get_game)
            for number, entry in enumerate(stored.actions, start=1):
                before = match.view(None) if number > log_from else None
                match.act(entry["seat"], entry["action"])
                if before is not None:
                    log(Move(number, entry["seat"], bots[number - 1], before, match.view(None)))
        except ParlourError as exc:
            logger.error("room %s cannot be replayed at move %d: %s", stored.code, number, exc)
            raise Unreplayable(
                f"this game can no longer be replayed (move {number}: {exc})") from None
        return cls(stored.code, match, bots)

    @property
    def seed(self) -> int:
        return self.match.record.seed

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def over(self) -> bool:
        return self.match.over

    def result(self) -> Result | None:
        return self.match.result()

    def was_bot(self, index: int) -> bool:
        """Whether a bot made move ``index`` (from 0)."""
        return self.by_bot[index] if index < len(self.by_bot) else False

    def apply(self, seat: int, action: Action, bot: bool) -> Move:
        """Carry out a move (the engine checks it), or raise ``RoomError``, changing nothing."""
        match = self.match
        number = len(match.record.actions) + 1
        before = self._public if self._public is not None else match.view(None)
        try:
            match.act(seat, action)
        except ParlourError as exc:
            raise RoomError(str(exc)) from None
        self.by_bot.append(bot)
        self._public = match.view(None)
        return Move(number, seat, bot, before, self._public)
