"""Match records: the JSON unit that is stored, replayed, shared and fed to the lab.

>>> rec = Record.from_json({"game": "g", "players": 2, "seed": 7, "options": {}, "actions": []})
>>> rec.to_json()["seed"]
7
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import ParlourError, RecordError
from .game import Action, Game, Legal, Result, View

S = TypeVar("S")


@dataclass
class Record:
    """A game's id, seat count, seed, options and every action in order."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": self.actions,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record, saying clearly what is wrong with a bad one."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        for key, kind in (("game", str), ("players", int), ("seed", int)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise RecordError(f"a record needs {key!r} as {kind.__name__}")
        options = data.get("options", {})
        actions = data.get("actions", [])
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list")
        for i, entry in enumerate(actions):
            if (
                not isinstance(entry, dict)
                or not isinstance(entry.get("seat"), int)
                or isinstance(entry.get("seat"), bool)
                or not isinstance(entry.get("action"), dict)
            ):
                raise RecordError(f"action {i} must be {{'seat': int, 'action': object}}", i)
        return cls(data["game"], data["players"], data["seed"], options, actions)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc


_ATOMS = (str, int, float, bool, type(None))


def copy_json(value: Any) -> Any:
    """A copy of a JSON value that shares nothing mutable with it (what ``copy.deepcopy``
    gives, without its bookkeeping: a record copies every action it keeps).

    >>> action = {"rank": ["a", "b"], "stars": 1}
    >>> copied = copy_json(action)
    >>> copied == action, copied["rank"] is action["rank"]
    (True, False)
    """
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list:
        return [copy_json(v) for v in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


class Match(Generic[S]):
    """A game in progress together with its record; the one way front ends drive a game.

    Actions go through :meth:`act`, which applies them and appends them to the
    record only if they are legal.
    """

    def __init__(self, game: Game[S], record: Record, state: S) -> None:
        self.game = game
        self.record = record
        self.state = state

    @classmethod
    def new(
        cls, game: Game[S], players: int, options: dict[str, Any] | None = None, seed: int = 0
    ) -> Match[S]:
        state = game.setup(players, options, seed)
        return cls(game, Record(game.id, players, seed, dict(options or {})), state)

    def act(self, seat: int, action: Action) -> None:
        self.game.apply(self.state, seat, action)
        self.record.actions.append({"seat": seat, "action": copy_json(action)})

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> Legal:
        return self.game.legal(self.state, seat)

    def result(self) -> Result | None:
        return self.game.result(self.state)


def replay(
    record: Record, lookup: Callable[[str], Game[Any]], upto: int | None = None
) -> Match[Any]:
    """Rebuild a match from its record (its first ``upto`` actions, or all).

    An illegal action is reported as a ``RecordError`` with its index.
    """
    try:
        game = lookup(record.game)
        state = game.setup(record.players, record.options, record.seed)
    except ParlourError as exc:
        raise RecordError(f"cannot set up the record's game: {exc}") from exc
    match: Match[Any] = Match(game, Record(record.game, record.players, record.seed,
                                           dict(record.options)), state)
    for i, entry in enumerate(record.actions[:upto]):
        try:
            match.act(entry["seat"], entry["action"])
        except ParlourError as exc:
            raise RecordError(f"action {i} (seat {entry['seat']}) is illegal: {exc}", i) from exc
    return match
