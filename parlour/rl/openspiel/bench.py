"""How fast OpenSpiel walks the game: ``python -m parlour.rl.openspiel.bench``.

Prints microseconds per state clone (a dealt full game, mid-match) and
external-sampling MCCFR iterations per second on the turn-based full game, each
over ``--seconds`` of the thread's CPU time. Figures are in ``docs/research.md``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr

from .game import NAME


def rate(work: Callable[[], Any], seconds: float) -> float:
    """Calls of ``work`` per second of this thread's CPU time."""
    done = 0
    start = time.thread_time()
    while (elapsed := time.thread_time() - start) < seconds or done == 0:
        work()
        done += 1
    return done / elapsed


def midgame(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    state.apply_action(rng.choice(state.legal_actions()))
    return state


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.rl.openspiel.bench")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(NAME)
    state = midgame(game, 0)
    print(f"clone: {1e6 / rate(state.clone, args.seconds):.2f} µs")
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        pyspiel.convert_to_turn_based(game), external_sampling_mccfr.AverageType.SIMPLE)
    print(f"external-sampling MCCFR: {rate(solver.iteration, args.seconds):,.0f} iterations/s")


if __name__ == "__main__":
    main()
