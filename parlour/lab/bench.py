"""Engine speed: how many games per second each game plays with random bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from parlour.engine import Match, RandomAgent, play
from parlour.games import get_game


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


def bench_game(game_id: str, players: int, seconds: float) -> BenchRow:
    """Play random games of one game for about ``seconds`` and count them."""
    game = get_game(game_id)
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        match = Match.new(game, players, {}, games)
        play(match, [RandomAgent(game, s, games + s) for s in range(players)])
        actions += len(match.record.actions)
        games += 1
    return BenchRow(game_id, players, games, actions, elapsed)


def run_bench(game_ids: list[str], seconds: float) -> Iterator[BenchRow]:
    for gid in game_ids:
        game = get_game(gid)
        yield bench_game(gid, game.min_players, seconds)
