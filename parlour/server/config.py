"""Settings of a server instance (where it listens, storage, pacing of bots, limits against
abuse): what ``parlour serve`` is told, handed whole to the server's entry point
(``run.py``)."""

from __future__ import annotations

from dataclasses import dataclass, replace

DEFAULT_DB = "sqlite+aiosqlite:///parlour.sqlite3"
SYNC_MODES = ("full", "normal")
"""How a commit reaches the disk before its ``ok`` (``Settings.sync``)."""
UNLIMITED = 10**9
"""Stands for "no limit" when the abuse limits are lifted (a load test on loopback)."""


@dataclass(frozen=True)
class Settings:
    """Everything a server instance can be told; the defaults suit a living-room game."""

    host: str = "127.0.0.1"
    port: int = 8000
    access_log: bool = True
    """A line per request and per connection, and the server's notices; ``False``: warnings
    only (the lines' cost shows under load)."""
    reuse_port: bool = False
    """Let other server processes listen on the same port (``SO_REUSEPORT``: the kernel
    spreads the connections between them)."""
    db_url: str = DEFAULT_DB
    sync: str = "full"
    """``full``: each commit is synced to the disk before anyone hears of it, so an
    acknowledged move survives a power cut. ``normal``: each commit is handed to the
    operating system, so it survives the server's crash or ``kill -9`` but perhaps not a
    power cut (SQLite's ``synchronous=NORMAL``, PostgreSQL's ``synchronous_commit=off``);
    docs/performance.md says what each costs."""
    redis_url: str | None = None
    forwarded_allow_ips: str | None = None
    """The proxies trusted to say who their clients are (uvicorn's ``--forwarded-allow-ips``:
    addresses and networks, comma-separated, or ``*``): a request from one of them counts
    as from the address its ``X-Forwarded-For`` names last (the nearest client it does not
    trust), for every limit per address. ``None``: a request is from its peer, whatever it
    says."""
    bot_delay: float = 0.8
    """A bot's usual time to decide the easiest choice, in seconds: harder choices take
    a few times it, at the room's pace (``rooms.driver``)."""
    beat_scale: float = 1.0
    """Multiplies every moment's beat and the 3 seconds each stays up at least
    (``rooms.moments``): 0 lets tests and load runs play without waiting."""
    public_url: str | None = None
    """Base address put in join links and QR codes (guessed from the request if unset)."""
    max_message_bytes: int = 16_384
    max_body_bytes: int = 65_536
    """The largest HTTP request body read (a room's options); a content upload may send
    512 kB (``http.api.MAX_CONTENT_BYTES``)."""
    max_name_length: int = 24
    actions_per_second: float = 8.0
    action_burst: int = 16
    refusals_per_second: float = 1.0
    refusal_burst: int = 16
    """Frames refused (not JSON, too large or deep, too fast, before hello) a websocket may
    send; past that it is closed. A client that works is never refused; one that floods
    refused frames costs a core, and other rooms their pace."""
    rooms_per_address: int = 30
    """Rooms one address may create per hour (all at once, then one every 120 s), counted
    in the database: the limit holds across server processes."""
    lookups_per_second: float = 2.0
    lookup_burst: int = 120
    """Look-ups of rooms by code (HTTP and websocket joins) per address and server process."""
    misses_per_minute: float = 6.0
    miss_burst: int = 10
    """Look-ups of codes that name no room, per address and server process: guessing codes
    (15**4 = 50,625 of them) takes days, not minutes."""
    max_timer_seconds: int = 600
    sockets_per_address: int = 64
    """Websockets one address may hold open to one server process at once."""
    hello_seconds: float = 5.0
    """A websocket that has not said ``hello`` this long after connecting is closed."""
    idle_seconds: float = 300.0
    """A websocket that has sent nothing this long is closed (the browser pings each minute)."""
    connections_per_address: int = 256
    """Connections (HTTP and websockets) one address may hold open to one server process."""
    max_connections: int = 10_000
    """Connections open to one server process in all (fewer if it may not open as many
    files); beyond that a new one is told the server is full and closed."""
    header_seconds: float = 10.0
    """A request's head (its line and headers) must be whole this long after the connection
    was made or the last response sent."""
    body_seconds: float = 30.0
    """A request's body must arrive whole this long after the application first reads it."""
    keep_alive_seconds: int = 5
    """A kept-alive HTTP connection that sends nothing this long is closed."""
    allowed_bots: tuple[str, ...] = ()
    """Outside bots (``module:Class`` specs or installed entry points, ``parlour.bots``)
    that hosts may seat; none by default, so no room can make the server import a module."""

    @property
    def limited(self) -> bool:
        """Whether the limits against abuse hold (:meth:`without_limits` lifts them)."""
        return self.rooms_per_address < UNLIMITED

    def without_limits(self) -> Settings:
        """These settings with the limits against abuse lifted (messages a second, rooms an
        hour, look-ups and connections per address), for load tests on loopback."""
        return replace(self, actions_per_second=float(UNLIMITED), action_burst=UNLIMITED,
                       refusals_per_second=float(UNLIMITED), refusal_burst=UNLIMITED,
                       rooms_per_address=UNLIMITED, sockets_per_address=UNLIMITED,
                       connections_per_address=UNLIMITED,
                       lookup_burst=UNLIMITED, miss_burst=UNLIMITED)


def normalise_db_url(url: str | None) -> str:
    """An SQLAlchemy async URL from what a person typed (a bare path means an SQLite file)."""
    if not url:
        return DEFAULT_DB
    if "://" not in url:
        return f"sqlite+aiosqlite:///{url}"
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://"):]
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url
