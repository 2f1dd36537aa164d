"""Room codes that are easy to read aloud, and secret seat tokens."""

from __future__ import annotations

import hashlib
import secrets
import zlib

# No look-alikes: no I/L/1, O/0/Q/D, S/5, Z/2, B/8, G/6, U/V.
ALPHABET = "ACEFHJKMNPRTWXY"
CODE_LENGTH = 4


def new_code(worker: int = 0, workers: int = 1) -> str:
    """A fresh random room code such as ``KXMP``; one that :func:`route` sends to
    ``worker`` of ``workers`` server processes (any code for a process alone).

    >>> code = new_code(2, 3)
    >>> len(code), route(code, 3)
    (4, 2)
    """
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if route(code, workers) == worker:
            return code


def route(code: str, workers: int) -> int:
    """The server process (of ``workers``) that serves room ``code``'s connections, and so
    owns the room: a hash that every process and every start computes alike (CRC-32, not
    Python's salted ``hash``).

    >>> [route(code, 4) for code in ("KXMP", "MYTH", "HYPE", "TANK")], route("TANK", 1)
    ([0, 1, 2, 1], 0)
    """
    return zlib.crc32(code.encode("ascii")) % workers


def clean_code(text: str) -> str | None:
    """The code a person typed, upper-cased; ``None`` if it cannot be a room code."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def new_token() -> str:
    """A secret that holds a seat (or the host's role) in one room."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is stored instead of the token, so a copy of the database claims no seat."""
    return hashlib.sha256(token.encode()).hexdigest()
