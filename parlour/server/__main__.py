"""``python -m parlour.server --port 8000 --db FILE --bot-delay 0.8`` (what tests start)."""

from __future__ import annotations

import argparse

from .run import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL or SQLite file path")
    parser.add_argument("--redis", default=None, help="redis:// URL to share rooms")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds before a bot acts")
    args = parser.parse_args()
    serve(args.host, args.port, args.db, redis=args.redis, bot_delay=args.bot_delay)


if __name__ == "__main__":
    main()
