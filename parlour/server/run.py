"""Running the server under uvicorn (``parlour serve``; ``make run`` uses the defaults)."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .config import Settings, normalise_db_url
from .links import lan_address


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          *, redis: str | None = None, bot_delay: float | None = None,
          public_url: str | None = None) -> None:
    """Serve Parlour on ``host:port``; ``db`` is an SQLAlchemy URL or an SQLite file path.

    With no ``db``, rooms are kept in ``parlour.sqlite3`` in the current directory,
    created on first start. ``redis`` (``redis://host:6379/0``) lets several server
    processes on one database share rooms. ``bot_delay`` is the seconds a bot waits
    before acting (default 0.8).
    """
    settings = Settings(db_url=normalise_db_url(db), redis_url=redis, public_url=public_url)
    if bot_delay is not None:
        settings = Settings(db_url=settings.db_url, redis_url=redis, public_url=public_url,
                            bot_delay=bot_delay)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"Parlour is serving on http://{shown}:{port}/")
    lan = lan_address()
    if lan and host in ("0.0.0.0", "::"):
        print(f"On your local network (phones): http://{lan}:{port}/")
    elif lan:
        print(f"For phones on your local network, serve with --host 0.0.0.0"
              f" and open http://{lan}:{port}/")
    print(f"Rooms are stored in {settings.db_url}")
    if redis:
        print(f"Sharing rooms with other processes through {redis}")
    uvicorn.run(create_app(settings), host=host, port=port, ws_max_size=1 << 16,
                log_level="info", proxy_headers=False)
