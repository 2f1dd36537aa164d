"""``parlour``: list games, play in the terminal, simulate, replay, benchmark, serve.

Each group of commands is a module of its own, thin over its part of Parlour: ``play``
(games, play, replay), ``lab`` (simulate, lab), ``perf`` (bench, load) and ``serve``
(serve, run).
"""

from __future__ import annotations

import sys

import typer

from . import lab, perf, play, serve

app = typer.Typer(help="Parlour: five tabletop games to play, simulate and study.",
                  no_args_is_help=True, add_completion=False)
for group in (play, lab, perf, serve):
    group.register(app)


def optional_values(args: list[str]) -> list[str]:
    """``--ray`` with no address after it means a local Ray (``--ray local``).

    >>> optional_values(["lab", "my-story", "--ray", "-n", "5"])
    ['lab', 'my-story', '--ray', 'local', '-n', '5']
    """
    out = list(args)
    for i in range(len(out) - 1, -1, -1):
        if out[i] == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "local")
    return out


def main() -> None:
    """The ``parlour`` command."""
    app(args=optional_values(sys.argv[1:]), prog_name="parlour")
