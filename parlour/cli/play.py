"""``parlour games``, ``play`` and ``replay``: the games, played and replayed in the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from parlour.bots import bot_names, make_agent
from parlour.engine import Agent, Match, ParlourError, Record, replay
from parlour.engine.chance import new_seed
from parlour.games import game_ids, get_game
from parlour.tui import TerminalPlayer
from parlour.tui.play import InputClosed

from .common import CONTENT_HELP, OPTIONS_HELP, console, fail, parse_options, with_content


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command()(games)
    app.command()(play)
    app.command(name="replay")(replay_cmd)


def games() -> None:
    """List the games with their player counts, options and bots."""
    table = Table(title="Parlour games")
    for col in ("id", "title", "players", "options", "bots"):
        table.add_column(col)
    for gid in game_ids():
        game = get_game(gid)
        opts = ", ".join(f"{o.name}={json.dumps(o.default)}" for o in game.options)
        table.add_row(gid, game.title, f"{game.min_players}–{game.max_players}", opts,
                      ", ".join(bot_names(game)))
    console.print(table)


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(help="Number of seats")] = None,
    humans: Annotated[int, typer.Option(help="Local human seats (the first ones)")] = 1,
    bot: Annotated[str | None, typer.Option(help="Bot for every other seat")] = None,
    bots: Annotated[str | None, typer.Option(help="Comma-separated bot per bot seat")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (random if omitted)")] = None,
    options: Annotated[str | None, typer.Option(help=OPTIONS_HELP)] = None,
    cards: Annotated[Path | None, typer.Option(help=CONTENT_HELP)] = None,
) -> None:
    """Play in the terminal against bots, or pass the keyboard between humans."""
    try:
        chosen = with_content(game_id, parse_options(options), cards)
        game = get_game(game_id)
        count = players or game.min_players
        names = bots.split(",") if bots else [bot or game.default_bot] * (count - humans)
        if humans < 0 or humans > count or len(names) != count - humans:
            raise fail(f"{count} seats need {count - humans} bots for {humans} human(s)")
        # A seed given is for replaying a game exactly, bots included; a drawn one is never
        # shown, and bots draw their own so their moves say nothing about it.
        match = Match.new(game, count, chosen, new_seed() if seed is None else seed)
        agents: dict[int, Agent] = {
            humans + i: make_agent(match.game, name, humans + i,
                                   new_seed() if seed is None else seed + 7919 * (i + 1))
            for i, name in enumerate(names)
        }
        TerminalPlayer(match, agents, console, _read_line).run()
    except InputClosed:
        raise fail("input ended before the game did") from None
    except ParlourError as exc:
        raise fail(str(exc)) from None


def _read_line(prompt: str) -> str:
    console.print(prompt, end="", markup=False, highlight=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    if not sys.stdin.isatty():
        console.print(line.rstrip("\n"), markup=False, highlight=False)
    return line.rstrip("\n")


def replay_cmd(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD.json")],
    as_json: Annotated[bool, typer.Option("--json", help="Print {over, result, view}")] = False,
) -> None:
    """Replay a match record and show where it ended (or which action is illegal)."""
    try:
        record = Record.loads(record_file.read_text())
        match = replay(record, get_game)
    except OSError as exc:
        raise fail(f"cannot read {record_file}: {exc.strerror}") from None
    except ParlourError as exc:
        raise fail(str(exc)) from None
    result = match.result()
    out = {"over": match.over, "result": result.to_json() if result else None,
           "view": match.view(None)}
    if as_json:
        print(json.dumps(out))
        return
    from parlour.tui import load_renderer

    renderer = load_renderer(record.game, match.game.words(record.options))
    console.print(renderer.render(match.view(None)))
    console.print(f"{len(record.actions)} actions replayed; over: {match.over}")
    if result:
        console.print(f"scores {result.scores}, winners {result.winners}")
