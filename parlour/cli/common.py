"""What the command groups share: the consoles, errors, and options read from the flags."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from parlour.engine import ParlourError

OPTIONS_HELP = "Game options as JSON, or @FILE to read them from a JSON file"
CARDS_HELP = "My Story: your own card set (a JSON file in the documented format)"

console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    # The message is text, not markup: "pip install -e '.[perf]'" keeps its "[perf]".
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, markup=True)
    return typer.Exit(2)


def parse_options(text: str | None, flag: str = "--options") -> dict[str, Any]:
    """Options from JSON text, or from a JSON file named ``@FILE``."""
    if not text:
        return {}
    if text.startswith("@"):
        text = read_text(Path(text[1:]), flag)
    value = parse_json(text, flag)
    if not isinstance(value, dict):
        raise fail(f"{flag} must be a JSON object")
    return value


def parse_json(text: str, flag: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise fail(f"{flag} is not valid JSON: {exc}") from None


def read_text(path: Path, flag: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(f"{flag}: cannot read {path}: {exc.strerror}") from None


def with_cards(game_id: str, options: dict[str, Any], path: Path | None,
               flag: str = "--cards") -> dict[str, Any]:
    """The options with My Story's own card set from ``path`` (validated now, so that a
    bad card is named before any game is played)."""
    if path is None:
        return options
    if game_id != "my-story":
        raise fail(f"{flag} is for My Story; other games take their own content as an "
                   "option (--options, see docs/lab.md)")
    from parlour.games.my_story import load_card_set

    try:
        load_card_set(path)
    except ParlourError as exc:
        raise fail(str(exc)) from None
    return {**options, "cards": parse_json(read_text(path, flag), flag)}
