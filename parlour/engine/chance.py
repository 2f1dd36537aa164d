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

import hashlib
import random
import secrets
import struct
from collections.abc import MutableSequence
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
        self._stream = stream
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        material = f"parlour:{a}:{getattr(self, '_stream', '')}".encode()
        self._key = hashlib.blake2b(material, digest_size=32).digest()
        self._counter = 0
        self._buffer = b""

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hashlib.blake2b(self._counter.to_bytes(16, "little"), key=self._key,
                                    digest_size=_BLOCK).digest()
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

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
        """Fisher–Yates with one 32-bit word per card, taken a deck at a time: a shuffle is
        most of a game's set-up, and search bots set up thousands of games a second.
        A word beyond the last whole multiple of the span is drawn again, so every
        order is exactly as likely."""
        size = len(x)
        if size < 2:
            return
        words = struct.unpack(f"<{size - 1}I", self._take(4 * (size - 1)))
        for i, word in zip(range(size - 1, 0, -1), words, strict=True):
            span = i + 1
            while word >= _WORD - _WORD % span:
                (word,) = struct.unpack("<I", self._take(4))
            j = word % span
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple[Any, ...]:
        return (self._key, self._counter, self._buffer)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._key, self._counter, self._buffer = state


def generator(seed: int, stream: str = "") -> random.Random:
    """The generator of a game's chance from the game's seed; ``stream`` names an
    independent one (the default stream shuffles and deals)."""
    return Chance(seed, stream)
