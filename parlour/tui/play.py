"""Play any game in a terminal, reading from stdin (so it can be driven by a pipe).

Each human seat sees only its own view; between two humans the screen is
cleared and the next player is asked to take the keyboard. The match runs on the
engine's own loop (:func:`parlour.engine.play`): a person at the keyboard is one more
agent, asked again when the rules refuse their move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from parlour.engine import (
    Action,
    Agent,
    Arrangement,
    IllegalAction,
    InputSpec,
    Legal,
    Match,
    ParlourError,
    Ranking,
    Result,
    Texts,
    View,
    play,
)
from parlour.engine import (
    Text as TextInput,
)
from parlour.engine.narration import default_names

from .renderers import load_renderer

ReadLine = Callable[[str], str]


class InputClosed(Exception):
    """Standard input ended before the game did."""


class TerminalPlayer:
    """Runs a match in the terminal; ``agents`` holds the bots, other seats are human."""

    def __init__(self, match: Match[Any], agents: dict[int, Agent], console: Console,
                 read: ReadLine) -> None:
        self.match = match
        self.console = console
        self.read = read
        self.renderer = load_renderer(match.game.id, match.game.words(match.record.options))
        players = match.record.players
        self.names = default_names(players)
        self.seats: dict[int, Agent] = {
            s: agents.get(s) or Keyboard(self, s) for s in range(players)}
        self.humans = [s for s in range(players) if s not in agents]
        self.last_human: int | None = None
        self.public = match.view(None)
        self.news: list[str] = []  # what became public since a human last looked

    def run(self) -> None:
        result = play(self.match, self.seats, self._moved)
        self._tell_news()
        self.console.print(Rule("Game over"))
        self.console.print(self.render(self.match.view(None)))
        sheet = self.renderer.result(result, self.names)
        if sheet is not None:
            self.console.print(sheet)
        self.console.print(result_text(result, self.names))

    def render(self, view: View) -> RenderableType:
        return self.renderer.render(view)

    def label(self, action: Action) -> str:
        return self.renderer.action_label(action)

    def _moved(self, seat: int, action: Action) -> None:
        after = self.match.view(None)
        self.news += self.match.game.narrate(self.public, after, self.names)
        self.public = after

    def _tell_news(self) -> None:
        for line in self.news:
            self.console.print(Text(f"• {line}", style="cyan"))
        self.news.clear()

    def hand_over(self, seat: int) -> None:
        """Clear the screen between two people, so neither sees the other's hand."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            self.read(f"Pass the keyboard to {self.names[seat].lower()}, then press Enter. ")
            self.console.clear()
        self.last_human = seat
        self.console.print(Rule(self.names[seat]))
        self._tell_news()

    # -- reading an action ---------------------------------------------------------
    def ask(self, legal: Legal) -> Action:
        if legal.spec is None:
            return self._ask_choice(legal.choices or [])
        return self._ask_free(legal.spec)

    def _ask_free(self, spec: InputSpec) -> Action:
        if isinstance(spec, TextInput):
            return {spec.key: self.line(f"{spec.label or spec.key}: ")}
        if isinstance(spec, Texts):
            return {spec.key: [self.line(f"{label}: ") for label in spec.labels]}
        if isinstance(spec, Ranking):
            label = spec.label or "Your order, first = top"
            return {spec.key: self._order(list(spec.items), label)}
        if isinstance(spec, Arrangement):
            return {spec.key: self._arrange(spec.cards, spec.label)}
        raise ParlourError(f"this terminal cannot enter input of kind {spec.kind!r}")

    def line(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise InputClosed("input ended before the game did") from None

    def _ask_choice(self, choices: list[Action]) -> Action:
        for i, action in enumerate(choices, 1):
            self.console.print(Text(f"  {i}) {self.label(action)}"))
        while True:
            answer = self.line(f"Choose 1–{len(choices)}: ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            self.console.print(Text(f"Type a number from 1 to {len(choices)}.", style="red"))

    def _order(self, items: list[str], label: str) -> list[str]:
        for i, item in enumerate(items, 1):
            self.console.print(Text(f"  {i}) {item}"))
        example = " ".join(str(i) for i in [*range(2, len(items) + 1), 1])
        while True:
            answer = self.line(f"{label}: type all {len(items)} numbers in order"
                               f" (e.g. {example}): ").split()
            if sorted(answer) == sorted(str(i) for i in range(1, len(items) + 1)):
                return [items[int(a) - 1] for a in answer]
            self.console.print(Text(f"Type each number 1–{len(items)} once.", style="red"))

    def _arrange(self, cards: Sequence[Sequence[str]], label: str) -> list[str]:
        if label:
            self.console.print(Text(label, style="bold"))
        labels = [" / ".join(card) for card in cards]
        order = self._order(labels, "Reading order (first = read first)")
        picks = []
        for label_ in order:
            card = cards[labels.index(label_)]
            for i, option in enumerate(card, 1):
                self.console.print(Text(f"  {i}) {option}"))
            picks.append(card[self._pick(len(card)) - 1])
        return picks

    def _pick(self, count: int) -> int:
        while True:
            answer = self.line(f"Your prediction (1–{count}): ").strip()
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.console.print(Text(f"Type a number from 1 to {count}.", style="red"))


class Keyboard:
    """A person at the keyboard playing one seat: shown the seat's view, asked for a move."""

    def __init__(self, player: TerminalPlayer, seat: int) -> None:
        self.player = player
        self.seat = seat

    def act(self, view: View, legal: Legal) -> Action:
        self.player.hand_over(self.seat)
        self.player.console.print(self.player.render(view))
        return self.player.ask(legal)

    def refused(self, error: IllegalAction) -> None:
        self.player.console.print(Text(f"Not allowed: {error}", style="bold red"))


def result_text(result: Result, names: Sequence[str]) -> Text:
    """Everyone's score, then who won."""
    winners = " and ".join(names[w] for w in result.winners)
    shown = ", ".join(f"{names[i]}: {s:g}" for i, s in enumerate(result.scores))
    verb = "share the win" if len(result.winners) > 1 else "wins"
    return Text(f"Scores — {shown}. {winners} {verb}.", style="bold")
