"""The suite's tiers: every test is marked by the slow things it needs, so that
`make test-fast` leaves them out while `make test` (and CI) runs everything.

- ``browser``: Chromium driven by Playwright (tests/browser/);
- ``services``: PostgreSQL, Redis, a Ray cluster or several server processes;
- ``research``: OpenSpiel, PettingZoo, NumPy and the trainers (tests/rl/);
- ``perf``: load runs and CPU budgets (tests/perf/).

A tier is given by the test's folder or module here, in one place, rather than by a
decorator on each test, so a test moved into the folder joins its tier.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).parent

TIERS: dict[str, str] = {
    "browser": "browser",
    "perf": "perf",
    "rl": "research",
    "server/cluster": "services",
    "server/storage/test_postgres.py": "services",
}
"""A folder or module under tests/, and the tier of every test in it."""

BY_NAME: dict[str, str] = {
    "test_ray_gives_what_local_processes_give": "services",
}
"""Single tests elsewhere that need a tier's slow thing."""


def tier_of(item: pytest.Item) -> str | None:
    """The tier of one collected test, or ``None`` for the fast tier."""
    name = item.name.split("[")[0]
    if name in BY_NAME:
        return BY_NAME[name]
    try:
        where = Path(item.path).relative_to(TESTS).as_posix()
    except ValueError:  # a doctest in parlour/: the fast tier
        return None
    for prefix, tier in TIERS.items():
        if where == prefix or where.startswith(prefix + "/"):
            return tier
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tier = tier_of(item)
        if tier is not None:
            item.add_marker(getattr(pytest.mark, tier))
