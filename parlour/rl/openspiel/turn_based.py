"""Resampling for OpenSpiel's turn-based form of the game (``pyspiel.convert_to_turn_based``).

The turn-based form is OpenSpiel's own C++ wrapper: it asks seat 0, then seat 1,
without showing seat 1 what seat 0 chose. It cannot call back into a Python game
to resample, so algorithms that resample (IS-MCTS) are given :func:`resampler`::

    bot = ISMCTSBot(pyspiel.convert_to_turn_based(game), evaluator, 2.0, 100)
    bot.set_resampler(resampler)

The hidden cards are drawn by the game's own determinization
(:func:`.game.resample`); a choice seat 0 made that seat 1 has not seen yet is
drawn at random among seat 0's cards.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from .game import LoveMeNotGame, LoveMeNotSpielState, resample
from .position import Position


def simultaneous(state: Any) -> tuple[LoveMeNotSpielState, int | None]:
    """The simultaneous-game state behind a turn-based state, and seat 0's choice that
    waits for seat 1's (``None`` when seat 0 is to choose)."""
    game = _inner(state)
    inner = game.new_initial_state()
    pending: int | None = None
    for step in state.full_history():
        if step.player == pyspiel.PlayerId.CHANCE:
            inner.apply_action(step.action)
        elif pending is None:
            pending = step.action
        else:
            inner.apply_actions([pending, step.action])
            pending = None
    return inner, pending


def resampler(state: Any, player: int, rng: random.Random | None = None) -> Any:
    """A turn-based state that ``player`` cannot tell from ``state``, hidden cards redrawn."""
    rng = rng or random.Random(random.getrandbits(64))
    inner, pending = simultaneous(state)
    drawn = resample(inner.position, player, rng)
    out = state.get_game().new_initial_state()
    game = _inner(state)
    per_match = drawn.variant.hands + 2 * drawn.variant.turns
    for step in state.full_history()[:per_match * len(drawn.history)]:
        out.apply_action(step.action)  # earlier matches: everything was shown
    for h in range(len(drawn.dealt) // 2):
        out.apply_action(game.pair_index[drawn.dealt[2 * h], drawn.dealt[2 * h + 1]])
    for a, b in zip(*drawn.kept, strict=False):
        out.apply_action(a)
        out.apply_action(b)
    if pending is not None:
        out.apply_action(_pending(drawn, pending, player, rng))
    return out


def _pending(drawn: Position, pending: int, player: int, rng: random.Random) -> int:
    if player == 0:
        return pending
    hand = drawn.hand(0)
    return hand[rng.getrandbits(1)]


def _inner(state: Any) -> LoveMeNotGame:
    game = state.get_game()
    if isinstance(game, LoveMeNotGame):
        return game
    params = game.get_parameters()["game"]
    inner = pyspiel.load_game(params["name"], {k: v for k, v in params.items() if k != "name"})
    assert isinstance(inner, LoveMeNotGame)
    return inner
