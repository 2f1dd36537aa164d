"""``parlour simulate`` and ``parlour lab``: bot-only games, their statistics and the
designer's report."""

from __future__ import annotations

import json
import os
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from parlour.bots import make_agent
from parlour.engine import ParlourError
from parlour.games import get_game
from parlour.lab import Plan, simulate, summarize
from parlour.lab.stats import Summary, add

from .common import (
    CONTENT_HELP,
    OPTIONS_HELP,
    console,
    err,
    fail,
    own_content,
    parse_options,
    with_content,
)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command(name="simulate")(simulate_cmd)
    app.command(name="lab")(lab_cmd)


def simulate_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="Number of games")] = 1000,
    bots: Annotated[str | None, typer.Option(help="Comma-separated bot per seat")] = None,
    players: Annotated[int | None, typer.Option(help="Number of seats")] = None,
    options: Annotated[str | None, typer.Option(help=OPTIONS_HELP)] = None,
    cards: Annotated[Path | None, typer.Option(help=CONTENT_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 0,
    jobs: Annotated[int | None, typer.Option(help="Worker processes (default: cores)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    out: Annotated[Path | None, typer.Option(help="Write every record to this JSONL file")] = None,
) -> None:
    """Play N bot-only games and report win rates, ties and scores."""
    chosen = with_content(game_id, parse_options(options), cards)
    try:
        game = get_game(game_id)
        names = bots.split(",") if bots else None
        count = players or (len(names) if names else game.min_players)
        names = names or [game.default_bot] * count
        if len(names) != count:
            raise fail(f"--bots names {len(names)} bots for {count} seats")
        for i, name in enumerate(names):
            make_agent(game, name, i, 0)
        game.setup(count, chosen, seed)
    except ParlourError as exc:
        raise fail(str(exc)) from None
    if n < 1:
        raise fail("-n must be at least 1")
    spec = Plan(game_id, count, tuple(names), n, seed, chosen, rotate=False)
    summary = summarize([], count, names)
    started = time.perf_counter()
    sink = out.open("w") if out else None
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                  transient=as_json) as progress:
        task = progress.add_task(f"{game_id}", total=n)
        for record, result in simulate(spec, jobs, lambda k: progress.advance(task, k)):
            add(summary, result)
            if sink:
                sink.write(record.dumps() + "\n")
    if sink:
        sink.close()
    summary.extra["seconds"] = round(time.perf_counter() - started, 3)
    if as_json:
        print(json.dumps(summary.to_json()))
    else:
        _print_summary(game.title, summary)


def _print_summary(title: str, summary: Summary) -> None:
    data = summary.to_json()
    table = Table(title=f"{title}: {summary.games} games in {data['seconds']} s")
    for col in ("seat", "bot", "win rate", "95% CI", "mean score", "sd"):
        table.add_column(col)
    for seat in range(summary.players):
        lo, hi = data["win_ci95"][seat]
        table.add_row(str(seat), summary.bots[seat], f"{data['win_rate'][seat]:.3f}",
                      f"{lo:.3f}–{hi:.3f}", f"{data['mean_score'][seat]:.2f}",
                      f"{data['sd_score'][seat]:.2f}")
    console.print(table)
    if len(data["by_bot"]) > 1:
        bots = Table(title="By bot")
        for col in ("bot", "seats", "win rate", "95% CI"):
            bots.add_column(col)
        for name, entry in data["by_bot"].items():
            lo, hi = entry["ci95"]
            bots.add_row(name, ",".join(map(str, entry["seats"])), f"{entry['win_rate']:.3f}",
                         f"{lo:.3f}–{hi:.3f}")
        console.print(bots)
    console.print(f"tie rate {data['tie_rate']:.3f}")


def lab_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(help="Number of seats")] = None,
    bots: Annotated[str | None, typer.Option(
        help="Comma-separated bots, rotated round the seats game by game")] = None,
    n: Annotated[int, typer.Option("-n", help="Number of games (per run)")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 0,
    options: Annotated[str | None, typer.Option(help=OPTIONS_HELP)] = None,
    vs_options: Annotated[str | None, typer.Option(
        help="A second run on the same seeds with these options (JSON or @FILE); every "
             "figure is then shown side by side with the difference")] = None,
    cards: Annotated[Path | None, typer.Option(help=CONTENT_HELP)] = None,
    vs_cards: Annotated[Path | None, typer.Option(
        help="The second run plays this content (as --cards)")] = None,
    skills: Annotated[str | None, typer.Option(
        help="Guessing skills (e.g. 0,0.5,1) drawn per seat and game: how the outcome "
             "follows skill at guessing (party games)")] = None,
    workers: Annotated[int | None, typer.Option(
        help="Worker processes (default: cores); with a local Ray, its CPUs")] = None,
    ray: Annotated[str | None, typer.Option(
        metavar="[ADDRESS]", help="Run on a Ray cluster at ADDRESS; --ray alone starts a "
                                  "local one (needs parlour[ray])")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Folder for the report (default: lab-reports/GAME)")] = None,
    ladder: Annotated[str | None, typer.Option(
        help="A skill ladder: the same games with each of these bots in every seat "
             "(e.g. heuristic,mcts:30,mcts:100)")] = None,
    sweep: Annotated[str | None, typer.Option(
        metavar="PATH=V1,V2", help="The same games at each value of an option or a field "
             "of the content (e.g. cards.work_slots.4.years=0,1,2)")] = None,
    flag_ratio: Annotated[float | None, typer.Option(
        help="Flag a seat whose odds of winning are over this × the fair odds (or under "
             "1/this); default 1.25")] = None,
    lines: Annotated[str | None, typer.Option(
        help="The designer's lines as JSON or @FILE: ratio, rare, peers, sample, game "
             "(see docs/lab.md)")] = None,
) -> None:
    """Play N bot-only games and write a report: balance, the game's own questions, flags.

    The report (OUT/index.html) is one self-contained page; every figure is also a CSV file
    (OUT/csv/) and every number is in OUT/figures.json.
    """
    from parlour.lab.report import write
    from parlour.lab.study import conduct

    try:
        from parlour.lab.command import refine

        study = refine(_study(game_id, players, bots, n, seed, options, vs_options, cards,
                              vs_cards, skills),
                       ladder, sweep, flag_ratio, parse_options(lines, "--lines"))
    except ParlourError as exc:
        raise fail(str(exc)) from None
    count = workers or min(os.cpu_count() or 1, 8)
    started = time.perf_counter()
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), "left", TimeRemainingColumn(),
                  console=err) as progress:
        def tick(name: str, total: int) -> Callable[[int], None]:
            task = progress.add_task(f"{game_id} {name}" if study.vs is not None else game_id,
                                     total=total)
            return lambda k: progress.advance(task, k)

        try:
            runs = conduct(study, count, ray, tick)
        except ParlourError as exc:
            raise fail(str(exc)) from None
    seconds = time.perf_counter() - started
    folder = out or Path("lab-reports") / game_id
    title = f"{get_game(game_id).title}: {study.plan.players} players, {n} games"
    where = f"Ray at {ray}" if ray else f"{count} local process{'es' if count > 1 else ''}"
    page = write(folder, title, _command(study, cards, vs_cards), study.describe(), runs,
                 [f"Played in {seconds:.0f} s on {where}."], study.changes())
    for run in runs:
        for flag in run.figures.flags:
            err.print(f"[yellow]flag{' ' + run.name if len(runs) > 1 else ''}:[/] {flag.text}",
                      highlight=False)
    console.print(f"Report: {page}", highlight=False)


def _study(game_id: str, players: int | None, bots: str | None, n: int, seed: int,
           options: str | None, vs_options: str | None, cards: Path | None,
           vs_cards: Path | None, skills: str | None) -> Any:
    """The study the ``lab`` command's flags describe, checked before any game is played."""
    from parlour.lab.plan import Plan
    from parlour.lab.study import Study

    chosen = with_content(game_id, parse_options(options), cards)
    second = None
    if vs_options is not None or vs_cards is not None:
        base = parse_options(vs_options, "--vs-options") if vs_options is not None else chosen
        second = with_content(game_id, base, vs_cards, "--vs-cards")
    if n < 1:
        raise fail("-n must be at least 1")
    try:
        game = get_game(game_id)
        count = players or game.min_players
        names = bots.split(",") if bots else [game.default_bot]
        if count % len(names):
            raise fail(f"--bots names {len(names)} bots for {count} seats: give one per seat, "
                       "or a number of bots that divides the seats")
        names = names * (count // len(names))
        from parlour.lab.strategy import check_bots

        scripts = check_bots(game, names)
        for opts in (chosen, second):
            if opts is not None:
                game.setup(count, opts, seed)
        levels = tuple(_skill(x) for x in skills.split(",")) if skills else ()
    except ParlourError as exc:
        raise fail(str(exc)) from None
    return Study(Plan(game_id, count, tuple(names), n, seed, chosen, levels,
                      scripts=scripts), second)


def _skill(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise fail(f"--skills takes numbers from 0 to 1 (got {text!r})") from None
    if not 0 <= value <= 1:
        raise fail(f"--skills takes numbers from 0 to 1 (got {value:g})")
    return value


def _command(study: Any, cards: Path | None, vs_cards: Path | None) -> str:
    """The command that makes this study again."""
    plan = study.plan
    words = ["parlour", "lab", plan.game, "--players", str(plan.players),
             "--bots", ",".join(dict.fromkeys(plan.bots)), "-n", str(plan.games),
             "--seed", str(plan.seed)]
    own = own_content(plan.game, plan.options, cards)
    if own:
        words += ["--options", json.dumps(own)]
    if cards:
        words += ["--cards", str(cards)]
    if study.vs is not None:
        vs = own_content(plan.game, study.vs, vs_cards)
        if vs != own or not vs_cards:
            words += ["--vs-options", json.dumps(vs)]
        if vs_cards:
            words += ["--vs-cards", str(vs_cards)]
    if plan.skills:
        words += ["--skills", ",".join(f"{x:g}" for x in plan.skills)]
    from parlour.lab.command import refinements

    words += refinements(study)
    return " ".join(shlex.quote(w) for w in words)
