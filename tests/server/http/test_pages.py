"""The pages for people: the about page keeps the developers' links; each game's own content
is explained on its rules page with an example file that the game accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.games import get_game
from parlour.server.http.pages import WEB

EXAMPLES = {
    # game, its content option, the example file, the players the rules page says it serves
    "my-favourite-things": ("categories", "my-favourite-things-categories.json", (3, 6)),
    "whats-it-to-ya": ("cards", "whats-it-to-ya-cards.json", (3, 4)),
    "take-your-pick": ("pairs", "take-your-pick-pairs.json", (3, 10)),
}


def test_the_about_page_holds_the_developers_links_and_the_start_page_does_not(
        kit: Any, db: Path) -> None:
    with kit.open_client(db) as client:
        about = client.get("/about")
        assert about.status_code == 200
        assert "script-src 'self'" in about.headers["content-security-policy"]
        assert 'href="/docs"' in about.text and "docs/protocol.md" in about.text
        home = client.get("/").text
        assert 'href="/about"' in home
        assert "/docs" not in home and "API" not in home
        for game in EXAMPLES:
            rules = client.get(f"/games/{game}").text
            assert 'id="your-own-cards"' in rules and "docs/" not in rules


@pytest.mark.parametrize("game_id", sorted(EXAMPLES))
def test_each_example_content_file_plays_for_the_players_its_page_promises(
        kit: Any, db: Path, game_id: str) -> None:
    option, name, (least, most) = EXAMPLES[game_id]
    with kit.open_client(db) as client:
        served = client.get(f"/static/examples/{name}")
        assert served.status_code == 200
        rules = client.get(f"/games/{game_id}").text
        assert f'href="/static/examples/{name}"' in rules
    example = json.loads((WEB / "examples" / name).read_text(encoding="utf-8"))
    assert served.json() == example
    game = get_game(game_id)
    for players in (least, most):
        state = game.setup(players, {option: example}, seed=players)
        assert not game.is_over(state)


def test_the_word_card_example_is_as_large_as_its_page_says(kit: Any, db: Path) -> None:
    """40 cards: four players dealing twice need 5 × 4 × 2; five players are refused."""
    example = json.loads((WEB / "examples" / "whats-it-to-ya-cards.json").read_text("utf-8"))
    assert len(example["cards"]) == 40
    with pytest.raises(ValueError, match="needs at least 50 cards"):
        get_game("whats-it-to-ya").setup(5, {"cards": example}, seed=1)
