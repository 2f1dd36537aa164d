"""My Favourite Things: who sees what, phase by phase."""

from __future__ import annotations

import json
from typing import Any

from parlour.engine import play
from parlour.games.my_favourite_things import BROKEN_HEART, GAME, MyFavouriteThingsState

from .scripted import match_of, scripted

CATEGORIES = ["Animals", "Colours", "Sports"]
SETS = [
    ["Dogs", "Otters", "Owls", "Tigers", "Sloths", "Slugs"],
    ["Blue", "Green", "Red", "Yellow", "Pink", "Beige"],
    ["Tennis", "Rugby", "Cricket", "Golf", "Darts", "Boxing"],
]
SECRET = "Unicorn sprinkles"


def words(view: dict[str, Any]) -> str:
    return json.dumps(view)


def test_categories_are_private_until_all_given_then_public() -> None:
    state = GAME.setup(3, seed=2)
    GAME.apply(state, 0, {"category": SECRET})
    assert GAME.view(state, 0)["seats"][0]["category"] == SECRET
    assert GAME.view(state, 0)["you"]["gave"] == SECRET
    for seat in (1, 2, None):
        assert SECRET not in words(GAME.view(state, seat))
        assert GAME.view(state, seat)["seats"][0]["done"] is True
    GAME.apply(state, 1, {"category": "Colours"})
    GAME.apply(state, 2, {"category": "Sports"})
    for seat in (0, 1, 2, None):
        assert [s["category"] for s in GAME.view(state, seat)["seats"]] == [
            SECRET, "Colours", "Sports"]
    # Seat 1 writes on seat 0's cards, for seat 0's category.
    you = GAME.view(state, 1)["you"]
    assert (you["write_for"], you["to_write"]) == (0, SECRET)


def test_entries_are_private_to_the_writer_until_play() -> None:
    state = GAME.setup(3, seed=2)
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    GAME.apply(state, 1, {"write": [SECRET, "b", "c", "d", "e", "f"]})
    assert GAME.view(state, 1)["you"]["written"] == [SECRET, "b", "c", "d", "e", "f"]
    for seat in (0, 2, None):
        assert SECRET not in words(GAME.view(state, seat))
    assert GAME.view(state, 0)["seats"][1]["done"] is True


def to_play(seed: int = 2) -> MyFavouriteThingsState:
    state = GAME.setup(3, seed=seed)
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    for w in range(3):
        GAME.apply(state, w, {"write": SETS[(w - 1) % 3]})
    return state


def test_hands_are_public_and_ranks_known_only_to_the_writer() -> None:
    state = to_play()
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert [sorted(s["hand"]) for s in view["seats"]] == [sorted(s) for s in SETS]
        assert all(s["played"] == [] for s in view["seats"])
    # Seat 1 wrote seat 0's set and still sees it in rank order; seat 0 does not.
    assert GAME.view(state, 1)["you"]["written"] == SETS[0]
    assert GAME.view(state, 0)["you"]["written"] == SETS[2]
    assert GAME.view(state, 2)["seats"][0]["hand"] == state.hands[0]


def test_ranks_are_revealed_once_the_trick_is_complete() -> None:
    state = to_play()
    GAME.apply(state, 0, {"play": "Dogs"})
    GAME.apply(state, 1, {"play": "Beige"})
    view = GAME.view(state, 2)
    assert view["trick"]["plays"] == [{"seat": 0, "entry": "Dogs"}, {"seat": 1, "entry": "Beige"}]
    assert view["tricks"] == []
    GAME.apply(state, 2, {"play": "Golf"})
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert view["tricks"][0]["plays"] == [
            {"seat": 0, "entry": "Dogs", "rank": 1},
            {"seat": 1, "entry": "Beige", "rank": BROKEN_HEART},
            {"seat": 2, "entry": "Golf", "rank": 4},
        ]
        assert view["tricks"][0]["winner"] == 1
        assert view["seats"][1]["played"] == [{"entry": "Beige", "rank": BROKEN_HEART}]
        assert view["trick"] == {"number": 2, "leader": 1, "plays": []}
        assert view["hearts"] == [0, 1, 0]


def test_spectator_sees_no_private_part_and_no_seed() -> None:
    state = to_play(seed=987654321)
    view = GAME.view(state, None)
    assert view["you"] is None
    assert "987654321" not in words(view)
    assert "seed" not in words(view) and "rng" not in words(view)


def test_suggestions_are_offered_to_players_short_of_ideas() -> None:
    state = GAME.setup(3, seed=2)
    spec = GAME.legal(state, 0).spec.to_json()  # type: ignore[union-attr]
    assert len(spec["suggestions"]) == 8
    assert GAME.view(state, 0)["you"]["suggestions"] == spec["suggestions"]
    for g in range(3):
        GAME.apply(state, g, {"category": CATEGORIES[g]})
    spec = GAME.legal(state, 1).spec.to_json()  # type: ignore[union-attr]
    assert spec["category"] == "Animals" and "Otters" in spec["suggestions"]
    assert spec["labels"][0] == "1st favourite" and "Broken Heart" in spec["labels"][5]


def test_the_final_view_shows_the_winners() -> None:
    state = to_play()
    weather = ["Sun", "Snow", "Fog", "Hail", "Mist", "Sleet"]
    result = play(match_of(state), scripted(3, ["Weather"] * 3, [weather] * 3))
    view = GAME.view(state, None)
    assert view["over"] and view["winners"] == result.winners
    assert len(view["history"]) == 2 and len(view["tricks"]) == 10
