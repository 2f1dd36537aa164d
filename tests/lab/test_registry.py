"""Each game's lab module is declared in one place: a game without one gets the generic
figures explicitly, and a registered module that does not load is an error, not a fallback."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from parlour.games import game_ids
from parlour.lab import games as labs
from parlour.lab.games import GENERIC, LABS, GameLab, LabModuleError, lab_for
from parlour.lab.games.love_me_not import LoveMeNotLab


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    lab_for.cache_clear()
    table = dict(LABS)
    monkeypatch.setattr(labs, "LABS", table)
    yield table
    lab_for.cache_clear()


def test_every_game_has_its_lab_registered() -> None:
    assert sorted(LABS) == sorted(game_ids())
    assert isinstance(lab_for("love-me-not"), LoveMeNotLab)


def test_a_game_without_a_lab_gets_the_generic_one(registry: dict[str, str]) -> None:
    del registry["take-your-pick"]
    assert lab_for("take-your-pick") is GENERIC
    assert type(GENERIC) is GameLab


def test_a_registered_lab_that_does_not_import_is_an_error(registry: dict[str, str]) -> None:
    registry["take-your-pick"] = "parlour.lab.games.no_such_module"
    with pytest.raises(ModuleNotFoundError, match="no_such_module"):
        lab_for("take-your-pick")


def test_a_registered_module_without_a_lab_is_an_error(registry: dict[str, str]) -> None:
    registry["take-your-pick"] = "parlour.lab.plan"
    with pytest.raises(LabModuleError, match=re.escape(
            "parlour.lab.plan (the lab of take-your-pick) defines no LAB")):
        lab_for("take-your-pick")
