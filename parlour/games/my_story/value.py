"""How a My Story position stands: each seat's final VP estimated, and its share of the win.

Search bots cut their playouts short and judge the state they reach with :func:`evaluate`.
A seat's estimate is what it has now (its VP if the game ended here: Achievements, Life
Stories, Projects, the retirement penalty of its age) plus what its remaining years are
worth: the game's clock is each player's age, and a deck that yields more per turn turns
each year into more VP. ``python -m parlour.rl.my_story_value`` fits such weights by
least squares on positions of heuristic self-play against the VP each seat finally
scored; the weights below are its fit on 1,000 games of the standard card set (the
figures are in ``docs/research.md``).

>>> from parlour.games.my_story import GAME
>>> state = GAME.setup(2, seed=1)
>>> shares = evaluate(state)
>>> round(sum(shares), 6), all(0 < s < 1 for s in shares)
(1.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from .cards import RESOURCES, CardSet
from .scoring import achievement_points, majority_points, retirement_penalty
from .state import RETIREMENT_AGE, MyStoryState

FEATURES = ("majorities", "years_left", "income_years", "bonus_years", "ability_years",
            "achievements", "deck_size", "one")
"""What the estimate adds to the VP a seat holds now, each with its fitted weight."""

WEIGHTS: dict[str, float] = {
    "majorities": 0.416, "years_left": 0.78, "income_years": 0.047, "bonus_years": 0.09,
    "ability_years": 0.05, "achievements": 0.212, "deck_size": 0.838, "one": 1.71,
}

TEMPERATURE = 5.0
"""VP of lead that make a win e times likelier (fitted on the same positions)."""


@dataclass(frozen=True)
class _Stats:
    """One card's numbers, looked up once per card set."""

    play: tuple[tuple[int, int], ...]  # played icons: (index in RESOURCES, count), if any
    bonus: tuple[tuple[int, int], ...]  # CV Bonus icons, likewise
    income: int  # played icons of any kind, Stars included
    bonus_total: int
    life_vp: int  # VP a Life Story scores from the deck
    project_vp: int  # VP a Project scores from the CV
    abilities: int  # its ability's effects
    project_abilities: int  # the same, if it is a Project (active from the CV)
    colours: tuple[str, ...]


_STATS: dict[int, tuple[CardSet, dict[str, _Stats]]] = {}


def _icons(cost: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    return tuple((i, cost[r]) for i, r in enumerate(RESOURCES) if cost.get(r, 0))


def _stats(cards: CardSet) -> dict[str, _Stats]:
    entry = _STATS.get(id(cards))
    if entry is None or entry[0] is not cards:  # the card set is kept, so its id stays its own
        table = {cid: _Stats(_icons(c.play), _icons(c.bonus),
                             sum(c.play.values()), sum(c.bonus.values()),
                             c.vp if c.kind == "life_story" else 0,
                             c.vp if c.kind == "project" else 0, len(c.ability),
                             len(c.ability) if c.kind == "project" else 0, c.colours)
                 for cid, c in cards.cards.items()}
        entry = _STATS[id(cards)] = (cards, table)
    return entry[1]


def features(state: MyStoryState) -> tuple[list[float], list[list[float]]]:
    """Each seat's VP now, and its features (in ``FEATURES`` order)."""
    cards = state.card_set
    stats = _stats(cards)
    hand = cards.hand_size
    turn = state.turn
    icons: list[list[int]] = []
    held: list[float] = []
    rows: list[list[float]] = []
    # One pass over each seat's cards: this runs at the end of every search playout.
    for s, p in enumerate(state.seats):
        deck = p.draw + p.discard
        if turn is not None and turn.seat == s:
            deck += turn.played
        counts = [0] * len(RESOURCES)
        shares: dict[str, int] = {}
        income = vp = 0
        for cid in deck:
            st = stats[cid]
            for i, n in st.play:
                counts[i] += n
            for c in st.colours:
                shares[c] = shares.get(c, 0) + 1
            income += st.income
            vp += st.life_vp
        size = max(1, len(deck))
        bonus = 0.0
        abilities = stats[p.occupation].abilities if p.occupation else 0
        for cid in p.cv:
            st = stats[cid]
            for i, n in st.bonus:
                counts[i] += n
            vp += st.project_vp
            abilities += st.project_abilities
            # A Bonus Resource card has the colour its owner chose (see SeatState.colours_of).
            colours = (p.colours[cid],) if cid in p.colours else st.colours
            miss = 1.0
            for c in colours:
                miss *= (1 - shares.get(c, 0) / size) ** hand
            bonus += st.bonus_total * (1 - miss if colours else 1.0)
        icons.append(counts)
        years = max(0, RETIREMENT_AGE - p.age)
        achieved = sum(achievement_points(cards, state.seats, s, cards.achievements[a])
                       for a in p.achievements)
        held.append(achieved + vp + retirement_penalty(p.age))
        rows.append([0.0, years, years * hand * income / size, years * bonus,
                     years * abilities, len(p.achievements), len(deck), 1.0])
    by_resource = [majority_points(list(column)) for column in zip(*icons, strict=True)]
    for s, row in enumerate(rows):
        row[0] = sum(points[s] for points in by_resource)
    return held, rows


@cache
def _weights() -> tuple[float, ...]:
    return tuple(WEIGHTS[f] for f in FEATURES)


def estimate(state: MyStoryState) -> list[float]:
    """Each seat's final VP, estimated."""
    held, rows = features(state)
    weights = _weights()
    return [h + sum(w * x for w, x in zip(weights, row, strict=True))
            for h, row in zip(held, rows, strict=True)]


def evaluate(state: MyStoryState) -> list[float]:
    """Each seat's share of the win, estimated (they add up to 1): a softmax of the
    estimated final VP, ``TEMPERATURE`` VP to a factor e."""
    vp = estimate(state)
    top = max(vp)
    odds = [math.exp((v - top) / TEMPERATURE) for v in vp]
    total = sum(odds)
    return [o / total for o in odds]
