"""Engine speed: how many games per second each game plays with random bots.

Every figure counts the CPU time of the thread that runs it (``time.thread_time``), not
the wall clock: on a machine shared with other jobs, time spent waiting for a core is not
the engine's. The bare loop and the batch simulator are timed the same way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from parlour.bots import MCTSAgent
from parlour.engine import Match, RandomAgent, play
from parlour.games import get_game

from .bare import bare_matches_per_s

MATCHES_PER_READING = 100
"""Single Love Me Not matches played between two readings of the clock, as in the bare
loop: reading a thread's CPU time is a system call that took 1–20 µs on this project's
virtual machine, as long as a whole engine playout (about 40 µs)."""


@dataclass(frozen=True)
class BenchRow:
    game: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds


def bench_game(game_id: str, players: int, seconds: float,
               options: dict[str, Any] | None = None, per_reading: int = 1) -> BenchRow:
    """Play random games of one game for about ``seconds`` and count them, reading the
    clock once every ``per_reading`` games."""
    game = get_game(game_id)
    # One set of agents for the whole run: seeding a generator per game would be
    # counted against the engine.
    agents = [RandomAgent(game, s, s) for s in range(players)]
    games = actions = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or games == 0:
        for _ in range(per_reading):
            match = Match.new(game, players, options, games)
            play(match, agents)
            actions += len(match.record.actions)
            games += 1
    return BenchRow(game_id, players, games, actions, elapsed)


def bench_playouts(game_id: str, players: int, seconds: float,
                   options: dict[str, Any] | None = None, per_reading: int = 1) -> BenchRow:
    """The engine's own random playouts, as search bots run them: set up, then
    ``rollout_action`` and ``apply`` (every move checked) to the end, then the result;
    the clock is read once every ``per_reading`` playouts."""
    game = get_game(game_id)
    rng = random.Random(0)
    games = actions = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or games == 0:
        for _ in range(per_reading):
            state = game.setup(players, options, games)
            while seats := game.to_act(state):
                seat = min(seats)
                game.apply(state, seat, game.rollout_action(state, seat, rng))
                actions += 1
            game.result(state)
            games += 1
    return BenchRow(game_id, players, games, actions, elapsed)


@dataclass(frozen=True)
class Yardstick:
    """Random single Love Me Not matches per second: the engine two ways, and the bare loop.

    ``playouts`` is the engine on its own (:func:`bench_playouts`); ``games`` adds what
    every front end adds: agents that see views, and a record (:func:`bench_game`).
    """

    playouts: BenchRow
    games: BenchRow
    bare_per_s: float

    def share(self, row: BenchRow) -> float:
        """A row's speed as a share of the bare loop's."""
        return row.games_per_s / self.bare_per_s


def _merge(rows: list[BenchRow]) -> BenchRow:
    return BenchRow(rows[0].game, rows[0].players, sum(r.games for r in rows),
                    sum(r.actions for r in rows), sum(r.seconds for r in rows))


def love_me_not_yardstick(seconds: float, rounds: int = 4) -> Yardstick:
    """The engine's single matches against :mod:`.bare`'s, in alternating rounds so that
    all three meet the same load on the machine."""
    share = seconds / (3 * rounds)
    single = {"matches": 1}
    playouts, games, bare = [], [], []
    for r in range(rounds):
        playouts.append(bench_playouts("love-me-not", 2, share, single, MATCHES_PER_READING))
        games.append(bench_game("love-me-not", 2, share, single, MATCHES_PER_READING))
        bare.append(bare_matches_per_s(share, seed=r))
    return Yardstick(_merge(playouts), _merge(games), sum(bare) / len(bare))


def run_bench(game_ids: list[str], seconds: float) -> Iterator[BenchRow]:
    for gid in game_ids:
        game = get_game(gid)
        yield bench_game(gid, game.min_players, seconds)


def bench_mcts(game_id: str, players: int, seconds: float, iterations: int = 200) -> float:
    """Iterations per second of the ``mcts`` bot choosing moves from the start of random
    games (each move searches ``iterations`` times)."""
    game = get_game(game_id)
    done = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or done == 0:
        match = Match.new(game, players, None, done)
        seat = min(match.to_act)
        agent = MCTSAgent(game, seat, done, iterations=iterations)
        agent.act(match.view(seat), match.legal(seat))
        done += iterations
    return done / elapsed


def bench_figures(rows: list[BenchRow], ids: list[str], seconds: float) -> dict[str, Any]:
    """The ``--json`` figures. Love Me Not's single matches are also measured against a
    bare-Python loop in the same run (the engine's playouts, its games with agents and
    views, and the batch simulator, each as a multiple of that loop)."""
    engines: list[dict[str, Any]] = [
        {"game": r.game, "players": r.players, "games_per_s": r.games_per_s,
         "actions_per_s": r.actions_per_s} for r in rows]
    batch: list[dict[str, Any]] = []
    if "love-me-not" in ids:
        yard = love_me_not_yardstick(seconds * 3)
        for name, row in (("playouts", yard.playouts), ("games", yard.games)):
            engines.append({"game": row.game, "players": row.players, "options": {"matches": 1},
                            "loop": name, "games_per_s": row.games_per_s,
                            "actions_per_s": row.actions_per_s,
                            "bare_python_per_s": yard.bare_per_s,
                            "share_of_bare": yard.share(row)})
        try:
            from parlour.rl.love_me_not.batch import matches_per_s
        except ImportError:  # the optional extra parlour[rl] is not installed
            pass
        else:
            speed = matches_per_s(seconds)
            batch.append({"game": "love-me-not", "matches_per_s": speed,
                          "bare_python_per_s": yard.bare_per_s,
                          "times_bare": speed / yard.bare_per_s})
    search = [{"game": gid, "players": get_game(gid).min_players,
               "iterations_per_s": bench_mcts(gid, get_game(gid).min_players, seconds)}
              for gid in ids]
    return {"engines": engines, "batch": batch, "mcts": search}
