"""What the HTTP tests share: one server process for a whole module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def module_server(kit: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One server process for a whole test module (on a database of its own)."""
    folder = tmp_path_factory.mktemp("server")
    server = kit.Server(folder / "parlour.sqlite3", folder / "server.log").start()
    yield server
    server.kill()
