"""Love Me Not's ``cfr`` bot: a counterfactual-regret strategy for a single match.

The strategy was computed offline (``parlour.rl.love_me_not.train_cfr``, see
``docs/research.md``) over an abstraction of what a seat knows, and ships as
a table (``cfr_policy.bin``): for each abstract situation, how often to keep
each of the two cards. The abstraction forgets what cannot change the score:
a card's rank below the jack, which suit is which, and the order things were
seen in. Per suit it keeps

- ``T``, ``P``: the seat's own number-cards of that suit in its tableau and pile,
- ``O``: the opponent's face-up number-cards of that suit,
- ``H``: number-cards of that suit in hand,
- ``J``: where that suit's jack is (unseen, own tableau, own pile, opponent's
  face-up tableau, hand),

and the key is the four suits' codes, sorted. In a best-of-three game each
match is played as if it were the only one.

>>> key, first, second = info_key(["2H"], ["3H"], [], ["JH", "4D"])
>>> first, second
('4D', 'JH')
>>> info_key(["2H"], ["3H"], [], ["4D", "5D"])[2] is None  # the same card, as far as scoring goes
True
"""

from __future__ import annotations

import gzip
import random
from array import array
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .bots import GreedyAgent

SUIT_ORDER = "HDCS"
# Code widths: T, P, O count up to 4 number-cards, H up to 2, J has five places.
T_LEVELS, P_LEVELS, O_LEVELS, H_LEVELS, J_LEVELS = 5, 5, 5, 3, 5
CODE_BITS = 11  # 5 * 5 * 5 * 3 * 5 = 1875 codes < 2**11
JACK_UNSEEN, JACK_TABLEAU, JACK_PILE, JACK_SHOWN, JACK_HAND = range(5)
POLICY_FILE = "cfr_policy.bin"


def suit_code(counts: tuple[int, int, int, int], jack: int) -> int:
    """One suit's code from its (T, P, O, H) counts and where its jack is."""
    t, p, o, h = counts
    return (((t * P_LEVELS + p) * O_LEVELS + o) * H_LEVELS + h) * J_LEVELS + jack


def info_key(tableau: Sequence[str], pile: Sequence[str], shown: Sequence[str],
             hand: Sequence[str]) -> tuple[int, str, str | None]:
    """The abstract situation of a seat about to keep a card, and what its two actions keep.

    Returns ``(key, first, second)``: action 0 keeps ``first``, action 1 keeps
    ``second``; ``second`` is ``None`` when the two cards are interchangeable
    (keeping either leads to the same abstract situation).
    """
    counts = {u: [0, 0, 0, 0] for u in SUIT_ORDER}
    jacks = dict.fromkeys(SUIT_ORDER, JACK_UNSEEN)
    for place, cards in enumerate((tableau, pile, shown, hand)):
        for card in cards:
            if card[0] == "J":
                jacks[card[1]] = place + 1
            else:
                counts[card[1]][place] += 1
    codes = {u: suit_code((c[0], c[1], c[2], c[3]), jacks[u]) for u, c in counts.items()}
    key = 0
    for code in sorted(codes.values(), reverse=True):
        key = (key << CODE_BITS) | code
    a, b = sorted(hand, key=lambda c: 2 * codes[c[1]] + (c[0] == "J"))
    same = 2 * codes[a[1]] + (a[0] == "J") == 2 * codes[b[1]] + (b[0] == "J")
    return key, a, None if same else b


def view_key(view: View) -> tuple[int, str, str | None]:
    """:func:`info_key` of a seat's view."""
    seat = view["seat"]
    mine, theirs = view["seats"][seat], view["seats"][1 - seat]
    shown = [e["card"] for e in theirs["tableau"] if e["revealed"]]
    return info_key([e["card"] for e in mine["tableau"]], mine["pile"], shown, view["hand"])


@cache
def policy() -> dict[int, float]:
    """The shipped table: abstract key -> probability of action 0 (keeping ``first``)."""
    raw = gzip.decompress(resources.files(__package__).joinpath(POLICY_FILE).read_bytes())
    return decode_policy(raw)


def encode_policy(table: dict[int, float]) -> bytes:
    """The table as bytes: a count, the keys (8 bytes each), then each probability in 1/255."""
    keys = sorted(table)
    return (array("q", [len(keys)]).tobytes() + array("q", keys).tobytes()
            + bytes(round(255 * table[k]) for k in keys))


def decode_policy(raw: bytes) -> dict[int, float]:
    """The inverse of :func:`encode_policy` (probabilities to the nearest 1/255)."""
    count = array("q", raw[:8])[0]
    keys = array("q", raw[8:8 + 8 * count])
    probs = raw[8 + 8 * count:]
    return {k: p / 255 for k, p in zip(keys, probs, strict=True)}


class CFRAgent:
    """Plays the CFR table; where the table has no entry it keeps what ``greedy`` would."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table = policy()
        self.fallback = GreedyAgent(game, seat, seed)

    def act(self, view: View, legal: Legal) -> Action:
        key, first, second = view_key(view)
        if second is None:
            return {"keep": first}
        p = self.table.get(key)
        if p is None:
            return self.fallback.act(view, legal)
        return {"keep": first if self.rng.random() < p else second}
