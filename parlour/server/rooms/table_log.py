"""The table's log: public lines only, one per move that told something (who moved, then
what the move made public, in the game's own words, naming the mover once), with the
room's comings and goings and the end.

Moves that made nothing public (a secret choice) say so, and a run of them folds into one
line, so the log never fills with bare "Move 13: Ann" lines. The server keeps the last
``LOG_LINES`` lines. After a restart it rebuilds them, narrating again only the last
``LOG_LINES`` moves.

>>> from parlour.engine import Match
>>> from parlour.games import get_game
>>> match = Match.new(get_game("love-me-not"), 2, {"matches": 1}, seed=1)
>>> table = TableLog("KXMP")
>>> for number in (1, 2):
...     before = match.view(None)
...     seat = min(match.to_act)
...     match.act(seat, match.legal(seat).choices[0])
...     told = table.move(match.game, Move(number, seat, False, before, match.view(None)),
...                       ["Ann", "Bob"], stand_in=number == 2)
>>> table.result([1], ["Ann", "Bob"])
>>> [line["text"] for line in table.recent()]
['Moves 1–2: Ann and a bot for Bob chose in secret', 'Game over. Winner: Bob']
>>> [line["n"] for line in table.recent()]
[1, 2]
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from parlour.engine import Game
from parlour.engine.narration import listing

from .play import Move

logger = logging.getLogger("parlour.server")

LOG_LINES = 80
"""How many lines of a room's log the server keeps and sends (My Story's own log is
another thing: it lives in that game's state)."""

Kind = Literal["note", "move", "quiet", "end"]
"""A line's kind: a room note, a move that told something, a fold of secret moves, the end."""


@dataclass
class Quiet:
    """A run of moves that made nothing public, told as one line."""

    first: int
    last: int
    who: list[str] = field(default_factory=list)

    def text(self) -> str:
        moves = f"Move {self.first}" if self.first == self.last else (
            f"Moves {self.first}–{self.last}")
        return f"{moves}: {listing(self.who)} chose in secret"


class TableLog:
    """The last ``LOG_LINES`` public lines of one room.

    A line is ``{"n": 12, "kind": "move", "seat": 1, "text": "...", "told": "..."}``:
    ``n`` counts the room's lines from 1 (a folded line keeps its number), ``seat`` is the
    seat that moved (``None`` for notes, and for a fold of several seats' moves) and
    ``told`` is what a move made public, without who made it.
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.lines: list[dict[str, Any]] = []
        self._shown: list[dict[str, Any]] | None = None
        self.count = 0
        self.quiet: Quiet | None = None
        """The fold the next secret move joins, while it is the last line."""

    @staticmethod
    def untold(moves: int) -> int:
        """How many of a record's first ``moves`` moves a rebuilt log has no room for."""
        return moves - LOG_LINES

    def recent(self) -> list[dict[str, Any]]:
        """The lines to show, oldest first: the same list until a line comes or changes.

        Neither the list nor a line in it is changed once made (a new line makes a new
        list; a fold rewrites its line as a new one), so every snapshot of the room shares
        them and a snapshot never changes after it is made; comparing two snapshots skips
        an unchanged log at once.
        """
        if self._shown is None:
            self._shown = self.lines[-LOG_LINES:]
        return self._shown

    def _add(self, kind: Kind, text: str, seat: int | None = None, told: str | None = None) -> None:
        self.count += 1
        line: dict[str, Any] = {"n": self.count, "kind": kind, "seat": seat, "text": text}
        if told is not None:
            line["told"] = told
        self.lines.append(line)
        del self.lines[:-LOG_LINES]
        self._shown = None
        self.quiet = None

    def note(self, text: str) -> None:
        self._add("note", text)

    def move(self, game: Game[Any], move: Move, names: Sequence[str], *, stand_in: bool) -> str:
        """Who moved (or "a bot for" a person away), then what the move made public.

        Returns what the move made public ("" if nothing). ``Game.narrate`` is given the spectator's
        views only, so it cannot tell a secret.
        """
        try:
            told = " ".join(game.narrate(move.before, move.after, names))
        except Exception:
            # The log is a courtesy: a narration bug must not stop the game.
            logger.exception("room %s: could not narrate move %d", self.code, move.number)
            told = ""
        who = f"a bot for {names[move.seat]}" if stand_in else names[move.seat]
        if told:
            # "Move 12: Ann plays “Music”", not "Move 12: Ann — Ann plays “Music”".
            said = told if told.startswith(f"{who} ") else f"{who} — {told}"
            self._add("move", f"Move {move.number}: {said}", move.seat, told)
            return told
        self._fold(move, who)
        return ""

    def _fold(self, move: Move, who: str) -> None:
        """A secret move joins the fold that is the last line, or starts one."""
        quiet = self.quiet
        if quiet is None or quiet.last != move.number - 1:
            self._add("quiet", "", move.seat)
            quiet = self.quiet = Quiet(move.number, move.number)
        quiet.last = move.number
        if who not in quiet.who:
            quiet.who.append(who)
        self.lines[-1] = {**self.lines[-1], "text": quiet.text(),
                          "seat": move.seat if len(quiet.who) == 1 else None}
        self._shown = None

    def result(self, winners: Sequence[int], names: Sequence[str]) -> None:
        self._add("end", f"Game over. Winner: {', '.join(names[w] for w in winners) or 'nobody'}")
