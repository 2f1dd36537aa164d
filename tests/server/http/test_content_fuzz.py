"""Hostile content, drawn by Hypothesis: one field of a good upload of each game replaced by
anything (a huge or negative number, a wrong type, a deep list, text a person cannot
see); the answer is the game's own clear refusal (400) or a success, never a server error,
and the room keeps serving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.games.my_story.cards import DEFAULT_PATH
from parlour.games.whats_it_to_ya.content import DATA_FILE as WITY_CARDS

HOSTILE = (st.integers(-(2**70), 2**70) | st.sampled_from([-1, 0, 7, 8, 10**9, -(10**9)])
           | st.booleans() | st.none() | st.floats(allow_nan=False)
           | st.text(st.characters(exclude_categories=["Cs"]), max_size=8)
           | st.sampled_from(["\u202e", "\u200b", "x" * 500, [], {}, [[[[[[1]]]]]], {"a": {}}]))


def good(game: str) -> tuple[str, Any]:
    if game == "my-story":
        return "cards", json.loads(DEFAULT_PATH.read_text())
    if game == "whats-it-to-ya":
        return "cards", json.loads(WITY_CARDS.read_text())
    if game == "take-your-pick":
        return "pairs", [[f"Tea {i}", f"Coffee {i}"] for i in range(30)]
    return "categories", [{"name": "Teas", "loved": [f"Tea {i}" for i in range(9)],
                           "disliked": ["Cold tea", "Weak tea", "Stewed tea"]}]


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every place in ``value`` (objects' fields and lists' items)."""
    children: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        children = list(value.items())
    elif isinstance(value, list):
        children = list(enumerate(value))
    found = [path] if path else []
    for key, child in children:
        found += leaves(child, (*path, key))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    copy = json.loads(json.dumps(value))
    place = copy
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = new
    return copy


@pytest.mark.parametrize("game", ["my-story", "whats-it-to-ya", "take-your-pick",
                                  "my-favourite-things"])
def test_any_field_of_an_upload_gets_a_clear_answer(kit: Any, db: Path, game: str) -> None:
    name, content = good(game)
    paths = leaves(content)
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, game)
        auth = {"Authorization": f"Bearer {token}"}

        @settings(max_examples=60, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.sampled_from(paths), HOSTILE)
        def hostile(path: tuple[Any, ...], new: Any) -> None:
            body = json.dumps(replaced(content, path, new))
            reply = client.put(f"/api/rooms/{code}/content/{name}", content=body, headers=auth)
            assert reply.status_code in (200, 400), (path, new, reply.status_code, reply.text)
            assert reply.status_code == 200 or reply.json()["detail"]

        hostile()
        assert client.get(f"/api/rooms/{code}").status_code == 200
