"""Checks that any game keeps the engine contract; used by every game's tests.

>>> from parlour.games import get_game
>>> record = play_random(get_game("love-me-not"), players=2, seed=3)
>>> record.game
'love-me-not'
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Collection, Sequence
from typing import Any

from .agents import RandomAgent
from .errors import IllegalAction
from .game import Game, View
from .records import Match, Record, replay


def play_random(game: Game[Any], players: int, seed: int,
                options: dict[str, Any] | None = None, *, check: bool = False) -> Record:
    """Play a game of random agents to the end and return its record.

    With ``check``, every step also asserts the contract: views are JSON-safe,
    a seat that may not act is refused without any change, and the state is
    deterministic under replay.
    """
    match = Match.new(game, players, options, seed)
    agents = [RandomAgent(game, s, seed * 31 + s) for s in range(players)]
    steps = 0
    while not match.over:
        seats = sorted(match.to_act)
        assert seats, "a game that is not over must have a seat to act"
        if check:
            check_step(game, match)
        seat = random.Random(seed + steps).choice(seats)
        match.act(seat, agents[seat].act(match.view(seat), match.legal(seat)))
        steps += 1
        assert steps < 100_000, "the game did not end"
    assert game.result(match.state) is not None
    if check:
        check_step(game, match)
        again = replay(Record.from_json(json.loads(match.record.dumps())), lambda _: game)
        assert state_dump(game, again.state) == state_dump(game, match.state)
    return match.record


def state_dump(game: Game[Any], state: Any) -> str:
    """Every seat's and the spectator's view, as one string: equal dumps, equal knowledge."""
    seats = range(game.players(state))
    views = [game.view(state, s) for s in seats] + [game.view(state, None)]
    return json.dumps(views, sort_keys=True)


def check_step(game: Game[Any], match: Match[Any]) -> None:
    """Views are JSON-safe; a seat that may not act, and a junk action, change nothing."""
    before = copy.deepcopy(match.state)
    dump = state_dump(game, match.state)
    json.loads(dump)
    idle = [s for s in range(game.players(match.state)) if s not in match.to_act]
    for seat in [*idle, -1, game.players(match.state)]:
        _assert_refused(game, match, seat, {"nonsense": True})
    for seat in match.to_act:
        _assert_refused(game, match, seat, {"nonsense": True})
    assert state_dump(game, match.state) == dump
    assert _same(before, match.state)


def _assert_refused(game: Game[Any], match: Match[Any], seat: int, action: Any) -> None:
    try:
        game.apply(match.state, seat, action)
    except IllegalAction as exc:
        assert str(exc), "an error must say what was wrong"
    else:
        raise AssertionError(f"seat {seat} was allowed {action!r}")


def _same(a: Any, b: Any) -> bool:
    """Deep equality that also compares random generators by their internal state."""
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return a.getstate() == b.getstate()
    if hasattr(a, "__dict__") and hasattr(b, "__dict__"):
        return type(a) is type(b) and _same(vars(a), vars(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def unexplained_words(sentence: str, view: View, names: Sequence[str],
                      template: Collection[str]) -> list[str]:
    """Words of a narrated ``sentence`` that are neither ``template`` words, seat names,
    nor text found in the public ``view``: a cheap guard that narration repeats only
    what a spectator was shown.

    >>> unexplained_words("Ann plays Linen.", {"played": ["Linen"]}, ["Ann"], {"plays"})
    []
    >>> unexplained_words("Ann plays Silk.", {"played": ["Linen"]}, ["Ann"], {"plays"})
    ['Silk']
    """
    public = json.dumps(view, ensure_ascii=False)
    rest = sentence
    texts = set(re.findall(r'"((?:[^"\\]|\\.)*)"', public)) | set(names)
    for text in sorted(texts, key=len, reverse=True):
        if len(text) > 1:
            rest = rest.replace(text, " ")
    allowed = {w.lower() for w in template}
    return [w for w in re.findall(r"[^\W\d_]+", rest) if w.lower() not in allowed]
