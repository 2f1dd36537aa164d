"""Batched opponents for the simulator: ``greedy`` and ``cfr`` choose for every match at once.

They are the compiled forms of the bots of the same names (checked against them
in ``tests/rl``), and like them they read only what their seat sees: the cards it
drew, kept and piled, and the opponent's cards once face up.

>>> import numpy as np
>>> from parlour.rl.love_me_not import batch
>>> state = batch.reset(1000, seed=1)
>>> rng = np.random.default_rng(1)
>>> while not state.terminated.all():
...     mine = batch.random_actions(state, rng)[:, 0]
...     state = batch.step(state, np.stack([mine, greedy(state, 1, rng)], axis=1))
>>> bool(state.rewards[:, 1].mean() > 0.3)  # greedy beats random play
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..jit import jit
from .batch import Batch
from .encode import TURNS
from .train_cfr import GREEDY, WEIGHTS, Policy, _fixed_p_first, _info

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


def greedy(state: Batch, seat: int, rng: np.random.Generator) -> I64:
    """[B] the card ``greedy`` keeps for ``seat`` in every match (-1 where it is over)."""
    return policy_actions(state, seat, GREEDY, rng)


def cfr(state: Batch, seat: int, rng: np.random.Generator) -> I64:
    """[B] the card the shipped ``cfr`` strategy keeps for ``seat`` (greedy where its table
    has no entry, as the bot does)."""
    return policy_actions(state, seat, _shipped(), rng)


def policy_actions(state: Batch, seat: int, policy: Policy, rng: np.random.Generator) -> I64:
    """[B] the card a fixed :class:`~.train_cfr.Policy` keeps for ``seat`` in every match."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1 (got {seat!r})")
    out = np.empty(state.batch_size, np.int64)
    _choose(state.deck, state.kept, state.turn, state.done, seat, policy.kind, policy.keys,
            policy.probs, WEIGHTS, rng.random(state.batch_size), out)
    return out


_SHIPPED: list[Policy] = []


def _shipped() -> Policy:
    if not _SHIPPED:
        _SHIPPED.append(Policy.shipped())
    return _SHIPPED[0]


@jit
def _choose(deck: I8, kept: I8, turn: I8, done: npt.NDArray[np.bool_], seat: int, kind: int,
            keys: I64, probs: F64, weights: I64, coins: F64, out: I64) -> None:
    for b in range(deck.shape[0]):
        t = int(turn[b])
        if done[b] or t >= TURNS:
            out[b] = -1
            continue
        row_deck, row_kept = deck[b:b + 1], kept[b:b + 1]
        key, first, second = _info(row_deck, row_kept, t, seat, weights)
        if second < 0:
            out[b] = first
            continue
        p = _fixed_p_first(kind, keys, probs, row_deck, row_kept, t, seat, key, first, second)
        out[b] = first if coins[b] < p else second
