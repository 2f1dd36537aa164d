"""Limits against abuse: token buckets (per connection, per address), and clean-up of
typed names."""

from __future__ import annotations

import time
import unicodedata
from collections import OrderedDict


class TokenBucket:
    """Allows ``rate`` events a second on average, with bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def give_back(self) -> None:
        """Return the token just taken (what it was taken for did not count)."""
        self.tokens = min(self.burst, self.tokens + 1)


class Buckets:
    """A token bucket per key (an address), for at most ``keep`` keys at a time.

    When more keys come, the one used longest ago is forgotten: by then its bucket has
    usually filled up again, and forgetting it is the same as starting it full.

    >>> buckets = Buckets(rate=0.0, burst=2)
    >>> [buckets.take("10.0.0.1") for _ in range(3)], buckets.take("10.0.0.2")
    ([True, True, False], True)
    """

    def __init__(self, rate: float, burst: int, keep: int = 10_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.pop(key, None) or TokenBucket(self.rate, self.burst)
        self.buckets[key] = bucket
        while len(self.buckets) > self.keep:
            self.buckets.popitem(last=False)
        return bucket

    def take(self, key: str) -> bool:
        return self.bucket(key).take()


def clean_name(value: object, limit: int) -> str:
    """A player's name: printable text, spaces collapsed, 1 to ``limit`` characters.

    Raises ``ValueError`` with a message a person can read.
    """
    if not isinstance(value, str):
        raise ValueError("a name is text")
    name = " ".join(value.split())
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C")
    if not name:
        raise ValueError("please type a name")
    if len(name) > limit:
        raise ValueError(f"a name is at most {limit} characters (got {len(name)})")
    return name
