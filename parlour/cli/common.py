"""What the command groups share: the consoles, errors, and options read from the flags."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from parlour.engine import InvalidOptions, Option, ParlourError
from parlour.games import game_ids, get_game

OPTIONS_HELP = "Game options as JSON, or @FILE to read them from a JSON file"
CONTENT_HELP = ("Your own content for the game, from a JSON file: My Story's card set, "
                "Take Your Pick's pairs, What's It to Ya?'s cards, My Favourite Things' "
                "categories (the value of the game's content option, as the lobby takes it)")

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


def content_option(options: Sequence[Option]) -> str | None:
    """The name of the one option that carries a game's content (a card set, word cards),
    the one a content file fills; ``None`` if the game takes no content.

    >>> from parlour.engine import Option
    >>> content_option((Option("deck", list, None), Option("pairs", list, None, content=True)))
    'pairs'
    """
    names = [o.name for o in options if o.content]
    if len(names) > 1:
        raise InvalidOptions(f"several options carry content ({', '.join(names)}): give "
                             "each in --options")
    return names[0] if names else None


def with_content(game_id: str, options: dict[str, Any], path: Path | None,
                 flag: str = "--cards") -> dict[str, Any]:
    """The options with the game's own content read from ``path``, as the lobby's upload
    gives it; the game checks it when it sets up, before any game is played."""
    if path is None:
        return options
    try:
        game = get_game(game_id)
    except ParlourError as exc:
        raise fail(str(exc)) from None
    try:
        name = content_option(game.options)
    except ParlourError as exc:
        raise fail(f"{flag}: {exc}") from None
    if name is None:
        raise fail(f"{flag} is for a game's own content, and {game.title} takes none (the "
                   f"games that do: {', '.join(titles_with_content())})")
    return {**options, name: parse_json(read_text(path, flag), flag)}


def titles_with_content() -> list[str]:
    """The games that take content of their own, by title."""
    games = [get_game(gid) for gid in game_ids()]
    return [g.title for g in games if any(o.content for o in g.options)]


def own_content(game_id: str, options: dict[str, Any], path: Path | None) -> dict[str, Any]:
    """``options`` without what ``--cards PATH`` put in them (a command that makes a run
    again names the file instead)."""
    if path is None:
        return options
    name = content_option(get_game(game_id).options)
    return {k: v for k, v in options.items() if k != name}
