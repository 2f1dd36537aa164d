"""Counterfactual regret minimisation for a single Love Me Not match, compiled with Numba.

A match deals about 2.4e15 different ways, so the strategy is computed over
the abstraction of :mod:`parlour.games.love_me_not.cfr` (suits, number-card
counts and where each jack is; a few hundred thousand situations) by
external-sampling Monte Carlo CFR (Lanctot et al., 2009): every iteration deals
one deck, and each seat in turn explores both of its choices at every turn
while the other seat's simultaneous choice is sampled from its current
strategy. The rules are the batch simulator's (checked against the engine).

The same machinery finds a best response to any fixed policy (the CFR table,
``greedy`` or ``random``): regret minimisation for one seat against a policy
that does not learn converges to a best response within the abstraction, and
what that response wins against the policy is a lower bound on the policy's
exploitability.

>>> table = train(2_000, seed=1)
>>> strategy = table.policy(min_visits=1)
>>> 0 < len(strategy.keys) <= table.size
True
>>> result = evaluate(strategy, GREEDY, matches=2_000, seed=1)
>>> -1.0 <= result.mean <= 1.0
True
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from parlour.games.love_me_not import cfr as shipped

from ..jit import jit
from .batch import RANKS, SUITS, _card, _score
from .encode import TURNS

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
N_CARDS = SUITS * RANKS
JACK = RANKS - 1
CODE_BITS = shipped.CODE_BITS
CODE_MASK = (1 << CODE_BITS) - 1
# A number-card's weight in its suit's code, by place: tableau, pile, shown, hand.
WEIGHTS = np.array([shipped.suit_code(c, 0) for c in
                    ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))], np.int64)
HASH = np.uint64(0x9E3779B97F4A7C15)

# The policies a learner can face.
SELF, TABLE, GREEDY_KIND, RANDOM_KIND = 0, 1, 2, 3


# -- the abstraction, as in parlour.games.love_me_not.cfr.info_key ----------------------
@jit
def _place(codes: int, card: int, place: int, weights: I64) -> int:
    suit = card // RANKS
    shift = CODE_BITS * suit
    if card % RANKS == JACK:
        return codes + ((place + 1) << shift)
    return codes + (int(weights[place]) << shift)


@jit
def _info(deck: I8, kept: I8, t: int, s: int, weights: I64) -> tuple[int, int, int]:
    """(key, card kept by action 0, card kept by action 1 or -1 if they are alike)."""
    codes = 0  # four 11-bit suit codes side by side
    for u in range(t):
        keep = kept[0, s, u]
        codes = _place(codes, keep, 0, weights)
        codes = _place(codes, _card(deck, 0, u, s, 0) + _card(deck, 0, u, s, 1) - keep, 1,
                       weights)
    for u in range(t - 1):
        codes = _place(codes, kept[0, 1 - s, u], 2, weights)
    a = _card(deck, 0, t, s, 0)
    b = _card(deck, 0, t, s, 1)
    codes = _place(codes, a, 3, weights)
    codes = _place(codes, b, 3, weights)
    c0 = codes & CODE_MASK
    c1 = (codes >> CODE_BITS) & CODE_MASK
    c2 = (codes >> (2 * CODE_BITS)) & CODE_MASK
    c3 = (codes >> (3 * CODE_BITS)) & CODE_MASK
    # A sorting network for four.
    if c0 > c1:
        c0, c1 = c1, c0
    if c2 > c3:
        c2, c3 = c3, c2
    if c0 > c2:
        c0, c2 = c2, c0
    if c1 > c3:
        c1, c3 = c3, c1
    if c1 > c2:
        c1, c2 = c2, c1
    key = c0 | (c1 << CODE_BITS) | (c2 << (2 * CODE_BITS)) | (c3 << (3 * CODE_BITS))
    da = 2 * ((codes >> (CODE_BITS * (a // RANKS))) & CODE_MASK) + (a % RANKS == JACK)
    db = 2 * ((codes >> (CODE_BITS * (b // RANKS))) & CODE_MASK) + (b % RANKS == JACK)
    if da == db:
        return key, a, -1
    if da < db:
        return key, a, b
    return key, b, a


# -- greedy, as in parlour.games.love_me_not.bots.GreedyAgent -----------------------------
@jit
def _greedy_p_first(deck: I8, kept: I8, t: int, s: int, first: int, second: int) -> float:
    tab = np.zeros(SUITS, np.int64)
    pile = np.zeros(SUITS, np.int64)
    unseen = np.full(SUITS, RANKS, np.int64)
    for u in range(t):
        keep = kept[0, s, u]
        other = _card(deck, 0, u, s, 0) + _card(deck, 0, u, s, 1) - keep
        tab[keep // RANKS] += 1
        pile[other // RANKS] += 1
        unseen[keep // RANKS] -= 1
        unseen[other // RANKS] -= 1
    for u in range(t - 1):
        unseen[kept[0, 1 - s, u] // RANKS] -= 1
    unseen[first // RANKS] -= 1
    unseen[second // RANKS] -= 1
    n_unseen = unseen.sum()
    # The opponent's pile as greedy counts it: seat 1 is asked after seat 0 has
    # already piled this turn's card (the engine asks simultaneous seats in order).
    share = (t + s) / n_unseen if n_unseen else 0.0
    values = np.zeros(2)
    for k in range(2):
        keep, other = (first, second) if k == 0 else (second, first)
        tab[keep // RANKS] += 1
        pile[other // RANKS] += 1
        points = 0
        for u in range(SUITS):
            points += tab[u] * pile[u]
        jacks = 0.0
        for u in range(t + 1):
            card = kept[0, s, u] if u < t else keep
            if card % RANKS == JACK:
                jacks += share * unseen[card // RANKS]
        values[k] = points + jacks
        tab[keep // RANKS] -= 1
        pile[other // RANKS] -= 1
    if values[0] == values[1]:
        return 0.5
    return 1.0 if values[0] > values[1] else 0.0


# -- tables ---------------------------------------------------------------------------------
@jit
def _slot(keys: I64, key: int) -> int:
    """The slot of ``key`` in an open-addressing table, claiming an empty one if new."""
    mask = int(keys.shape[0]) - 1
    i = int((np.uint64(key) * HASH) >> np.uint64(32)) & mask
    while keys[i] != key:
        if keys[i] == -1:
            keys[i] = key
            return i
        i = (i + 1) & mask
    return i


@jit
def _matching(regret: F64, i: int) -> float:
    """Regret matching: the probability of action 0 at slot ``i``."""
    r0 = max(regret[i, 0], 0.0)
    r1 = max(regret[i, 1], 0.0)
    if r0 + r1 > 0:
        return r0 / (r0 + r1)  # type: ignore[no-any-return]
    return 0.5


@jit
def _fixed_p_first(kind: int, pkeys: I64, probs: F64, deck: I8, kept: I8, t: int, s: int,
                   key: int, first: int, second: int) -> float:
    if kind == RANDOM_KIND:
        return 0.5
    if kind == TABLE:
        j = np.searchsorted(pkeys, key)
        if j < pkeys.shape[0] and pkeys[j] == key:
            return probs[j]  # type: ignore[no-any-return]
    return _greedy_p_first(deck, kept, t, s, first, second)


@jit
def _utility(deck: I8, kept: I8, seat: int, points: npt.NDArray[np.int16]) -> float:
    _score(deck, kept, 0, points)
    diff = points[0, seat] - points[0, 1 - seat]
    return 1.0 if diff > 0 else (-1.0 if diff < 0 else 0.0)


@jit
def _opponent_keeps(deck: I8, kept: I8, t: int, other: int, keys: I64, visits: I64,
                    regret: F64, average: F64, kind: int, pkeys: I64, probs: F64,
                    weight: float, weights: I64) -> int:
    """The card the seat that is not learning keeps: sampled from its strategy."""
    key, first, second = _info(deck, kept, t, other, weights)
    if second < 0:
        return first
    if kind == SELF:
        j = _slot(keys, key)
        visits[j] += 1
        p = _matching(regret, j)
        average[j, 0] += weight * p
        average[j, 1] += weight * (1.0 - p)
    else:
        p = _fixed_p_first(kind, pkeys, probs, deck, kept, t, other, key, first, second)
    return first if np.random.random() < p else second


ENTER, FORCED, FIRST, SECOND = 0, 1, 2, 3


@jit
def _traverse(deck: I8, kept: I8, me: int, keys: I64, visits: I64, regret: F64,
              average: F64, kind: int, pkeys: I64, probs: F64, weight: float, weights: I64,
              points: npt.NDArray[np.int16], frames: I64, values: F64) -> float:
    """One external-sampling pass for seat ``me``: both of its choices at every turn.

    Written as a loop over an explicit stack (one frame per turn) rather than by
    recursion, which Numba cannot cache.
    """
    other = 1 - me
    stage = frames[0]  # per turn: where the walk is, and what it must remember
    slot = frames[1]
    second = frames[2]
    prob = values[0]
    first_value = values[1]
    stage[0] = ENTER
    t = 0
    value = 0.0
    while t >= 0:
        if stage[t] == ENTER:
            if t == TURNS:
                value = _utility(deck, kept, me, points)
                t -= 1
            else:
                kept[0, other, t] = _opponent_keeps(deck, kept, t, other, keys, visits, regret,
                                                    average, kind, pkeys, probs, weight,
                                                    weights)
                key, a, b = _info(deck, kept, t, me, weights)
                kept[0, me, t] = a
                if b < 0:
                    stage[t] = FORCED
                else:
                    i = _slot(keys, key)
                    visits[i] += 1
                    slot[t] = i
                    prob[t] = _matching(regret, i)
                    second[t] = b
                    stage[t] = FIRST
                t += 1
                stage[t] = ENTER
                continue
        # ``value`` is what the turn after ``t`` came to: fold it into turn ``t``.
        if t < 0:
            break
        if stage[t] == FIRST:
            first_value[t] = value
            kept[0, me, t] = second[t]
            stage[t] = SECOND
            t += 1
            stage[t] = ENTER
            continue
        if stage[t] == SECOND:
            i, p, v0, v1 = slot[t], prob[t], first_value[t], value
            value = p * v0 + (1.0 - p) * v1
            regret[i, 0] += v0 - value
            regret[i, 1] += v1 - value
            if kind != SELF:
                average[i, 0] += weight * p
                average[i, 1] += weight * (1.0 - p)
        t -= 1
    return value


@jit
def _run(iterations: int, start: int, seed: int, keys: I64, visits: I64, regret: F64,
         average: F64,
         kind: int, pkeys: I64, probs: F64, weights: I64) -> None:
    np.random.seed(seed)
    deck = np.arange(N_CARDS).astype(np.int8).reshape(1, N_CARDS)
    kept = np.full((1, 2, TURNS), -1, np.int8)
    points = np.zeros((1, 2), np.int16)
    frames = np.zeros((3, TURNS + 1), np.int64)
    values = np.zeros((2, TURNS + 1))
    for n in range(iterations):
        np.random.shuffle(deck[0])
        weight = float(start + n + 1)  # linear averaging: later strategies count more
        for me in range(2):
            _traverse(deck, kept, me, keys, visits, regret, average, kind, pkeys, probs,
                      weight, weights, points, frames, values)


# -- the Python face --------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    """A fixed strategy: sorted abstract keys and the probability of action 0 at each.

    ``kind`` says how it plays: ``TABLE`` (the keys, with greedy where a key is
    missing), ``GREEDY_KIND`` or ``RANDOM_KIND`` (keys unused).
    """

    keys: I64
    probs: F64
    kind: int = TABLE

    def save(self, path: Path) -> None:
        """Write it as the ``cfr`` bot's table file."""
        table = dict(zip(self.keys.tolist(), self.probs.tolist(), strict=True))
        path.write_bytes(gzip.compress(shipped.encode_policy(table), 9, mtime=0))

    @classmethod
    def shipped(cls) -> Policy:
        """The table the ``cfr`` bot plays."""
        return cls._from_dict(shipped.policy())

    @classmethod
    def load(cls, path: Path) -> Policy:
        """A table written by :meth:`save`."""
        return cls._from_dict(shipped.decode_policy(gzip.decompress(path.read_bytes())))

    @classmethod
    def _from_dict(cls, table: dict[int, float]) -> Policy:
        keys = np.array(sorted(table), np.int64)
        return cls(keys, np.array([table[k] for k in keys.tolist()], np.float64))


EMPTY = np.zeros(0, np.int64)
GREEDY = Policy(EMPTY, np.zeros(0), GREEDY_KIND)
RANDOM = Policy(EMPTY, np.zeros(0), RANDOM_KIND)


@dataclass
class Table:
    """Regrets and average-strategy sums of every abstract situation met so far."""

    keys: I64
    visits: I64
    regret: F64
    average: F64
    iterations: int = 0

    @classmethod
    def empty(cls, capacity_bits: int = 22) -> Table:
        n = 1 << capacity_bits
        return cls(np.full(n, -1, np.int64), np.zeros(n, np.int64), np.zeros((n, 2)),
                   np.zeros((n, 2)))

    @property
    def size(self) -> int:
        return int((self.keys != -1).sum())

    def policy(self, min_visits: int = 1, pure: bool = False) -> Policy:
        """The average strategy of the situations met at least ``min_visits`` times;
        ``pure`` plays its likelier action always (a best response needs no mixing)."""
        mass = self.average.sum(axis=1)
        used = (self.keys != -1) & (self.visits >= min_visits) & (mass > 0)
        order = np.argsort(self.keys[used])
        keys = self.keys[used][order]
        probs = (self.average[used, 0] / mass[used])[order]
        if pure:
            probs = np.where(probs > 0.5, 1.0, np.where(probs < 0.5, 0.0, 0.5))
        return Policy(keys, probs)


def train(iterations: int, seed: int, table: Table | None = None) -> Table:
    """Run external-sampling MCCFR in self-play (both seats share one table)."""
    table = table or Table.empty()
    _run(iterations, table.iterations, seed, table.keys, table.visits, table.regret,
         table.average, SELF,
         EMPTY, np.zeros(0), WEIGHTS)
    table.iterations += iterations
    return table


def best_response(opponent: Policy, iterations: int, seed: int) -> Table:
    """Regret minimisation for one seat against a fixed ``opponent``: a best response."""
    table = Table.empty()
    _run(iterations, 0, seed, table.keys, table.visits, table.regret,
         table.average, opponent.kind,
         opponent.keys, opponent.probs, WEIGHTS)
    table.iterations = iterations
    return table


@dataclass(frozen=True)
class Evaluation:
    """How policy A did against policy B: mean reward (+1 win, -1 loss) and outcomes."""

    matches: int
    wins: int
    losses: int

    @property
    def mean(self) -> float:
        return (self.wins - self.losses) / self.matches

    @property
    def decided_share(self) -> float:
        """Share of the decided (untied) matches that A won."""
        return self.wins / max(self.wins + self.losses, 1)

    @property
    def standard_error(self) -> float:
        n = self.matches
        second = (self.wins + self.losses) / n
        return float(np.sqrt(max(second - self.mean**2, 0.0) / n))


@jit
def _evaluate(matches: int, seed: int, akind: int, akeys: I64, aprobs: F64, bkind: int,
              bkeys: I64, bprobs: F64, weights: I64) -> tuple[int, int]:
    np.random.seed(seed)
    deck = np.arange(N_CARDS).astype(np.int8).reshape(1, N_CARDS)
    kept = np.full((1, 2, TURNS), -1, np.int8)
    points = np.zeros((1, 2), np.int16)
    wins = losses = 0
    for n in range(matches):
        np.random.shuffle(deck[0])
        a_seat = n % 2  # A sits in each seat half the time
        for t in range(TURNS):
            for s in range(2):
                key, first, second = _info(deck, kept, t, s, weights)
                if second < 0:
                    kept[0, s, t] = first
                    continue
                if s == a_seat:
                    p = _fixed_p_first(akind, akeys, aprobs, deck, kept, t, s, key, first,
                                       second)
                else:
                    p = _fixed_p_first(bkind, bkeys, bprobs, deck, kept, t, s, key, first,
                                       second)
                kept[0, s, t] = first if np.random.random() < p else second
        u = _utility(deck, kept, a_seat, points)
        wins += u > 0
        losses += u < 0
    return wins, losses


def evaluate(a: Policy, b: Policy, matches: int, seed: int) -> Evaluation:
    """Play ``matches`` single matches of A against B, A in each seat half the time."""
    wins, losses = _evaluate(matches, seed, a.kind, a.keys, a.probs, b.kind, b.keys, b.probs,
                             WEIGHTS)
    return Evaluation(matches, int(wins), int(losses))
