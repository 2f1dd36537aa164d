"""The engine's quick paths give exactly what the plain ones gave: the same option errors,
exact records."""

from __future__ import annotations

import pytest

from parlour.engine import InvalidOptions, Match, Option, resolve_options
from parlour.engine.records import copy_json
from parlour.games import get_game


def test_options_refuse_an_unknown_name_before_a_bad_value() -> None:
    spec = (Option("turns", int, 2, choices=(2, 3)), Option("side", str, "front"))
    with pytest.raises(InvalidOptions, match=r"unknown option 'colour'.*side, turns"):
        resolve_options(spec, {"turns": "x", "colour": 1})
    assert resolve_options(spec, None) == {"turns": 2, "side": "front"}
    assert resolve_options(spec, {"side": "back"}) == {"turns": 2, "side": "back"}


def test_a_record_keeps_its_own_copy_of_each_action() -> None:
    game = get_game("love-me-not")
    match = Match.new(game, 2, {"matches": 1}, seed=3)
    action = dict(game.legal_actions(match.state, 0)[0])
    match.act(0, action)
    action["keep"] = "changed"
    assert match.record.actions[0]["action"]["keep"] != "changed"
    nested = {"rank": ["a", ["b"]], "n": 1.5, "ok": None, "pair": (1, [2])}
    copied = copy_json(nested)
    assert copied == nested
    assert copied["rank"][1] is not nested["rank"][1]
    assert copied["pair"][1] is not nested["pair"][1]  # anything else is deep-copied
