"""Train an agent in ten minutes: REINFORCE on the batch simulator against ``greedy``.

The policy is linear: keeping card ``c`` scores ``W[c] · x + b[c]``, where ``x`` is the
seat's observation (the 105 planes of :attr:`.batch.Batch.observation`), and a
softmax over the two cards in hand gives the probabilities. Each iteration plays a
batch of single matches against the batched ``greedy`` (the learner in seat 0 in half
of them, seat 1 in the other half) and follows the policy gradient of the final
reward, with the batch's mean reward as baseline. ``docs/research.md`` has a run::

    python -m parlour.rl.love_me_not.reinforce --minutes 10 --matches 100000
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from . import batch, opponents
from .encode import N_CARDS, SINGLE_MATCH_SIZE, TURNS

F32 = npt.NDArray[np.float32]


@dataclass
class Linear:
    """The policy's weights: [20, 105] and [20]."""

    weights: F32
    bias: F32

    @classmethod
    def zeros(cls) -> Linear:
        return cls(np.zeros((N_CARDS, SINGLE_MATCH_SIZE), np.float32),
                   np.zeros(N_CARDS, np.float32))

    def choose(self, state: batch.Batch, seat: int, rng: np.random.Generator | None,
               ) -> tuple[npt.NDArray[np.int64], F32]:
        """[B] the card kept by ``seat`` (sampled, or the likelier with no ``rng``), and
        [B] the probability of the first card of the hand."""
        x = state.observation[:, seat]
        hand = state.hand[:, seat].astype(np.int64)
        live = hand[:, 0] >= 0
        safe = np.where(live[:, None], hand, 0)
        scores = np.einsum("bk,bk->b", self.weights[safe[:, 0]], x) + self.bias[safe[:, 0]]
        other = np.einsum("bk,bk->b", self.weights[safe[:, 1]], x) + self.bias[safe[:, 1]]
        p_first = (1.0 / (1.0 + np.exp(other - scores))).astype(np.float32)
        pick = (rng.random(len(x)) < p_first) if rng is not None else p_first >= 0.5
        return np.where(live, np.where(pick, safe[:, 0], safe[:, 1]), -1), p_first


def play(policy: Linear, matches: int, seed: int, learn_rate: float = 0.0,
         explore: bool = True) -> npt.NDArray[np.float32]:
    """Play ``matches`` single matches against batched ``greedy``; with a ``learn_rate``,
    update the policy once from them. Returns the learner's rewards."""
    rng = np.random.default_rng(seed)
    state = batch.reset(matches, seed)
    me = (np.arange(matches) % 2).astype(np.int64)  # the learner's seat, row by row
    grads_w = np.zeros_like(policy.weights)
    grads_b = np.zeros_like(policy.bias)
    steps = []
    for _ in range(TURNS):
        actions = np.empty((matches, 2), np.int64)
        for seat in (0, 1):
            mine, p_first = policy.choose(state, seat, rng if explore else None)
            theirs = opponents.greedy(state, seat, rng)
            actions[:, seat] = np.where(me == seat, mine, theirs)
            if learn_rate:
                rows = np.flatnonzero(me == seat)
                steps.append((rows, state.observation[rows, seat], state.hand[rows, seat],
                              mine[rows], p_first[rows]))
        state = batch.step(state, actions)
    rewards = state.rewards[np.arange(matches), me]
    if learn_rate:
        advantage = rewards - rewards.mean()
        for rows, x, hand, kept, p_first in steps:
            # d log pi / d score(first) = [kept first] - p_first, and the opposite for the
            # other card.
            g = ((kept == hand[:, 0]) - p_first) * advantage[rows]
            np.add.at(grads_w, hand[:, 0], g[:, None] * x)
            np.add.at(grads_w, hand[:, 1], -g[:, None] * x)
            np.add.at(grads_b, hand[:, 0], g)
            np.add.at(grads_b, hand[:, 1], -g)
        policy.weights += learn_rate * grads_w / matches
        policy.bias += learn_rate * grads_b / matches
    return rewards


@dataclass(frozen=True)
class Score:
    """Matches won, lost and tied, and the share of decided matches won with its 95%
    Wilson interval."""

    won: int
    lost: int
    tied: int

    @property
    def share(self) -> float:
        return self.won / max(self.won + self.lost, 1)

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        n = self.won + self.lost
        if n == 0:
            return 0.0, 1.0
        p = self.share
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    def __str__(self) -> str:
        low, high = self.interval()
        return (f"won {self.share:.3f} of decided matches (95% {low:.3f}-{high:.3f}; "
                f"{self.won:,} won, {self.lost:,} lost, {self.tied:,} tied)")


def evaluate(policy: Linear, matches: int, seed: int) -> Score:
    """The policy playing its likelier card against ``greedy``, in each seat half the time."""
    rewards = play(policy, matches, seed, explore=False)
    return Score(int((rewards > 0).sum()), int((rewards < 0).sum()), int((rewards == 0).sum()))


def train(minutes: float, matches: int, learn_rate: float, seed: int,
          evaluations: int) -> Linear:
    policy = Linear.zeros()
    start = time.perf_counter()
    checkpoint = start
    iteration = 0
    while time.perf_counter() - start < minutes * 60:
        play(policy, matches, seed + iteration, learn_rate)
        iteration += 1
        if time.perf_counter() - checkpoint >= 60:
            checkpoint = time.perf_counter()
            score = evaluate(policy, evaluations, seed=10**9 + iteration)
            print(f"{(checkpoint - start) / 60:5.1f} min  {iteration * matches:>12,} matches"
                  f"  against greedy: {score}", flush=True)
    return policy


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.rl.love_me_not.reinforce",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--matches", type=int, default=100_000, help="matches per update")
    parser.add_argument("--learn-rate", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--evaluations", type=int, default=200_000,
                        help="matches of each evaluation against greedy")
    args = parser.parse_args(argv)
    policy = train(args.minutes, args.matches, args.learn_rate, args.seed, args.evaluations)
    print("final:", evaluate(policy, args.evaluations, seed=2 * 10**9))


if __name__ == "__main__":
    main()
