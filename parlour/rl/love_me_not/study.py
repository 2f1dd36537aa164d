"""Compute and measure the ``cfr`` bot's strategy from the command line.

``train`` runs external-sampling MCCFR and writes the table the bot ships;
``exploit`` trains a best response to a policy and plays it against that
policy (a lower bound on the policy's exploitability); ``match`` plays two
policies against each other. Figures and the exact commands are in
``docs/research.md``::

    python -m parlour.rl.love_me_not.study train --iterations 10000000 --seed 1 \\
        --out parlour/games/love_me_not/cfr_policy.bin
    python -m parlour.rl.love_me_not.study exploit cfr --iterations 2000000
    python -m parlour.rl.love_me_not.study match cfr greedy --matches 1000000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from . import train_cfr

POLICIES = ("cfr", "greedy", "random")


def named_policy(name: str, path: Path | None = None) -> train_cfr.Policy:
    """``cfr`` (the shipped table, or the file at ``path``), ``greedy`` or ``random``."""
    if name == "greedy":
        return train_cfr.GREEDY
    if name == "random":
        return train_cfr.RANDOM
    if path is not None:
        return train_cfr.Policy.load(path)
    return train_cfr.Policy.shipped()


def describe(result: train_cfr.Evaluation) -> str:
    return (f"mean reward {result.mean:+.4f} ± {1.96 * result.standard_error:.4f}, "
            f"won {result.decided_share:.4f} of decided matches "
            f"({result.wins:,} won, {result.losses:,} lost, "
            f"{result.matches - result.wins - result.losses:,} tied)")


def train_command(iterations: int, seed: int, checkpoints: int, min_visits: int,
                  matches: int, out: Path | None) -> None:
    table = train_cfr.Table.empty()
    started = time.perf_counter()
    step = max(iterations // checkpoints, 1)
    while table.iterations < iterations:
        chunk = min(step, iterations - table.iterations)
        train_cfr.train(chunk, seed + table.iterations, table)
        elapsed = time.perf_counter() - started
        strategy = table.policy(min_visits)
        against = train_cfr.evaluate(strategy, train_cfr.GREEDY, matches, seed)
        print(f"{table.iterations:>11,} iterations  {elapsed:7.0f} s  "
              f"{table.iterations / elapsed:8,.0f} it/s  {table.size:,} situations, "
              f"{len(strategy.keys):,} kept  against greedy: {describe(against)}", flush=True)
    if out is not None:
        strategy = table.policy(min_visits)
        strategy.save(out)
        print(f"wrote {len(strategy.keys):,} situations to {out}")


def exploit_command(name: str, path: Path | None, iterations: int, matches: int,
                    seed: int) -> None:
    target = named_policy(name, path)
    started = time.perf_counter()
    response = train_cfr.best_response(target, iterations, seed).policy(pure=True)
    result = train_cfr.evaluate(response, target, matches, seed + 1)
    print(f"best response to {name} ({iterations:,} iterations, "
          f"{time.perf_counter() - started:.0f} s): {describe(result)}")


def match_command(a: str, b: str, path: Path | None, matches: int, seed: int) -> None:
    result = train_cfr.evaluate(named_policy(a, path), named_policy(b, path), matches, seed)
    print(f"{a} against {b}: {describe(result)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.rl.love_me_not.study",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser("train", help="compute the CFR table")
    train.add_argument("--iterations", type=int, default=10_000_000)
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--checkpoints", type=int, default=10)
    train.add_argument("--min-visits", type=int, default=1000,
                       help="keep situations met at least this often (the rest play greedy)")
    train.add_argument("--matches", type=int, default=200_000,
                       help="matches against greedy at each checkpoint")
    train.add_argument("--out", type=Path)
    exploit = commands.add_parser("exploit", help="a best response to a policy")
    exploit.add_argument("policy", choices=POLICIES)
    exploit.add_argument("--iterations", type=int, default=2_000_000)
    exploit.add_argument("--matches", type=int, default=1_000_000)
    exploit.add_argument("--seed", type=int, default=2)
    exploit.add_argument("--table", type=Path, help="a table file instead of the shipped one")
    match = commands.add_parser("match", help="two policies against each other")
    match.add_argument("a", choices=POLICIES)
    match.add_argument("b", choices=POLICIES)
    match.add_argument("--matches", type=int, default=1_000_000)
    match.add_argument("--seed", type=int, default=3)
    match.add_argument("--table", type=Path, help="a table file instead of the shipped one")
    args = parser.parse_args(argv)
    if args.command == "train":
        train_command(args.iterations, args.seed, args.checkpoints, args.min_visits,
                      args.matches, args.out)
    elif args.command == "exploit":
        exploit_command(args.policy, args.table, args.iterations, args.matches, args.seed)
    else:
        match_command(args.a, args.b, args.table, args.matches, args.seed)


if __name__ == "__main__":
    main()
