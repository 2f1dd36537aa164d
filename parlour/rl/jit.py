"""Numba's ``njit`` with its type kept, so ``mypy --strict`` checks the callers.

Compiled functions are cached on disk: the first call in a fresh checkout
compiles (a second or two each), later runs load the machine code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """Compile ``fn`` in nopython mode (no Python objects, no GIL), caching the result."""
    return cast(F, numba.njit(cache=True, nogil=True)(fn))
