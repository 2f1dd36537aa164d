"""``parlour bench``, ``parlour load`` and ``parlour cluster``: the engines' speed, the server
under load, and several server processes behind a proxy to try on one machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from parlour.games import game_ids
from parlour.perf import EXTRA_MODULES

from .common import console, err, fail


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command()(bench)
    app.command()(load)
    app.command()(cluster)


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
    spread: Annotated[str | None, typer.Option(
        help="proxy (HAProxy sends each room's requests to one process, by its code; the "
             "default for several processes, and one process may be put behind it too) or "
             "kernel (servers on one port, SO_REUSEPORT)")] = None,
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
    try:
        from parlour.perf.budget import BudgetError
        from parlour.perf.load import LoadError, LoadSpec, run_load
        from parlour.perf.services import FleetError
    except ModuleNotFoundError as exc:
        raise _without_extra(exc) from None

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


def cluster(
    processes: Annotated[int, typer.Option(help="Parlour processes behind the proxy")] = 2,
    workdir: Annotated[Path | None, typer.Option(help="Keep the database, the logs and the "
                                                 "proxy's files here (default: a temporary "
                                                 "folder, removed at the end)")] = None,
) -> None:
    """PostgreSQL, Redis, Parlour processes and HAProxy (deploy/haproxy.cfg, with a
    throwaway certificate) on loopback, until Ctrl-C: several processes behind a proxy,
    to try on one machine (docs/deploy.md)."""
    import signal

    try:
        from parlour.perf.fleet import spawned
        from parlour.perf.services import FleetError
    except ModuleNotFoundError as exc:
        raise _without_extra(exc, "cluster") from None
    if not 2 <= processes <= MAX_CLUSTER_PROCESSES:
        raise fail(f"--processes is 2 to {MAX_CLUSTER_PROCESSES} (got {processes})")
    # SIGTERM as Ctrl-C (even where a shell started us ignoring SIGINT): everything
    # started is stopped on the way out.
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, signal.default_int_handler)
    try:
        with spawned(processes, "postgres", workdir, limits=True,
                     serve_args=()) as fleet:
            assert fleet.proxy is not None
            err.print(f"{len(fleet.servers)} Parlour processes on ports"
                      f" {', '.join(map(str, fleet.ports))}, behind HAProxy;"
                      f" logs in {fleet.workdir}", highlight=False, markup=False)
            print(f"Open {fleet.proxy.https_url}/ (a throwaway certificate: accept it),"
                  f" or {fleet.proxy.url}/", flush=True)
            print("Ctrl-C stops everything.", flush=True)
            signal.pause()
    except FleetError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        err.print("Stopped.")


MAX_CLUSTER_PROCESSES = 8


def _without_extra(exc: ModuleNotFoundError, command: str = "load") -> typer.Exit:
    """The words for a load test run without the ``perf`` extra; any other module missing
    is a fault, raised as it is."""
    if exc.name not in EXTRA_MODULES:
        raise exc
    return fail(f"parlour {command} needs the optional extra perf ({exc.name} is not"
                " installed): pip install -e '.[perf]'")


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
