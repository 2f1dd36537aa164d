"""Fit My Story's position estimate (``parlour.games.my_story.value``) from self-play.

It plays games between the given bots, takes the position at the start of every turn,
and fits by least squares what each seat went on to score beyond the VP it held then
(the weights of ``value.FEATURES``), then the softmax temperature that best predicts the
winner (the lowest log loss). Games with seeds divisible by five are held out, and the
figures printed are theirs::

    python -m parlour.rl.my_story_value --games 400 --bots heuristic,heuristic
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

import numpy as np

from parlour.bots import make_agent
from parlour.engine import Match, play
from parlour.games.my_story import GAME
from parlour.games.my_story.state import MyStoryState
from parlour.games.my_story.value import FEATURES, features

TEMPERATURES = (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0, 20.0, 25.0)


@dataclass
class Positions:
    """One row per seat and position: VP held, features, final VP, share of the win, game
    and turn."""

    held: list[float]
    rows: list[list[float]]
    final: list[float]
    won: list[float]
    game: list[int]
    turn: list[int]


def positions(bots: list[str], games: int, seed: int) -> Positions:
    """Every turn's first position of ``games`` games between ``bots``."""
    out = Positions([], [], [], [], [], [])
    for g in range(seed, seed + games):
        match: Match[MyStoryState] = Match.new(GAME, len(bots), None, g)
        agents = [make_agent(GAME, b, s, g * 7 + s) for s, b in enumerate(bots)]
        taken: list[tuple[int, list[float], list[list[float]]]] = []

        def snap(seat: int, action: object, match: Match[MyStoryState] = match,
                 taken: list[tuple[int, list[float], list[list[float]]]] = taken) -> None:
            state = match.state
            if state.turn is not None and state.turn.step != "act" and \
                    (not taken or taken[-1][0] != state.turns):
                taken.append((state.turns, *features(state)))

        result = play(match, agents, snap)
        for turn, held, rows in taken:
            for s in range(len(bots)):
                out.held.append(held[s])
                out.rows.append(rows[s])
                out.final.append(result.scores[s])
                out.won.append(1.0 / len(result.winners) if s in result.winners else 0.0)
                out.game.append(g)
                out.turn.append(turn)
    return out


def fit(data: Positions, players: int) -> tuple[dict[str, float], float, dict[str, float]]:
    """The weights, the temperature, and held-out figures."""
    x = np.array(data.rows)
    target = np.array(data.final) - np.array(data.held)
    test = np.array(data.game) % 5 == 0
    w, *_ = np.linalg.lstsq(x[~test], target[~test], rcond=None)
    estimate = np.array(data.held) + x @ w
    final = np.array(data.final)
    r2 = 1 - np.var(final[test] - estimate[test]) / np.var(final[test])
    by_position = estimate.reshape(-1, players)
    won = np.array(data.won).reshape(-1, players)
    mask = test.reshape(-1, players)[:, 0]
    losses = {}
    for t in TEMPERATURES:
        z = by_position / t
        p = np.exp(z - z.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        losses[t] = float(-np.mean(np.sum(won * np.log(p), axis=1)[mask]))
    best = min(losses, key=lambda t: losses[t])
    picked = by_position.argmax(axis=1) == won.argmax(axis=1)
    turns = np.array(data.turn).reshape(-1, players)[:, 0]
    figures = {"r2_final_vp": float(r2), "log_loss": losses[best],
               "log_loss_coin": math.log(players)}
    for lo, hi in ((0, 20), (20, 40), (40, 60), (60, 1000)):
        sel = mask & (turns >= lo) & (turns < hi)
        if sel.any():
            figures[f"winner_picked_turns_{lo}_{hi}"] = float(picked[sel].mean())
    return dict(zip(FEATURES, (round(float(v), 3) for v in w), strict=True)), best, figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="heuristic,heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    data = positions(bots, args.games, args.seed)
    weights, temperature, figures = fit(data, len(bots))
    print(f"{len(data.rows)} rows from {args.games} games of {', '.join(bots)}")
    print("WEIGHTS =", weights)
    print("TEMPERATURE =", temperature)
    for name, value in figures.items():
        print(f"{name}: {value:.3f}")


if __name__ == "__main__":
    main()
