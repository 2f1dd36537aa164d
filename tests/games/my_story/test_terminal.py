"""My Story's terminal renderer: every view renders, every action has a label."""

from __future__ import annotations

import io
import random

from rich.console import Console

from parlour.engine import Match
from parlour.games.my_story import GAME as G
from parlour.tui import my_story as tui


def test_every_view_renders_and_every_action_is_labelled() -> None:
    match = Match.new(G, 3, None, 12)
    rng = random.Random(12)
    console = Console(width=120, record=True, file=io.StringIO())
    step = 0
    while not match.over:
        seat = min(match.to_act)
        if step % 25 == 0:
            console.print(tui.render(match.view(seat)))
            console.print(tui.render(match.view(None)))
        choices = match.legal(seat).choices or []
        labels = [tui.action_label(a) for a in choices]
        assert all(labels) and all(not lab.startswith("{") for lab in labels)
        match.act(seat, rng.choice(choices))
        step += 1
    console.print(tui.render(match.view(0)))
    text = console.export_text()
    assert "Life Story track" in text and "retired" in text


def test_labels_name_the_cards() -> None:
    assert tui.action_label({"occupation": "O01"}) == "start as Organic Farmer"
    assert tui.action_label({"grow": "P01", "stars": 1}) == \
        "complete Vegetable Garden, using 1 Star"
    assert tui.action_label({"take": "life", "slot": 0, "stars": 0}) == \
        "take the Life Story card in slot 1"
