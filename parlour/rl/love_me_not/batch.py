"""A batched Love Me Not simulator in the style of pgx: many single matches as arrays.

Each row of a :class:`Batch` is one single match. :func:`reset` deals
(:func:`from_decks` starts from given decks instead), :func:`step` takes the
card each seat keeps in each match (both seats at once, as at the table) and
returns the next state; the input state is never changed. A learner reads
``cards`` (each seat's observation as card indices; once read, every later step
keeps it up to date by writing only what changed) or ``observation`` (the same as
float planes, the arrays :mod:`.encode` makes of each seat's view),
``legal_action_mask``, ``rewards`` (+1 to the winner and -1 to the loser of a match
that ended on that step, 0 otherwise) and ``points``. ``step(..., penalty=-1.0)``
ends a match where a seat keeps a card it does not hold, instead of refusing the
whole batch, and ``auto_reset=True`` deals every match that ends again at once.
:mod:`.opponents` has ``greedy`` and ``cfr`` for every match at once.

>>> import numpy as np
>>> rng = np.random.default_rng(7)
>>> state = reset(3, seed=7)
>>> state.legal_action_mask.shape, state.observation.shape
((3, 2, 20), (3, 2, 105))
>>> while not state.terminated.all():
...     state = step(state, random_actions(state, rng))
>>> state.turn.tolist()
[5, 5, 5]
>>> bool(((state.points[:, 0] > state.points[:, 1]) == (state.rewards[:, 0] == 1)).all())
True

An action is a card index (see :mod:`.encode`); a card not in the seat's hand
is refused with a typed error that names the match and the seat:

>>> unshuffled = from_decks([range(20)])
>>> step(unshuffled, np.array([[19, 2]]))
Traceback (most recent call last):
...
parlour.engine.errors.IllegalAction: match 0, seat 0: keep one of 2H or 3H, not JS
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from parlour.engine import IllegalAction, MalformedAction
from parlour.games.love_me_not import DECK as CARD_NAMES

from ..jit import jit
from .encode import N_CARDS, SINGLE_MATCH_SIZE, TURNS

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
F32 = npt.NDArray[np.float32]
Bools = npt.NDArray[np.bool_]
RANKS = 5  # cards per suit; rank 4 is the jack
SUITS = 4
DRAW = 2  # cards per hand
CARD_SLOTS = 23  # Batch.cards: 2 + 4 × 5 card slots and the turn


@dataclass(frozen=True)
class Batch:
    """Many single matches at once. Arrays are shared between states: do not write to them."""

    deck: I8  # [B, 20] card indices, top first: turn t deals seat s the cards 4t+2s and 4t+2s+1
    kept: I8  # [B, 2, 5] the card each seat kept each turn, -1 before
    turn: I8  # [B] turns completed, 0 to 5; 5 is the end of the match
    points: I16  # [B, 2] match points, 0 until the end
    rewards: F32  # [B, 2] +1 / -1 / 0 on the step that ended the match, else 0
    illegal: Bools  # [B, 2] the seat whose illegal card ended the match (penalty mode)
    ended: Bools  # [B] the match ended on the step that made this state
    done: Bools  # [B] the match is over (see terminated)
    seed: int = 0  # new decks for auto-reset are drawn from (seed, steps)
    steps: int = 0

    @property
    def batch_size(self) -> int:
        return int(self.deck.shape[0])

    @property
    def terminated(self) -> Bools:
        """[B] the match is over: five turns played, or an illegal card in penalty mode."""
        return self.done

    @cached_property
    def hand(self) -> I8:
        """[B, 2, 2] the two cards each seat holds, -1 once the match is over."""
        out = np.full((self.batch_size, 2, DRAW), -1, np.int8)
        _hands(self.deck, self.turn, out)
        return out

    @cached_property
    def legal_action_mask(self) -> Bools:
        """[B, 2, 20]: True for the cards a seat may keep now (its two, or none at the end)."""
        return self._cards_and_mask[1]

    @cached_property
    def cards(self) -> I8:
        """[B, 2, 23] each seat's observation as card indices (-1: none), the compact
        form of :attr:`observation`: its hand (2), its tableau (5) and pile (5) in turn
        order, the opponent's face-up tableau (5), the opponent's pile once the match is
        over (5), then the turn (0 to 4)."""
        return self._cards_and_mask[0]

    @cached_property
    def _cards_and_mask(self) -> tuple[I8, Bools]:
        # One pass builds both: a learner reads them together. A step from a state whose
        # observations were read writes only what it changes (see step).
        cards = np.empty((self.batch_size, 2, CARD_SLOTS), np.int8)
        mask = np.empty((self.batch_size, 2, N_CARDS), np.bool_)
        _observe_cards(self.deck, self.kept, self.turn, self.done, cards, mask)
        return cards, mask

    @cached_property
    def observation(self) -> F32:
        """[B, 2, 105]: each seat's observation, the first 105 floats of
        :func:`.encode.observation` of its view (the rest are 0 in a single match)."""
        out = np.zeros((self.batch_size, 2, SINGLE_MATCH_SIZE), np.float32)
        _observe(self.deck, self.kept, self.turn, out)
        return out


def reset(batch: int, seed: int) -> Batch:
    """``batch`` new single matches, dealt from decks shuffled by ``seed``."""
    if batch < 1:
        raise MalformedAction(f"a batch holds at least one match (got {batch})")
    return _start(_decks(batch, np.random.default_rng(seed)), seed)


def _decks(batch: int, rng: np.random.Generator) -> I8:
    raw = rng.bit_generator.random_raw(batch * N_CARDS // 2).view(np.uint32)
    deck = np.empty((batch, N_CARDS), np.int8)
    _shuffle(raw.reshape(batch, N_CARDS), deck)
    return deck


def from_decks(decks: npt.ArrayLike) -> Batch:
    """Single matches dealt from given decks ([B, 20] card indices, top first)."""
    deck = np.array(decks, dtype=np.int8, ndmin=2)
    if deck.ndim != 2 or deck.shape[1] != N_CARDS:
        raise MalformedAction(f"decks must be [matches, {N_CARDS}] card indices")
    if not (np.sort(deck, axis=1) == np.arange(N_CARDS)).all():
        raise MalformedAction(f"each deck must hold each of the {N_CARDS} cards once")
    return _start(deck)


def _start(deck: I8, seed: int = 0) -> Batch:
    b = deck.shape[0]
    return Batch(deck, np.full((b, 2, TURNS), -1, np.int8), np.zeros(b, np.int8),
                 np.zeros((b, 2), np.int16), np.zeros((b, 2), np.float32),
                 np.zeros((b, 2), np.bool_), np.zeros(b, np.bool_), np.zeros(b, np.bool_),
                 seed)


def step(state: Batch, actions: npt.ArrayLike, *, penalty: float | None = None,
         auto_reset: bool = False) -> Batch:
    """Both seats of every unfinished match keep a card; finished matches stay as they are.

    ``actions`` is [B, 2] card indices (ignored for finished matches). An illegal
    card raises :class:`IllegalAction` and nothing is played; with a ``penalty``
    (say -1.0) it ends that match instead: the seat that played it gets
    ``penalty``, the other ``-penalty`` (both ``penalty`` if both did), and the
    other matches go on. With ``auto_reset`` a match that ends is dealt again from a
    new deck at once: that row's ``ended``, ``rewards`` and ``points`` tell how the
    match ended, and its observation is the new match's.
    """
    acts = np.asarray(actions)
    if acts.shape != (state.batch_size, 2) or not np.issubdtype(acts.dtype, np.integer):
        raise MalformedAction(f"actions must be [{state.batch_size}, 2] card indices")
    kept = state.kept.copy()
    turn = state.turn.copy()
    points = state.points.copy()
    rewards = np.zeros_like(state.rewards)
    illegal = state.illegal.copy()
    ended = np.zeros_like(state.ended)
    done = state.done.copy()
    seen = "_cards_and_mask" in state.__dict__  # observations read: keep them up to date
    cards, mask = _NO_CARDS
    if seen:
        cards, mask = state.cards.copy(), state.legal_action_mask.copy()
    bad = _step(state.deck, acts.astype(np.int64, copy=False), kept, turn, points, rewards,
                illegal, ended, done, penalty is not None, 0.0 if penalty is None else penalty,
                seen, cards, mask)
    if bad >= 0:
        raise IllegalAction(_refusal(state, acts, *divmod(bad, 2)))
    deck = state.deck
    if auto_reset and ended.any():
        rows = np.flatnonzero(ended)
        deck = deck.copy()
        deck[rows] = _decks(len(rows), np.random.default_rng([state.seed, state.steps]))
        kept[rows] = -1
        turn[rows] = 0
        illegal[rows] = False
        done[rows] = False
        if seen:
            _observe_rows(deck, kept, turn, done, rows, cards, mask)
    after = Batch(deck, kept, turn, points, rewards, illegal, ended, done, state.seed,
                  state.steps + 1)
    if seen:
        after.__dict__["_cards_and_mask"] = cards, mask
    return after


_NO_CARDS: tuple[I8, Bools] = (np.empty((0, 2, CARD_SLOTS), np.int8),
                               np.empty((0, 2, N_CARDS), np.bool_))


def _refusal(state: Batch, acts: npt.NDArray[np.integer], row: int, seat: int) -> str:
    t = int(state.turn[row])
    a, b = (CARD_NAMES[int(c)] for c in state.deck[row, 4 * t + 2 * seat:][:DRAW])
    got = acts[row, seat]
    shown = CARD_NAMES[got] if 0 <= got < N_CARDS else repr(int(got))
    return f"match {row}, seat {seat}: keep one of {a} or {b}, not {shown}"


def random_actions(state: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal card for each seat of each match (-1 where it is over)."""
    # One random 64-bit word holds 32 matches' coin flips.
    coins = rng.bit_generator.random_raw(state.batch_size // 32 + 1)
    out = np.empty((state.batch_size, 2), np.int64)
    _pick(state.deck, state.turn, coins, out)
    return out


# -- compiled kernels ------------------------------------------------------------------
@jit
def _shuffle(raw: npt.NDArray[np.uint32], deck: I8) -> None:
    # Fisher-Yates; j = r * (i + 1) >> 32 is Lemire's unbiased-enough bounded draw
    # (bias below 1e-8 for 20 cards).
    for b in range(deck.shape[0]):
        for i in range(N_CARDS):
            deck[b, i] = i
        for i in range(N_CARDS - 1, 0, -1):
            j = (np.uint64(raw[b, i]) * np.uint64(i + 1)) >> np.uint64(32)
            deck[b, i], deck[b, j] = deck[b, j], deck[b, i]


@jit
def _card(deck: I8, b: int, t: int, seat: int, k: int) -> int:
    return int(deck[b, 4 * t + DRAW * seat + k])


# Each card's suit as a shift into four-bit counters packed in one integer, and
# whether it is a jack: tables, so the scoring loop divides nothing.
_SHIFT = np.array([4 * (c // RANKS) for c in range(N_CARDS)], np.int64)
_JACK = np.array([c % RANKS == RANKS - 1 for c in range(N_CARDS)], np.bool_)


@jit
def _score(deck: I8, kept: I8, b: int, points: I16) -> None:
    # Suit counts of both seats' tableaux and piles, four bits a suit: no arrays to
    # allocate in a loop that runs once per match.
    tab0 = pile0 = tab1 = pile1 = 0
    for t in range(TURNS):
        k0 = int(kept[b, 0, t])
        k1 = int(kept[b, 1, t])
        o0 = int(deck[b, 4 * t]) + int(deck[b, 4 * t + 1]) - k0
        o1 = int(deck[b, 4 * t + 2]) + int(deck[b, 4 * t + 3]) - k1
        tab0 += 1 << _SHIFT[k0]
        pile0 += 1 << _SHIFT[o0]
        tab1 += 1 << _SHIFT[k1]
        pile1 += 1 << _SHIFT[o1]
    p0 = p1 = 0
    for u in range(SUITS):
        p0 += ((tab0 >> (4 * u)) & 15) * ((pile0 >> (4 * u)) & 15)
        p1 += ((tab1 >> (4 * u)) & 15) * ((pile1 >> (4 * u)) & 15)
    for t in range(TURNS):
        k0 = int(kept[b, 0, t])
        k1 = int(kept[b, 1, t])
        if _JACK[k0]:
            p0 += (pile1 >> _SHIFT[k0]) & 15
        if _JACK[k1]:
            p1 += (pile0 >> _SHIFT[k1]) & 15
    points[b, 0] = p0
    points[b, 1] = p1


@jit
def _step(deck: I8, actions: npt.NDArray[np.int64], kept: I8, turn: I8, points: I16,
          rewards: F32, illegal: Bools, ended: Bools, done: Bools, penalise: bool,
          penalty: float, seen: bool, cards: I8, mask: Bools) -> int:
    for b in range(deck.shape[0]):
        t = turn[b]
        if done[b]:
            continue
        if t == 0:
            points[b, 0] = points[b, 1] = 0  # a row auto-reset dealt again
        ok0 = actions[b, 0] == _card(deck, b, t, 0, 0) or actions[b, 0] == _card(deck, b, t, 0, 1)
        ok1 = actions[b, 1] == _card(deck, b, t, 1, 0) or actions[b, 1] == _card(deck, b, t, 1, 1)
        if not (ok0 and ok1):
            if not penalise:
                return 2 * b + (1 if ok0 else 0)
            illegal[b, 0] = not ok0
            illegal[b, 1] = not ok1
            rewards[b, 0] = -penalty if ok0 else penalty
            rewards[b, 1] = -penalty if ok1 else penalty
            ended[b] = done[b] = True
            if seen:
                _row_cards(deck, kept, turn, done, b, cards, mask)
            continue
        kept[b, 0, t] = actions[b, 0]
        kept[b, 1, t] = actions[b, 1]
        turn[b] = t + 1
        if seen:
            _advance_cards(deck, kept, turn, b, cards, mask)
        if t + 1 == TURNS:
            ended[b] = done[b] = True
            _score(deck, kept, b, points)
            diff = points[b, 0] - points[b, 1]
            if diff != 0:
                rewards[b, 0] = 1.0 if diff > 0 else -1.0
                rewards[b, 1] = -rewards[b, 0]
    return -1


@jit
def _pick(deck: I8, turn: I8, coins: npt.NDArray[np.uint64], out: npt.NDArray[np.int64],
          ) -> None:
    for b in range(deck.shape[0]):
        t = turn[b]
        bits = coins[b // 32] >> np.uint64(2 * (b % 32))
        for s in range(2):
            coin = int((bits >> np.uint64(s)) & np.uint64(1))
            out[b, s] = -1 if t >= TURNS else _card(deck, b, t, s, coin)


@jit
def _hands(deck: I8, turn: I8, out: I8) -> None:
    for b in range(deck.shape[0]):
        t = turn[b]
        if t < TURNS:
            for s in range(2):
                for k in range(DRAW):
                    out[b, s, k] = _card(deck, b, t, s, k)


@jit
def _observe_cards(deck: I8, kept: I8, turn: I8, done: Bools, out: I8, mask: Bools) -> None:
    for b in range(deck.shape[0]):
        _row_cards(deck, kept, turn, done, b, out, mask)


@jit
def _row_cards(deck: I8, kept: I8, turn: I8, done: Bools, b: int, out: I8, mask: Bools,
               ) -> None:
    # Slots: hand 0-1, tableau 2-6, pile 7-11, opponent's face-up tableau 12-16,
    # opponent's pile 17-21 (once over), turn 22.
    t = turn[b]
    over = t >= TURNS
    shown = TURNS if over else max(t - 1, 0)
    for s in range(2):
        o = out[b, s]
        for k in range(CARD_SLOTS):
            o[k] = -1
        for k in range(N_CARDS):
            mask[b, s, k] = False
        if not done[b]:
            o[0] = _card(deck, b, t, s, 0)
            o[1] = _card(deck, b, t, s, 1)
            mask[b, s, o[0]] = mask[b, s, o[1]] = True
        for u in range(t):
            keep = kept[b, s, u]
            o[2 + u] = keep
            o[7 + u] = _card(deck, b, u, s, 0) + _card(deck, b, u, s, 1) - keep
        for u in range(shown):
            keep = kept[b, 1 - s, u]
            o[12 + u] = keep
            if over:
                o[17 + u] = _card(deck, b, u, 1 - s, 0) + _card(deck, b, u, 1 - s, 1) - keep
        o[22] = min(t, TURNS - 1)


@jit
def _observe_rows(deck: I8, kept: I8, turn: I8, done: Bools, rows: npt.NDArray[np.int64],
                  out: I8, mask: Bools) -> None:
    for b in rows:
        _row_cards(deck, kept, turn, done, b, out, mask)


@jit
def _advance_cards(deck: I8, kept: I8, turn: I8, b: int, out: I8, mask: Bools) -> None:
    """Row ``b`` has just played a turn: write what changed in its observations."""
    t = turn[b]
    u = t - 1
    for s in range(2):
        a, c = out[b, s, 0], out[b, s, 1]
        mask[b, s, a] = mask[b, s, c] = False
        keep = kept[b, s, u]
        out[b, s, 2 + u] = keep
        out[b, s, 7 + u] = a + c - keep
        if t < TURNS:
            a, c = _card(deck, b, t, s, 0), _card(deck, b, t, s, 1)
            out[b, s, 0], out[b, s, 1] = a, c
            mask[b, s, a] = mask[b, s, c] = True
            if u >= 1:
                out[b, s, 12 + u - 1] = kept[b, 1 - s, u - 1]
            out[b, s, 22] = t
        else:  # the match is over: no hand, and everything face up
            out[b, s, 0] = out[b, s, 1] = -1
            for v in range(TURNS):
                other = kept[b, 1 - s, v]
                out[b, s, 12 + v] = other
                out[b, s, 17 + v] = (_card(deck, b, v, 1 - s, 0) + _card(deck, b, v, 1 - s, 1)
                                     - other)


@jit
def _observe(deck: I8, kept: I8, turn: I8, out: F32) -> None:
    # Offsets of the planes in encode.py: hand, tableau, pile, opponent's
    # face-up tableau, opponent's pile, turn.
    for b in range(deck.shape[0]):
        t = turn[b]
        over = t >= TURNS
        shown = TURNS if over else max(t - 1, 0)
        for s in range(2):
            o = out[b, s]
            if not over:
                for k in range(DRAW):
                    o[_card(deck, b, t, s, k)] = 1
            for u in range(t):
                keep = kept[b, s, u]
                first = _card(deck, b, u, s, 0)
                other = _card(deck, b, u, s, 1) if first == keep else first
                o[N_CARDS + keep] = 1
                o[2 * N_CARDS + other] = 1
            for u in range(shown):
                o[3 * N_CARDS + kept[b, 1 - s, u]] = 1
                if over:
                    keep = kept[b, 1 - s, u]
                    first = _card(deck, b, u, 1 - s, 0)
                    other = _card(deck, b, u, 1 - s, 1) if first == keep else first
                    o[4 * N_CARDS + other] = 1
            o[5 * N_CARDS + min(t, TURNS - 1)] = 1


def matches_per_s(seconds: float, batch: int = 65_536, seed: int = 0,
                  observe: bool = False) -> float:
    """Complete random single matches per second through :func:`reset` and :func:`step`;
    with ``observe``, each step's observations (:attr:`Batch.cards`) and masks are built
    and read, as a learner would."""
    rng = np.random.default_rng(seed)
    first = reset(1, seed)
    step(first, random_actions(first, rng))  # compile or load first
    _ = first.cards, first.legal_action_mask
    done = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or done == 0:
        state = reset(batch, seed + done)
        while not state.terminated.all():
            if observe:
                _ = state.cards.max(), state.legal_action_mask.view(np.uint8).max()
            state = step(state, random_actions(state, rng))
        done += batch
    return done / elapsed
