"""Limits against abuse: a token bucket per connection, and clean-up of typed names."""

from __future__ import annotations

import time
import unicodedata


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
