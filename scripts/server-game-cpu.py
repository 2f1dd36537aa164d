"""The server's own work for one game of Love Me Not with a new room, in one process:
no sockets, no HTTP, and a store that takes each change at once (no SQLite, no sync).

A room is opened, both players join it over connections that want patches (leaving the
last room, as the load test's tables do), sit, the host starts, and each keeps a random
card until the game is over: every snapshot and patch is made and encoded as for a real
connection. Prints the CPU per game and per move (of this process, which a busy machine
makes noisy).

For figures that do not depend on the machine's mood, count instructions with callgrind
around the games alone (``--callgrind``), for two numbers of games, and take the
difference: what one game costs, without start-up.

    .venv/bin/python scripts/server-game-cpu.py 2000
    for n in 100 300; do valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/tmp/cg.$n .venv/bin/python scripts/server-game-cpu.py $n \\
        --callgrind 2>&1 | grep Collected; done   # (Ir(300) - Ir(100)) / 200 per game
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import uvloop

from parlour.server.config import UNLIMITED, Settings
from parlour.server.live.connections import Client
from parlour.server.live.handlers import handle
from parlour.server.rooms.codes import token_hash
from parlour.server.rooms.hub import Hub
from parlour.server.rooms.room import Room
from parlour.server.run import settle_memory
from parlour.server.storage.changes import Change
from parlour.server.storage.stores import store_for


def stored_at_once(change: Change) -> asyncio.Future[None]:
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    done.set_result(None)
    return done


async def drain() -> None:
    """Let the connections' sending tasks run."""
    for _ in range(3):
        await asyncio.sleep(0)


async def play_game(hub: Hub, players: list[Client], last: Room | None,
                    rng: random.Random) -> tuple[Room, int]:
    room, token = await hub.create("love-me-not", "bench", {"matches": 1})
    for i, player in enumerate(players):
        if last is not None:
            last.leave(player)
            player.token_hash, player.sent = None, None
        room.join(player, token_hash(token) if i == 0 else None, False)
    await drain()
    for i, player in enumerate(players):
        await handle(room, player, {"type": "sit", "seat": i, "name": f"player {i + 1}"})
    await handle(room, players[0], {"type": "start"})
    await drain()
    moves = 0
    while True:
        moved = False
        for player in players:
            assert player.sent is not None
            play = player.sent["play"]
            if play["legal"] and not play["over"]:
                action = rng.choice(play["legal"]["choices"])
                await handle(room, player, {"type": "act", "action": action})
                await drain()
                moves, moved = moves + 1, True
        if not moved:
            return room, moves


async def main(games: int, callgrind: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = replace(Settings(db_url=f"sqlite+aiosqlite:///{Path(folder) / 'x.db'}"),
                           rooms_per_address=UNLIMITED)
        hub = Hub(store_for(settings.db_url), settings)
        await hub.start()
        hub.store.write = stored_at_once  # type: ignore[method-assign]

        async def ignore(text: str) -> None:
            pass

        players = [Client(ignore, patches=True), Client(ignore, patches=True)]
        senders = [asyncio.create_task(p.run()) for p in players]
        rng = random.Random(1)
        last, _ = await play_game(hub, players, None, rng)  # imports, first use
        settle_memory()
        if callgrind:
            subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=False,
                           capture_output=True)
        started, moves = time.process_time(), 0
        for _ in range(games):
            last, made = await play_game(hub, players, last, rng)
            moves += made
        cpu = time.process_time() - started
        if callgrind:
            subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=False,
                           capture_output=True)
        print(f"{games} games, {moves} moves: {1e3 * cpu / games:.3f} ms of CPU a game,"
              f" {1e6 * cpu / moves:.1f} µs a move")
        for sender in senders:
            sender.cancel()
        await hub.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=1000)
    parser.add_argument("--callgrind", action="store_true",
                        help="count only the games (run under valgrind --tool=callgrind"
                        " --instr-atstart=no)")
    args = parser.parse_args()
    uvloop.run(main(args.games, args.callgrind))
