"""``parlour``: list games, play in the terminal, simulate, replay, benchmark, serve."""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from parlour.bots import bot_names, make_agent
from parlour.engine import Agent, Match, ParlourError, Record, replay
from parlour.engine.chance import new_seed
from parlour.games import game_ids, get_game
from parlour.lab import SimulationSpec, simulate, summarize
from parlour.lab.stats import Summary, add
from parlour.tui import TerminalPlayer
from parlour.tui.play import InputClosed

OPTIONS_HELP = "Game options as JSON, or @FILE to read them from a JSON file"
CARDS_HELP = "My Story: your own card set (a JSON file in the documented format)"

app = typer.Typer(help="Parlour: five tabletop games to play, simulate and study.",
                  no_args_is_help=True, add_completion=False)
console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}", highlight=False, markup=True)
    return typer.Exit(2)


def parse_options(text: str | None, flag: str = "--options") -> dict[str, Any]:
    """Options from JSON text, or from a JSON file named ``@FILE``."""
    if not text:
        return {}
    if text.startswith("@"):
        text = read_text(Path(text[1:]), flag)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise fail(f"{flag} is not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise fail(f"{flag} must be a JSON object")
    return value


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
    return {**options, "cards": json.loads(read_text(path, flag))}


@app.command()
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


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(help="Number of seats")] = None,
    humans: Annotated[int, typer.Option(help="Local human seats (the first ones)")] = 1,
    bot: Annotated[str | None, typer.Option(help="Bot for every other seat")] = None,
    bots: Annotated[str | None, typer.Option(help="Comma-separated bot per bot seat")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (random if omitted)")] = None,
    options: Annotated[str | None, typer.Option(help=OPTIONS_HELP)] = None,
    cards: Annotated[Path | None, typer.Option(help=CARDS_HELP)] = None,
) -> None:
    """Play in the terminal against bots, or pass the keyboard between humans."""
    try:
        chosen = with_cards(game_id, parse_options(options), cards)
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


@app.command(name="simulate")
def simulate_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="Number of games")] = 1000,
    bots: Annotated[str | None, typer.Option(help="Comma-separated bot per seat")] = None,
    players: Annotated[int | None, typer.Option(help="Number of seats")] = None,
    options: Annotated[str | None, typer.Option(help=OPTIONS_HELP)] = None,
    cards: Annotated[Path | None, typer.Option(help=CARDS_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game")] = 0,
    jobs: Annotated[int | None, typer.Option(help="Worker processes (default: cores)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    out: Annotated[Path | None, typer.Option(help="Write every record to this JSONL file")] = None,
) -> None:
    """Play N bot-only games and report win rates, ties and scores."""
    chosen = with_cards(game_id, parse_options(options), cards)
    try:
        game = get_game(game_id)
        names = bots.split(",") if bots else None
        count = players or (len(names) if names else game.min_players)
        names = names or [game.default_bot] * count
        if len(names) != count:
            raise fail(f"--bots names {len(names)} bots for {count} seats")
        for i, name in enumerate(names):
            make_agent(game, name, i, 0)
        game.for_options(chosen).setup(count, chosen, seed)
    except ParlourError as exc:
        raise fail(str(exc)) from None
    if n < 1:
        raise fail("-n must be at least 1")
    spec = SimulationSpec(game_id, count, tuple(names), chosen, seed)
    summary = summarize([], count, names)
    started = time.perf_counter()
    sink = out.open("w") if out else None
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                  transient=as_json) as progress:
        task = progress.add_task(f"{game_id}", total=n)
        for record, result in simulate(spec, n, jobs,
                                       lambda k: progress.advance(task, k)):
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


@app.command(name="lab")
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
    cards: Annotated[Path | None, typer.Option(help=CARDS_HELP)] = None,
    vs_cards: Annotated[Path | None, typer.Option(
        help="My Story: the second run plays this card set")] = None,
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
) -> None:
    """Play N bot-only games and write a report: balance, the game's own questions, flags.

    The report (OUT/index.html) is one self-contained page; every figure is also a CSV file
    (OUT/csv/) and every number is in OUT/figures.json.
    """
    from parlour.lab.report import write
    from parlour.lab.study import conduct

    study = _study(game_id, players, bots, n, seed, options, vs_options, cards, vs_cards,
                   skills)
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
                 [f"Played in {seconds:.0f} s on {where}."])
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

    chosen = with_cards(game_id, parse_options(options), cards)
    second = None
    if vs_options is not None or vs_cards is not None:
        base = parse_options(vs_options, "--vs-options") if vs_options is not None else chosen
        second = with_cards(game_id, base, vs_cards, "--vs-cards")
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
        for i, name in enumerate(names):
            make_agent(game, name, i, 0)
        for opts in (chosen, second):
            if opts is not None:
                game.for_options(opts).setup(count, opts, seed)
        levels = tuple(_skill(x) for x in skills.split(",")) if skills else ()
    except ParlourError as exc:
        raise fail(str(exc)) from None
    return Study(Plan(game_id, count, tuple(names), n, seed, chosen, levels), second)


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
    own = {k: v for k, v in plan.options.items() if not (cards and k == "cards")}
    if own:
        words += ["--options", json.dumps(own)]
    if cards:
        words += ["--cards", str(cards)]
    if study.vs is not None:
        vs = {k: v for k, v in study.vs.items() if not (vs_cards and k == "cards")}
        if vs != plan.options or not vs_cards:
            words += ["--vs-options", json.dumps(vs)]
        if vs_cards:
            words += ["--vs-cards", str(vs_cards)]
    if plan.skills:
        words += ["--skills", ",".join(f"{x:g}" for x in plan.skills)]
    return " ".join(shlex.quote(w) for w in words)


@app.command(name="replay")
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

    renderer = load_renderer(record.game, match.game.words())
    console.print(renderer.render(out["view"]) if renderer else out["view"])
    console.print(f"{len(record.actions)} actions replayed; over: {match.over}")
    if result:
        console.print(f"scores {result.scores}, winners {result.winners}")


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="Time per game")] = 3.0,
    game_id: Annotated[str | None, typer.Option("--game", help="Only this game")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object: engines, "
                                          "batch simulator, search")] = False,
) -> None:
    """Games per second of each game with random bots, in one process."""
    from parlour.perf.bench import bench_figures, run_bench

    ids = [game_id] if game_id else game_ids()
    rows = list(run_bench(ids, seconds))
    if as_json:
        print(json.dumps(bench_figures(rows, ids, seconds)))
        return
    table = Table(title="Engine speed (random bots, one process)")
    for col in ("game", "players", "games", "games/s", "actions/s"):
        table.add_column(col, justify="right")
    for row in rows:
        table.add_row(row.game, str(row.players), str(row.games), f"{row.games_per_s:,.0f}",
                      f"{row.actions_per_s:,.0f}")
    console.print(table)


@app.command()
def load(
    rooms: Annotated[int, typer.Option(help="Rooms kept playing at once")] = 10,
    seconds: Annotated[float, typer.Option(help="Length of the measured window")] = 10.0,
    url: Annotated[str | None, typer.Option(help="A running server on loopback to load "
                                            "(instead of --spawn)")] = None,
    spawn: Annotated[bool, typer.Option("--spawn", help="Start the servers for the test "
                                        "(what happens without --url)")] = False,
    processes: Annotated[int, typer.Option(help="Server processes behind one port "
                                           "(more than 1 needs --store postgres)")] = 1,
    store: Annotated[str | None, typer.Option(help="sqlite, or postgres (+ Redis) started "
                                              "on loopback; default: sqlite for one "
                                              "process, postgres for more")] = None,
    workdir: Annotated[Path | None, typer.Option(help="Keep the spawned servers' database "
                                                 "and logs here")] = None,
    profile: Annotated[Path | None, typer.Option(help="Record the first server process "
                                                 "with py-spy (.svg, .txt or .json)")] = None,
    clients: Annotated[int, typer.Option(help="Load-generating processes to share the "
                                         "rooms among")] = 1,
    turnover: Annotated[str, typer.Option(
        help="How a table goes on to its next game: new-room (over the sockets it has, as"
        " the peer's harness does), new-sockets (a new room, connected anew) or again (the"
        " same room: play again)")] = "new-room",
    spread: Annotated[str, typer.Option(help="With several processes: owner (a front passes "
                                        "each connection to its room's owner) or kernel "
                                        "(servers on one port, SO_REUSEPORT)")] = "owner",
    cpu_per_process: Annotated[float | None, typer.Option(
        help="Give each serving process this many cores and no more (a cgroup quota; needs"
        " root): how throughput grows with processes, on a machine whose cores are all in"
        " use")] = None,
    sync: Annotated[str | None, typer.Option(
        help="The started servers' --sync: full (the default: every commit synced to disk)"
        " or normal")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
) -> None:
    """Keep ROOMS rooms of Love Me Not playing over websockets and measure the server."""
    from parlour.perf.budget import BudgetError
    from parlour.perf.fleet import FleetError
    from parlour.perf.load import LoadError, LoadSpec, run_load

    if url is not None and spawn:
        raise fail("--url targets a running server; --spawn starts one: give one of them")
    spec = LoadSpec(rooms, seconds, url, processes,
                    store or ("sqlite" if processes == 1 else "postgres"), workdir, profile,
                    clients, turnover, spread, cpu_per_process, sync)
    try:
        figures = run_load(spec, lambda line: err.print(line, highlight=False, markup=False))
    except (LoadError, FleetError, BudgetError) as exc:
        raise fail(str(exc)) from None
    if as_json:
        print(json.dumps(figures))
    else:
        _print_load(figures)


def _print_load(figures: dict[str, Any]) -> None:
    table = Table(title=f"{figures['rooms']} rooms for {figures['seconds']:g} s"
                        f" ({figures['processes']} process(es), {figures['store'] or 'url'},"
                        f" spread: {figures['spread']},"
                        f" cores each: {figures.get('cpu_per_process') or 'any'},"
                        f" {figures['clients']} client process(es),"
                        f" next game: {figures['turnover']})")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for name in ("moves", "moves_per_s", "p50_ms", "p95_ms", "p99_ms", "max_ms",
                 "moves_over_1s", "games_finished", "errors", "server_cpu_pct",
                 "server_loop_cpu_pct", "moves_per_server_cpu_s", "database_cpu_pct",
                 "server_rss_mb", "server_rss_growth_mb", "server_rss_per_room_mb", "load_cpu_pct",
                 "load_average", "server_error_lines", "server_store_failures",
                 "relayed_share"):
        table.add_row(name, str(figures.get(name)))
    console.print(table)
    if figures["errors"]:
        console.print(f"errors: {figures['error_kinds']}; for example"
                      f" {figures['error_examples']}", markup=False, highlight=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    db: Annotated[str | None, typer.Option(envvar="PARLOUR_DB", help="Database URL (default:"
                                           " SQLite file); the environment keeps a"
                                           " password out of the process list")] = None,
    redis: Annotated[str | None, typer.Option(envvar="PARLOUR_REDIS", help="Redis URL to "
                                              "share rooms between server processes")] = None,
    processes: Annotated[int, typer.Option(help="Worker processes behind a front that passes "
                                           "each room's connections to its owner (more "
                                           "than 1 needs --redis and PostgreSQL)")] = 1,
    bot_delay: Annotated[float | None, typer.Option(help="Seconds a bot waits before "
                                                    "acting")] = None,
    public_url: Annotated[str | None, typer.Option(help="Base address for join links and QR "
                                                   "codes (default: from each request)")
                          ] = None,
    limits: Annotated[bool, typer.Option(help="Limits against abuse (--no-limits for a load "
                                         "test on loopback)")] = True,
    reuse_port: Annotated[bool, typer.Option(help="Let other server processes listen on the "
                                             "same port (SO_REUSEPORT)")] = False,
    access_log: Annotated[bool, typer.Option(help="A line per request and connection "
                                             "(--no-access-log under load)")] = True,
    sync: Annotated[str, typer.Option(help="full: every commit is synced to disk before "
                                      "anyone hears of it (a move survives a power cut); "
                                      "normal: handed to the operating system (it survives "
                                      "the server's crash, not a power cut), quicker")
                    ] = "full",
    worker: Annotated[str | None, typer.Option(hidden=True, help="I/N: run as worker I of "
                                               "N behind a front (the front starts them)")
                      ] = None,
    handoff_fd: Annotated[int | None, typer.Option(hidden=True, help="The Unix socket a "
                                                   "worker's connections come over")] = None,
) -> None:
    """Run the web server: rooms, live play, replays."""
    from parlour.server.config import SYNC_MODES
    from parlour.server.front import ServeError, serve_processes

    if not 1 <= processes <= MAX_SERVE_PROCESSES:
        raise fail(f"--processes is 1 to {MAX_SERVE_PROCESSES} (got {processes})")
    if sync not in SYNC_MODES:
        raise fail(f"--sync is one of {', '.join(SYNC_MODES)} (got {sync!r})")
    place = _worker_place(worker)
    if (place is None) != (handoff_fd is None):
        raise fail("--worker and --handoff-fd go together (the front starts its workers)")
    if processes > 1:  # the front alone: it never loads the application
        try:
            serve_processes(host, port, processes, db, redis, sync=sync, bot_delay=bot_delay,
                            public_url=public_url, limits=limits, access_log=access_log,
                            reuse_port=reuse_port)
        except ServeError as exc:
            raise fail(str(exc)) from None
        return
    from parlour.server.run import serve as run_server

    run_server(host, port, db, sync=sync, redis=redis, bot_delay=bot_delay,
               public_url=public_url, limits=limits, reuse_port=reuse_port,
               access_log=access_log, worker=place, handoff_fd=handoff_fd)


MAX_SERVE_PROCESSES = 64


def _worker_place(text: str | None) -> tuple[int, int] | None:
    """``--worker I/N`` read: (I, N).

    >>> _worker_place("1/4"), _worker_place(None)
    ((1, 4), None)
    """
    if text is None:
        return None
    found = re.fullmatch(r"(\d+)/(\d+)", text)
    if found is None or not int(found[1]) < int(found[2]) <= MAX_SERVE_PROCESSES:
        raise fail(f"--worker is I/N with 0 <= I < N <= {MAX_SERVE_PROCESSES} (got {text!r})")
    return int(found[1]), int(found[2])


@app.command(name="run")
def run_default() -> None:
    """The main job (``make run``): the web server on port 8000 with an SQLite file."""
    from parlour.server.run import serve as run_server

    # Phones on the same network must reach the table, so listen on every interface.
    run_server("0.0.0.0", 8000, None)


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
