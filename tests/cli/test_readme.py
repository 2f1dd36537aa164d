"""The README's command table is the command line's contract: every command it shows
exists, and takes every flag shown with it."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from parlour.cli.main import app

README = Path(__file__).parents[2] / "README.md"


def table() -> dict[str, set[str]]:
    """The README's commands with the flags each is shown with."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```", 2)[1]
    shown: dict[str, set[str]] = {}
    command = ""
    for line in block.splitlines():
        code = line.split("#", 1)[0]
        if code.startswith("parlour "):
            command = code.split()[1]
            shown.setdefault(command, set())
        if command:
            shown[command] |= set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-n)\b", code))
    return shown


def test_every_command_and_flag_in_the_readme_is_taken() -> None:
    commands = typer.main.get_command(app).commands
    shown = table()
    assert {"games", "play", "simulate", "lab", "replay", "bench", "load", "serve"} <= set(shown)
    for name, flags in shown.items():
        command = commands.get(name)
        assert command is not None, f"parlour {name} is in the README but not a command"
        taken = {o for p in command.params for o in p.opts}
        assert flags <= taken, f"parlour {name} does not take {sorted(flags - taken)}"
