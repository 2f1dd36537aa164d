"""My Story bot strength: head-to-head win rates in 2-player games, seats alternating.

Rerun (the figures in docs/games/my-story.md):

    nice .venv/bin/python scripts/my_story_bots.py --games 2000 --search-games 200 \
        --mcts mcts:10 mcts:40

Ties count half a win. The search bot's thinking time per decision is reported.
"""

from __future__ import annotations

import argparse
import sys
import time

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Legal, Match, View, play
from parlour.games.my_story import GAME
from parlour.lab.stats import wilson


class Timed:
    """An agent whose thinking time is added up."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.seconds, self.moves = agent, 0.0, 0

    def act(self, view: View, legal: Legal) -> Action:
        started = time.perf_counter()
        action = self.agent.act(view, legal)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return action


def duel(a: str, b: str, games: int, first_seed: int = 0,
         progress: int = 0) -> tuple[float, float, float]:
    """Bot ``a``'s wins (ties half) over ``games``, and ``a``'s mean seconds per decision.

    With ``progress``, a running tally goes to stderr every ``progress`` games.
    """
    wins = 0.0
    a_time, a_moves = 0.0, 0
    for i in range(games):
        seed = first_seed + i
        names = [a, b] if i % 2 == 0 else [b, a]
        a_seat = names.index(a) if a != b else 0
        match = Match.new(GAME, 2, None, seed)
        agents = [Timed(make_agent(GAME, n, s, seed * 7 + s)) for s, n in enumerate(names)]
        result = play(match, agents)
        a_time += agents[a_seat].seconds
        a_moves += agents[a_seat].moves
        if a_seat in result.winners:
            wins += 1 / len(result.winners)
        if progress and (i + 1) % progress == 0:
            lo, hi = wilson(wins, i + 1)
            print(f"{a} vs {b}: {i + 1} games, {a} wins {wins / (i + 1):.3f} "
                  f"({lo:.3f}–{hi:.3f}), {a_time / max(1, a_moves) * 1000:.0f} ms/decision",
                  file=sys.stderr, flush=True)
    return wins, games, a_time / max(1, a_moves)


def report(a: str, b: str, games: int, progress: int = 0) -> None:
    started = time.perf_counter()
    wins, n, per_move = duel(a, b, games, progress=progress)
    lo, hi = wilson(wins, int(n))
    secs = time.perf_counter() - started
    print(f"| {a} | {b} | {n:.0f} | {wins / n:.3f} | {lo:.3f}–{hi:.3f} | "
          f"{per_move * 1000:.1f} ms | {secs:.0f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=200)
    parser.add_argument("--mcts", nargs="+", default=["mcts:10"])
    parser.add_argument("--progress", type=int, default=0,
                        help="print a running tally to stderr every N games")
    parser.add_argument("--pairs", nargs="+", default=None,
                        help="only these pairings, as A/B (e.g. mcts:10/heuristic)")
    args = parser.parse_args()
    pairs = [tuple(p.split("/")) for p in args.pairs] if args.pairs else (
        [("heuristic", "random")] + [(m, b) for m in args.mcts for b in ("random", "heuristic")])
    print("| bot A | bot B | games | A's win rate | 95% CI | A's time per decision | wall |")
    print("|---|---|---|---|---|---|---|")
    for a, b in pairs:
        report(a, b, args.search_games if "mcts" in a + b else args.games, args.progress)


if __name__ == "__main__":
    main()
