"""My Story's terminal renderer: every view renders, every action has a label."""

from __future__ import annotations

import io
import random

from rich.console import Console

from parlour.engine import Action, Legal, Match, View, play
from parlour.games.my_story import GAME as G
from parlour.tui import my_story as tui


class Reader:
    """A random player who renders its view now and then and reads every label."""

    def __init__(self, console: Console, seed: int) -> None:
        self.console, self.rng, self.moves = console, random.Random(seed), 0

    def act(self, view: View, legal: Legal) -> Action:
        if self.moves % 25 == 0:
            self.console.print(tui.render(view))
        self.moves += 1
        choices = legal.choices or []
        labels = [tui.action_label(a) for a in choices]
        assert all(labels) and all(not lab.startswith("{") for lab in labels)
        return self.rng.choice(choices)


def test_every_view_renders_and_every_action_is_labelled() -> None:
    match = Match.new(G, 3, None, 12)
    console = Console(width=120, record=True, file=io.StringIO())
    play(match, [Reader(console, 12 + s) for s in range(3)],
         lambda seat, action: console.print(tui.render(match.view(None)))
         if match.record.actions and len(match.record.actions) % 25 == 0 else None)
    console.print(tui.render(match.view(0)))
    text = console.export_text()
    assert "Life Story track" in text and "retired" in text


def test_labels_name_the_cards() -> None:
    assert tui.action_label({"occupation": "O01"}) == "start as Organic Farmer"
    assert tui.action_label({"grow": "P01", "stars": 1}) == \
        "complete Vegetable Garden, using 1 Star"
    assert tui.action_label({"take": "life", "slot": 0, "stars": 0}) == \
        "take the Life Story card in slot 1"
