"""Play any game in a terminal, reading from stdin (so it can be driven by a pipe).

Each human seat sees only its own view; between two humans the screen is
cleared and the next player is asked to take the keyboard.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from parlour.engine import Action, Agent, Legal, Match, ParlourError, View

ReadLine = Callable[[str], str]


class InputClosed(Exception):
    """Standard input ended before the game did."""


def load_renderer(game_id: str) -> ModuleType | None:
    """The game's terminal renderer module, if it has one."""
    try:
        return importlib.import_module(f"parlour.tui.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return None


class TerminalPlayer:
    """Runs a match in the terminal; ``agents`` holds the bots, other seats are human."""

    def __init__(self, match: Match[Any], agents: dict[int, Agent], console: Console,
                 read: ReadLine) -> None:
        self.match = match
        self.agents = agents
        self.console = console
        self.read = read
        self.renderer = load_renderer(match.game.id)
        self.humans = [s for s in range(match.record.players) if s not in agents]
        self.last_human: int | None = None
        self.names = [f"Player {s + 1}" for s in range(match.record.players)]
        self.news: list[str] = []  # what became public since a human last looked

    def run(self) -> None:
        while not self.match.over:
            for seat in sorted(self.match.to_act):
                if seat in self.match.to_act:
                    self._turn(seat)
        self._tell_news()
        self.console.print(Rule("Game over"))
        self.console.print(self.render(self.match.view(None)))
        result = self.match.result()
        if result is not None:
            sheet = result.details.get("score_sheet")
            if isinstance(sheet, list):
                self.console.print(score_table(sheet, len(result.scores)))
            self.console.print(self._result_text(result.scores, result.winners))

    def render(self, view: View) -> RenderableType:
        if self.renderer is not None and hasattr(self.renderer, "render"):
            out: RenderableType = self.renderer.render(view)
            return out
        return Pretty(view)

    def label(self, action: Action) -> str:
        if self.renderer is not None and hasattr(self.renderer, "action_label"):
            return str(self.renderer.action_label(action))
        return ", ".join(f"{k}: {v}" for k, v in action.items())

    def _turn(self, seat: int) -> None:
        legal = self.match.legal(seat)
        if seat in self.agents:
            self._act(seat, self.agents[seat].act(self.match.view(seat), legal))
            return
        self._hand_over(seat)
        self._tell_news()
        while True:
            self.console.print(self.render(self.match.view(seat)))
            try:
                self._act(seat, self._ask(legal))
                return
            except ParlourError as exc:
                self.console.print(Text(f"Not allowed: {exc}", style="bold red"))

    def _act(self, seat: int, action: Action) -> None:
        before = self.match.view(None)
        self.match.act(seat, action)
        self.news += self.match.game.narrate(before, self.match.view(None), self.names)

    def _tell_news(self) -> None:
        for line in self.news:
            self.console.print(Text(f"• {line}", style="cyan"))
        self.news.clear()

    def _hand_over(self, seat: int) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            self.read(f"Pass the keyboard to player {seat + 1}, then press Enter. ")
            self.console.clear()
        self.last_human = seat
        self.console.print(Rule(f"Player {seat + 1}"))

    def _result_text(self, scores: list[float], winners: list[int]) -> Text:
        names = " and ".join(f"player {w + 1}" for w in winners)
        shown = ", ".join(f"player {i + 1}: {s:g}" for i, s in enumerate(scores))
        verb = "share the win" if len(winners) > 1 else "wins"
        return Text(f"Scores — {shown}. {names.capitalize()} {verb}.", style="bold")

    # -- reading an action ---------------------------------------------------------
    def _ask(self, legal: Legal) -> Action:
        if legal.choices is not None:
            return self._ask_choice(legal.choices)
        spec = legal.spec or {}
        kind = spec.get("kind")
        key = str(spec.get("key"))
        if kind == "text":
            return {key: self._line(f"{spec.get('label', key)}: ")}
        if kind == "texts":
            return {key: [self._line(f"{label}: ") for label in spec["labels"]]}
        if kind == "ranking":
            return {key: self._order(list(spec["items"]), spec.get("label", "Rank"))}
        if kind == "arrangement":
            return {key: self._arrange(spec["cards"])}
        raise ParlourError(f"this terminal cannot enter input of kind {kind!r}")

    def _line(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise InputClosed("input ended before the game did") from None

    def _ask_choice(self, choices: list[Action]) -> Action:
        for i, action in enumerate(choices, 1):
            self.console.print(Text(f"  {i}) {self.label(action)}"))
        while True:
            answer = self._line(f"Choose 1–{len(choices)}: ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            self.console.print(Text(f"Type a number from 1 to {len(choices)}.", style="red"))

    def _order(self, items: list[str], label: str) -> list[str]:
        for i, item in enumerate(items, 1):
            self.console.print(Text(f"  {i}) {item}"))
        while True:
            answer = self._line(f"{label}: type the numbers in order, e.g. 3 1 2: ").split()
            if sorted(answer) == [str(i) for i in range(1, len(items) + 1)]:
                return [items[int(a) - 1] for a in answer]
            self.console.print(Text(f"Type each number 1–{len(items)} once.", style="red"))

    def _arrange(self, cards: list[list[str]]) -> list[str]:
        labels = [" / ".join(card) for card in cards]
        order = self._order(labels, "Reading order")
        picks = []
        for label in order:
            card = cards[labels.index(label)]
            self.console.print(Text(f"Card: {label}"))
            picks.append(card[int(self._pick(len(card))) - 1])
        return picks

    def _pick(self, count: int) -> str:
        while True:
            answer = self._line(f"Your prediction (1–{count}): ").strip()
            if answer.isdigit() and 1 <= int(answer) <= count:
                return answer
            self.console.print(Text(f"Type a number from 1 to {count}.", style="red"))


def score_table(sheet: list[dict[str, Any]], players: int) -> Table:
    """A result's score sheet: one row per scoring area, one column per player."""
    table = Table(title="Score sheet")
    table.add_column("")
    for seat in range(players):
        table.add_column(f"Player {seat + 1}", justify="right")
    for line in sheet:
        table.add_row(str(line["area"]).replace("_", " "), *(f"{p:g}" for p in line["points"]))
    return table


def random_seed() -> int:
    return random.SystemRandom().randrange(2**31)
