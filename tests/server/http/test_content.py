"""A host gives the room's game its own content (a card set, word cards): by an upload,
validated as the game validates it; the record holds it, the words name it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import text_problem
from parlour.games.my_story.cards import DEFAULT_PATH
from parlour.games.whats_it_to_ya.content import DATA_FILE as WITY_CARDS
from parlour.server.rooms.lobby import FEW_CARDS_NOTICE


def own_set() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEFAULT_PATH.read_text())
    data["name"] = "Chapters"
    data["cards"][0]["name"] = "Chapter One"  # L01
    return data


def put(client: Any, code: str, token: str | None, body: str, name: str = "cards") -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.put(f"/api/rooms/{code}/content/{name}", content=body.encode(),
                      headers=headers)


def test_the_host_uploads_a_card_set_and_the_game_plays_and_names_it(kit: Any, db: Path) -> None:
    with kit.open_client(db, bot_delay=0.0) as client:
        code, token = kit.new_room(client, "my-story")
        host = kit.connect(client, code, token)
        assert put(client, code, None, json.dumps(own_set())).status_code == 403
        reply = put(client, code, token, json.dumps(own_set()))
        assert reply.status_code == 200, reply.text
        assert reply.json()["options"] == {"cards": "Chapters (your own)"}
        assert host.room()["room"]["options"] == {"cards": "Chapters (your own)"}
        # Other settings saved from the lobby form keep the uploaded set.
        assert host.request({"type": "configure", "options": {"card_set": "standard"},
                             "timer": 0})["type"] == "ok"
        assert host.last is not None
        assert host.last["room"]["options"]["cards"] == "Chapters (your own)"
        assert client.get(f"/api/rooms/{code}/words").json()["cards"]["L01"]["name"] == \
            "Chapter One"
        assert client.get("/api/games/my-story/words").json()["cards"]["L01"]["name"] == \
            "First Love"
        for seat in (0, 1):
            assert host.request({"type": "add_bot", "seat": seat})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
        host.until(lambda m: m["room"]["status"] == "over", limit=5000)
        record = client.get(f"/api/rooms/{code}/record",
                            headers={"Authorization": f"Bearer {token}"}).json()
        assert record["options"]["cards"]["cards"][0]["name"] == "Chapter One"
        assert put(client, code, token, "null").status_code == 400  # the game has started


def test_a_bad_card_set_is_refused_naming_the_card_and_changes_nothing(kit: Any,
                                                                       db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, "my-story")
        host = kit.connect(client, code, token)
        bad = own_set()
        bad["cards"][3]["vp"] = "two"
        reply = put(client, code, token, json.dumps(bad))
        assert reply.status_code == 400
        assert "cards[3] (L04): field 'vp' must be a whole number (got 'two')" in reply.text
        assert put(client, code, token, "{not json").status_code == 400
        assert put(client, code, token, json.dumps(own_set()), "deck").status_code == 400
        too_large = put(client, code, token, "x" * (600 * 1024))
        assert too_large.status_code == 413
        assert too_large.json() == {"detail": "the request body is too large (at most 512 kB)"}
        assert kit.connect(client, code).last["room"]["options"] == {}
        assert put(client, code, token, json.dumps(own_set())).status_code == 200
        host.until(lambda m: m["room"]["options"] == {"cards": "Chapters (your own)"})
        assert put(client, code, token, "null").status_code == 200
        host.until(lambda m: m["room"]["options"] == {})


def test_party_games_take_their_own_content_too(kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, "take-your-pick")
        pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(30)]
        reply = put(client, code, token, json.dumps(pairs), "pairs")
        assert reply.status_code == 200 and reply.json()["options"] == {"pairs": "30 of your own"}
        reply = put(client, code, token, json.dumps([["Tea", "tea"]]), "pairs")
        assert reply.status_code == 400 and "already on this entry" in reply.text


def own_cards() -> dict[str, Any]:
    """What's It to Ya?'s bundled cards, as a host would upload them."""
    data: dict[str, Any] = json.loads(WITY_CARDS.read_text())
    return data


def own_categories() -> list[dict[str, Any]]:
    return [{"name": "Teas", "loved": [f"Tea {i}" for i in range(9)],
             "disliked": ["Cold tea", "Weak tea", "Stewed tea"]}]


def with_text(game: str, text: str) -> tuple[str, Any]:
    """A content option of ``game`` whose first text shown to players is ``text``."""
    if game == "take-your-pick":
        return "pairs", [[text, "Coffee"], *([f"Tea {i}", f"Milk {i}"] for i in range(30))]
    if game == "whats-it-to-ya":
        cards = own_cards()
        cards["cards"][0]["front"]["word"] = text
        return "cards", cards
    if game == "my-story":
        card_set = own_set()
        card_set["cards"][0]["name"] = text
        return "cards", card_set
    categories = own_categories()
    categories[0]["name"] = text
    return "categories", categories


@pytest.mark.parametrize("game", ["take-your-pick", "whats-it-to-ya", "my-story",
                                  "my-favourite-things"])
@pytest.mark.parametrize("hidden", ["\u200b", "\u202e", "\u2066", "\x07"])
def test_uploaded_text_is_held_to_the_rules_of_typed_text(kit: Any, db: Path, game: str,
                                                          hidden: str) -> None:
    """Before: phrases, words and card names took zero-width and direction-override
    characters that a typed name or answer is refused for."""
    text = f"Tea{hidden}time"
    typed = text_problem(text, "a name")
    assert typed == "a name cannot contain control characters"
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, game)
        name, value = with_text(game, text)
        reply = put(client, code, token, json.dumps(value), name)
        assert reply.status_code == 400, reply.text
        assert "cannot contain control characters" in reply.json()["detail"]
        name, value = with_text(game, "Tea\u200dtime")  # a joiner belongs in real text
        assert put(client, code, token, json.dumps(value), name).status_code == 200


def test_own_phrase_pairs_too_few_to_hide_a_hand_ask_everyone_first(kit: Any, db: Path) -> None:
    """Before: six pairs at three players dealt every card, so the host, as a reader, knew
    the other reader's whole hand, and nobody was told (docs/rulings.md)."""
    pairs = [[f"Tea {i}", f"Coffee {i}"] for i in range(24)]
    with kit.open_client(db) as client:
        code, token = kit.new_room(client, "take-your-pick")
        host, guest = kit.seat_two_people(client, code, token)
        assert host.request({"type": "add_bot", "seat": 2, "bot": "random"})["type"] == "ok"
        assert put(client, code, token, json.dumps(pairs[:6]), "pairs").status_code == 200
        shown = guest.until(lambda m: m["room"]["stacked"] is not None)["room"]
        assert shown["stacked"] == FEW_CARDS_NOTICE
        assert [s["to_accept"] for s in shown["seats"]] == [False, True, False]
        assert host.request({"type": "start"})["message"] == (
            "the deck is stacked: Bob must accept it before the game starts")
        # Enough pairs hide every hand: no notice, and Bob's acceptance is not asked for.
        assert put(client, code, token, json.dumps(pairs), "pairs").status_code == 200
        assert guest.until(lambda m: m["room"]["stacked"] is None)["room"]["seats"][1][
            "to_accept"] is False
        assert put(client, code, token, json.dumps(pairs[:23]), "pairs").status_code == 200
        guest.until(lambda m: m["room"]["stacked"] == FEW_CARDS_NOTICE)
        assert guest.request({"type": "accept_deck"})["type"] == "ok"
        assert host.request({"type": "start"})["type"] == "ok"
