"""Where a game's chance comes from: generators made from its record's seed.

Every shuffle and deal of a game draws from :func:`generator`, so the same seed and the
same actions give the same game on any machine. Two things keep the deal secret from the
players (the threat model is in docs/security.md):

- a game's seed has 128 bits from the operating system's secure source
  (:func:`new_seed`), far too many to search, and
- the generator is a keyed pseudo-random function in counter mode (BLAKE2b keyed with a
  key derived from the seed), so the cards a seat is dealt say nothing that helps guess
  the key, the other cards, or the next deal. Python's own Mersenne Twister would not do:
  its state can be rebuilt from its outputs.

A game that needs chance for something a seat is shown (ideas offered to a player, say)
draws it from a separate named stream, so what it shows says nothing about the deal.

>>> a, b = generator(7), generator(7)
>>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
True
>>> generator(7, "ideas").random() == generator(7).random()
False
>>> new_seed().bit_length() > 64
True
"""

from __future__ import annotations

import functools
import hashlib
import operator
import random
import secrets
import struct
from collections.abc import Callable, MutableSequence
from typing import Any

SEED_BITS = 128
_BLOCK = 64  # bytes of output per call of the keyed hash
_WORD = 1 << 32


def new_seed() -> int:
    """A fresh game seed: 128 bits from the operating system's secure random source."""
    return secrets.randbits(SEED_BITS)


class Chance(random.Random):
    """A ``random.Random`` whose every draw comes from BLAKE2b keyed by the seed.

    All of ``random.Random``'s methods (``shuffle``, ``choice``, ``sample``...) work, because
    they draw through :meth:`getrandbits` and :meth:`random`. Its state copies and pickles
    with the game state, so a saved state goes on exactly where it stopped.
    """

    def __init__(self, seed: int = 0, stream: str = "") -> None:
        # Not random.Random.__init__: a search bot makes a generator for every game it
        # imagines, and the Mersenne Twister this class never uses need not be seeded.
        self._stream = stream
        self.seed(seed)
        self.gauss_next = None

    def seed(self, a: Any = None, version: int = 2) -> None:
        material = f"parlour:{a}:{getattr(self, '_stream', '')}".encode()
        self._rekey(hashlib.blake2b(material, digest_size=32).digest(), 0, b"")

    def _rekey(self, key: bytes, counter: int, buffer: bytes) -> None:
        self._key, self._counter, self._buffer = key, counter, buffer
        # The hash already keyed: each block copies it and hashes only its counter, which
        # gives the same bytes as keying afresh for every block, at half the work.
        self._keyed = hashlib.blake2b(key=key, digest_size=_BLOCK)

    def _take(self, count: int) -> bytes:
        buffer = self._buffer
        if len(buffer) < count:
            first = self._counter
            self._counter = first + -(-(count - len(buffer)) // _BLOCK)
            for counter in range(first, self._counter):
                block = self._keyed.copy()
                block.update(counter.to_bytes(16, "little"))
                buffer += block.digest()
        self._buffer = buffer[count:]
        return buffer[:count]

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "little") >> (size * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def randbytes(self, n: int) -> bytes:
        return self._take(n)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """:func:`shuffle` from this generator's bytes: a shuffle is most of a game's
        set-up, and search bots set up thousands of games a second."""
        _fisher_yates(self._take, x)

    def getstate(self) -> tuple[Any, ...]:
        return (self._key, self._counter, self._buffer)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._rekey(*state)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from the key, not from a seed: copies and pickles go on where this stopped.
        return (_thaw, (self._stream, self.getstate()))


def _thaw(stream: str, state: tuple[Any, ...]) -> Chance:
    chance = Chance.__new__(Chance)
    chance._stream = stream
    chance.gauss_next = None
    chance.setstate(state)
    return chance


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """Shuffle ``x`` in place with ``rng``: Fisher–Yates with one 32-bit word per card, the
    words drawn a deck at a time (``rng.randbytes``), where ``random.Random.shuffle`` calls
    Python code once per card. A word beyond the last whole multiple of the span is drawn
    again, so every order is exactly as likely. A :class:`Chance` deals the same either way.

    >>> a, b = list(range(10)), list(range(10))
    >>> shuffle(random.Random(1), a)
    >>> sorted(a) == b, a != b
    (True, True)
    >>> c, d = list(range(10)), list(range(10))
    >>> shuffle(generator(5), c); generator(5).shuffle(d); c == d
    True
    """
    _fisher_yates(rng.randbytes, x)


def _fisher_yates(take: Callable[[int], bytes], x: MutableSequence[Any]) -> None:
    size = len(x)
    if size < 2:
        return
    words_of, spans, limits, lowest = _plan(size)
    words = words_of(take(4 * (size - 1)))
    if max(words) < lowest or all(map(operator.lt, words, limits)):
        # No word needs drawing again (all but about one shuffle in 10⁸): the swaps are
        # known at once.
        for i, j in zip(range(size - 1, 0, -1), map(operator.mod, words, spans),
                        strict=True):
            x[i], x[j] = x[j], x[i]
        return
    for i, word in zip(range(size - 1, 0, -1), words, strict=True):
        span = i + 1
        while word >= _WORD - _WORD % span:
            (word,) = struct.unpack("<I", take(4))
        j = word % span
        x[i], x[j] = x[j], x[i]


@functools.lru_cache(maxsize=256)
def _plan(size: int) -> tuple[Callable[[bytes], tuple[int, ...]], range, tuple[int, ...], int]:
    """How a deck of ``size`` cards is shuffled: the unpacking of its words, each position's
    span (from the last position down), the first word each span refuses, and the lowest
    of those (when no word reaches it, none is refused)."""
    spans = range(size, 1, -1)
    limits = tuple(_WORD - _WORD % span for span in spans)
    return struct.Struct(f"<{size - 1}I").unpack, spans, limits, min(limits)


def generator(seed: int, stream: str = "") -> random.Random:
    """The generator of a game's chance from the game's seed; ``stream`` names an
    independent one (the default stream shuffles and deals)."""
    return Chance(seed, stream)
