"""Room codes that are easy to read aloud, and secret seat tokens."""

from __future__ import annotations

import hashlib
import secrets

# No look-alikes: no I/L/1, O/0/Q/D, S/5, Z/2, B/8, G/6, U/V.
ALPHABET = "ACEFHJKMNPRTWXY"
CODE_LENGTH = 4


def new_code() -> str:
    """A fresh random room code such as ``KXMP``.

    >>> code = new_code()
    >>> len(code), clean_code(code.lower()) == code
    (4, True)
    """
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


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
