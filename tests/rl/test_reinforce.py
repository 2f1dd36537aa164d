"""The ten-minute agent of docs/research.md learns through the batch simulator."""

from __future__ import annotations

from parlour.rl.love_me_not import reinforce


def test_a_few_updates_take_the_linear_policy_past_an_untrained_one() -> None:
    policy = reinforce.Linear.zeros()
    untrained = reinforce.evaluate(policy, 20_000, seed=5)
    for i in range(4):
        reinforce.play(policy, 10_000, seed=i, learn_rate=2.0)
    trained = reinforce.evaluate(policy, 20_000, seed=5)
    assert untrained.share < 0.25  # always keeping the first card drawn: 0.18 of decided
    assert trained.share > untrained.share + 0.15
    assert trained.won + trained.lost + trained.tied == 20_000


def test_wilson_interval_of_a_score() -> None:
    score = reinforce.Score(won=520, lost=480, tied=100)
    low, high = score.interval()
    assert score.share == 0.52
    assert round(low, 3) == 0.489 and round(high, 3) == 0.551
