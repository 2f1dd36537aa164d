"""Each test is in the tier its folder says, and the fast tier leaves out the slow ones."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import TESTS, tier_of


@dataclass
class Item:
    path: Path
    name: str = "test_something"


@pytest.mark.parametrize(("where", "tier"), [
    ("browser/test_play.py", "browser"),
    ("perf/test_load.py", "perf"),
    ("rl/test_openspiel.py", "research"),
    ("server/cluster/test_redis.py", "services"),
    ("server/storage/test_postgres.py", "services"),
    ("server/storage/test_storage.py", None),
    ("server/rooms/test_rooms.py", None),
    ("games/love_me_not/test_rules.py", None),
    ("browsers_elsewhere/test_x.py", None),
])
def test_a_test_is_in_the_tier_of_its_folder(where: str, tier: str | None) -> None:
    assert tier_of(Item(TESTS / where)) == tier  # type: ignore[arg-type]


def test_a_test_named_for_a_tier_joins_it_wherever_it_is() -> None:
    item = Item(TESTS / "lab" / "test_lab.py", "test_ray_gives_what_local_processes_give")
    assert tier_of(item) == "services"  # type: ignore[arg-type]
    assert tier_of(Item(Path("/elsewhere/parlour/engine/play.py"))) is None  # type: ignore[arg-type]
