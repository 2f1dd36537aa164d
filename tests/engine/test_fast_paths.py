"""The engine's quick paths give exactly what the plain ones gave: the same deals from the
same seeds (stored records replay as before), the same option errors, exact records."""

from __future__ import annotations

import copy
import random

import pytest

from parlour.engine import InvalidOptions, Match, Option, generator, resolve_options
from parlour.engine.records import copy_json
from parlour.games import get_game


@pytest.mark.parametrize("seed", [0, 1, 7, 42, -3, 2**40, 10**30])
def test_a_seed_gives_the_stream_random_random_gives(seed: int) -> None:
    ours, plain = generator(seed), random.Random(seed)
    assert ours.getstate() == plain.getstate()
    for n in (0, 1, 2, 3, 5, 20, 33, 64, 100):
        mine, theirs = list(range(n)), list(range(n))
        ours.shuffle(mine)
        plain.shuffle(theirs)
        assert mine == theirs
    assert [ours.random() for _ in range(5)] == [plain.random() for _ in range(5)]
    assert generator(seed, "ideas").getstate() == random.Random(f"{seed}:ideas").getstate()


def test_a_generator_copies_and_pickles_with_its_position() -> None:
    rng = generator(5)
    rng.random()
    twin = copy.deepcopy(rng)
    assert type(twin) is type(rng) and twin.random() == rng.random()


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
