"""``parlour serve`` and ``parlour run``: the web server."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

import typer

from .common import fail


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command()(serve)
    app.command(name="run")(run_default)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    db: Annotated[str | None, typer.Option(envvar="PARLOUR_DB", help="Database URL (default:"
                                           " SQLite file); the environment keeps a"
                                           " password out of the process list")] = None,
    redis: Annotated[str | None, typer.Option(envvar="PARLOUR_REDIS", help="Redis URL to "
                                              "share rooms between server processes")] = None,
    bot_delay: Annotated[float | None, typer.Option(help="A bot's time to decide its "
                                                    "easiest choice, in seconds (harder "
                                                    "ones take a few times it)")] = None,
    beat_scale: Annotated[float, typer.Option(help="Multiplies how long each moment holds "
                                              "the table (0: no beat, for tests)")] = 1.0,
    public_url: Annotated[str | None, typer.Option(help="Base address for join links and QR "
                                                   "codes (default: from each request)")
                          ] = None,
    limits: Annotated[bool, typer.Option(help="Limits against abuse (--no-limits for a load "
                                         "test on loopback)")] = True,
    reuse_port: Annotated[bool, typer.Option(help="Let other server processes listen on the "
                                             "same port (SO_REUSEPORT)")] = False,
    access_log: Annotated[bool, typer.Option(help="A line per request and connection "
                                             "(--no-access-log under load)")] = True,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="The proxies whose X-Forwarded-For names the client (addresses or networks, "
             "comma-separated; uvicorn's option): without it, every request is from its "
             "peer")] = None,
    sync: Annotated[str, typer.Option(help="full: every commit is synced to disk before "
                                      "anyone hears of it (a move survives a power cut); "
                                      "normal: handed to the operating system (it survives "
                                      "the server's crash, not a power cut), quicker")
                    ] = "full",
    allow_bot: Annotated[list[str] | None, typer.Option(help="An outside bot hosts may seat "
                                                        "(module:Class or an installed "
                                                        "entry point; repeat for more)")
                         ] = None,
) -> None:
    """Run the web server: rooms, live play, replays."""
    from parlour.server import ServeError, Settings
    from parlour.server import serve as run_server
    from parlour.server.config import SYNC_MODES, normalise_db_url
    from parlour.server.run import trusted_proxies

    if sync not in SYNC_MODES:
        raise fail(f"--sync is one of {', '.join(SYNC_MODES)} (got {sync!r})")
    settings = Settings(host=host, port=port, db_url=normalise_db_url(db), sync=sync,
                        redis_url=redis, public_url=public_url, reuse_port=reuse_port,
                        access_log=access_log, allowed_bots=tuple(allow_bot or ()))
    if bot_delay is not None:
        settings = replace(settings, bot_delay=bot_delay)
    if beat_scale != 1.0:
        if beat_scale < 0:
            raise fail(f"--beat-scale is 0 or more (got {beat_scale})")
        settings = replace(settings, beat_scale=beat_scale)
    try:
        if forwarded_allow_ips is not None:
            settings = replace(settings, forwarded_allow_ips=trusted_proxies(forwarded_allow_ips))
        run_server(settings if limits else settings.without_limits())
    except ServeError as exc:
        raise fail(str(exc)) from None


def run_default() -> None:
    """The main job (``make run``): the web server on port 8000 with an SQLite file."""
    from parlour.server import Settings
    from parlour.server import serve as run_server

    # Phones on the same network must reach the table, so listen on every interface.
    run_server(Settings(host="0.0.0.0", port=8000))
