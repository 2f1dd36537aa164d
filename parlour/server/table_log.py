"""The table's log: public lines only, one per move (who moved, then what the move made
public, in the game's own words), with the lobby's comings and goings and the end.

The server keeps the last ``LOG_LINES`` lines. After a restart it rebuilds them the
same, narrating again only the moves those lines hold.

>>> from parlour.engine import Match
>>> from parlour.games import get_game
>>> match = Match.new(get_game("love-me-not"), 2, {"matches": 1}, seed=1)
>>> before = match.view(None)
>>> match.act(0, match.legal(0).choices[0])
>>> move = Move(1, 0, True, before, match.view(None))
>>> table = TableLog("KXMP")
>>> table.move(match.game, move, ["Ann", "Bob"], stand_in=True)
>>> table.result([1], ["Ann", "Bob"])
>>> table.recent()
['Move 1: a bot played for Ann', 'Game over. Winner: Bob']
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game

from .play import Move

logger = logging.getLogger("parlour.server")

LOG_LINES = 80
"""How many lines of a room's log the server keeps and sends (My Story's own log is
another thing: it lives in that game's state)."""


class TableLog:
    """The last ``LOG_LINES`` public lines of one room."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.lines: list[str] = []

    @staticmethod
    def untold(moves: int) -> int:
        """How many of a record's first ``moves`` moves a rebuilt log has no room for."""
        return moves - LOG_LINES

    def recent(self) -> list[str]:
        """The lines to show, oldest first (a copy: a snapshot must not change after it is made)."""
        return self.lines[-LOG_LINES:]

    def note(self, text: str) -> None:
        self.lines.append(text)
        del self.lines[:-LOG_LINES]

    def move(self, game: Game[Any], move: Move, names: Sequence[str], *, stand_in: bool) -> None:
        """Who moved (or "a bot played for" a person away), then what the move made public.

        One line per move, so that the log (shown newest first) keeps each move together.
        ``Game.narrate`` is given the spectator's views only, so it cannot tell a secret.
        """
        who = names[move.seat]
        first = (f"Move {move.number}: a bot played for {who}" if stand_in
                 else f"Move {move.number}: {who}")
        try:
            told = game.narrate(move.before, move.after, names)
        except Exception:
            # The log is a courtesy: a narration bug must not stop the game.
            logger.exception("room %s: could not narrate move %d", self.code, move.number)
            told = []
        self.note(" — ".join([first, " ".join(told)]) if told else first)

    def result(self, winners: Sequence[int], names: Sequence[str]) -> None:
        self.note(f"Game over. Winner: {', '.join(names[w] for w in winners) or 'nobody'}")
