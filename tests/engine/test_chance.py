"""The generator every deal comes from: exact replays, independent streams, fair shuffles."""

from __future__ import annotations

import copy
import pickle
import random
import struct
from collections import Counter
from itertools import permutations

from parlour.engine.chance import SEED_BITS, Chance, generator, new_seed


def test_the_same_seed_deals_the_same_cards() -> None:
    a, b = list(range(52)), list(range(52))
    generator(2**100 + 7).shuffle(a)
    generator(2**100 + 7).shuffle(b)
    assert a == b and sorted(a) == list(range(52))


def test_seeds_one_apart_deal_differently() -> None:
    a, b = list(range(52)), list(range(52))
    generator(41).shuffle(a)
    generator(42).shuffle(b)
    assert a != b


def test_a_named_stream_is_independent_of_the_deal() -> None:
    deal, ideas = generator(9), generator(9, "ideas:1")
    assert [deal.getrandbits(32) for _ in range(8)] != [ideas.getrandbits(32) for _ in range(8)]


def test_new_seeds_have_128_bits_and_do_not_repeat() -> None:
    seeds = {new_seed() for _ in range(1000)}
    assert SEED_BITS == 128
    assert len(seeds) == 1000
    assert max(seed.bit_length() for seed in seeds) > 120


def test_a_copied_or_pickled_generator_goes_on_exactly_where_it_stopped() -> None:
    rng = generator(123)
    rng.getrandbits(13)  # leave part of a block in the buffer
    twin, thawed = copy.copy(rng), pickle.loads(pickle.dumps(rng))
    draws = [rng.randrange(1000) for _ in range(40)]
    assert [twin.randrange(1000) for _ in range(40)] == draws
    assert [thawed.randrange(1000) for _ in range(40)] == draws


def test_state_round_trips() -> None:
    rng = generator(5)
    rng.random()
    state = rng.getstate()
    first = [rng.random() for _ in range(5)]
    rng.setstate(state)
    assert [rng.random() for _ in range(5)] == first


def test_every_order_of_a_shuffle_is_equally_likely() -> None:
    rng = generator(2026)
    counts: Counter[tuple[int, ...]] = Counter()
    trials = 24_000
    for _ in range(trials):
        deck = [0, 1, 2, 3]
        rng.shuffle(deck)
        counts[tuple(deck)] += 1
    assert set(counts) == set(permutations(range(4)))
    expected = trials / 24
    chi_square = sum((seen - expected) ** 2 / expected for seen in counts.values())
    assert chi_square < 49.7  # 23 degrees of freedom, p = 0.001


def test_draws_are_uniform_bits() -> None:
    rng = generator(77)
    ones = sum(bin(rng.getrandbits(64)).count("1") for _ in range(2000))
    assert abs(ones - 64_000) < 1_000  # sd is about 179


def test_the_standard_library_methods_draw_from_the_keyed_stream() -> None:
    rng = generator(3)
    assert isinstance(rng, Chance)
    assert 0 <= rng.random() < 1
    assert rng.choice("abc") in "abc"
    assert sorted(rng.sample(range(10), 10)) == list(range(10))
    # not the Mersenne Twister: the same seed gives another stream
    assert generator(3).random() != random.Random(3).random()


class _Stacked(Chance):
    """A generator whose bytes are laid out by hand, to reach the rare redraw."""

    def __init__(self, words: list[int]) -> None:
        super().__init__(0)
        self._stack = b"".join(struct.pack("<I", w) for w in words)

    def _take(self, count: int) -> bytes:
        out, self._stack = self._stack[:count], self._stack[count:]
        return out


def test_a_word_beyond_the_last_whole_multiple_is_drawn_again() -> None:
    # 2**32 - 1 is the one word that span 3 refuses (2**32 = 3 * 1431655765 + 1). The
    # deck's two words come first, then the redraw: 7 % 3 = 1 for the last card, and
    # 5 % 2 = 1 leaves the middle card where it is.
    deck = ["a", "b", "c"]
    rng = _Stacked([2**32 - 1, 5, 7, 9])
    rng.shuffle(deck)
    assert deck == ["a", "c", "b"]
    assert rng.getrandbits(32) == 9
    plain = ["a", "b", "c"]
    _Stacked([4, 5]).shuffle(plain)  # 4 % 3 = 1, then 5 % 2 = 1
    assert plain == ["a", "c", "b"]
