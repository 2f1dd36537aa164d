"""How a My Story position stands: each seat's final VP estimated, and its share of the win.

Search bots cut their playouts short and judge the state they reach with :func:`evaluate`.
A seat's estimate is what it has now (its VP if the game ended here: Achievements, Life
Stories, Projects, the retirement penalty of its age) plus what its remaining years are
worth: the game's clock is each player's age, and a deck that yields more per turn turns
each year into more VP. The weights were fitted by least squares on positions of
heuristic self-play against the VP each seat finally scored
(``python -m parlour.rl.my_story_value``; figures in ``docs/research.md``).

>>> from parlour.games.my_story import GAME
>>> state = GAME.setup(2, seed=1)
>>> shares = evaluate(state)
>>> round(sum(shares), 6), all(0 < s < 1 for s in shares)
(1.0, True)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from .abilities import sources
from .cards import RESOURCES, CardSet
from .scoring import achievement_points, majority_points, retirement_penalty
from .state import RETIREMENT_AGE, MyStoryState

FEATURES = ("majorities", "years_left", "income_years", "bonus_years", "ability_years",
            "achievements", "deck_size", "one")
"""What the estimate adds to the VP a seat holds now, each with its fitted weight."""

WEIGHTS: dict[str, float] = {
    "majorities": 0.3, "years_left": 2.0, "income_years": 0.07, "bonus_years": 0.1,
    "ability_years": 0.06, "achievements": 0.8, "deck_size": 0.3, "one": 5.0,
}

TEMPERATURE = 12.0
"""VP of lead that make a win e times likelier (fitted on the same positions)."""


@dataclass(frozen=True)
class _Stats:
    """One card's numbers, looked up once per card set."""

    play: tuple[int, ...]  # played icons per resource (RESOURCES order)
    bonus: tuple[int, ...]  # CV Bonus icons per resource
    income: int  # played icons of any kind, Stars included
    bonus_total: int
    life_vp: int  # VP a Life Story scores from the deck
    project_vp: int  # VP a Project scores from the CV
    colours: tuple[str, ...]


_STATS: dict[int, tuple[CardSet, dict[str, _Stats]]] = {}


def _stats(cards: CardSet) -> dict[str, _Stats]:
    entry = _STATS.get(id(cards))
    if entry is None or entry[0] is not cards:  # the card set is kept, so its id stays its own
        table = {cid: _Stats(tuple(c.play.get(r, 0) for r in RESOURCES),
                             tuple(c.bonus.get(r, 0) for r in RESOURCES),
                             sum(c.play.values()), sum(c.bonus.values()),
                             c.vp if c.kind == "life_story" else 0,
                             c.vp if c.kind == "project" else 0, c.colours)
                 for cid, c in cards.cards.items()}
        entry = _STATS[id(cards)] = (cards, table)
    return entry[1]


def features(state: MyStoryState) -> tuple[list[float], list[list[float]]]:
    """Each seat's VP now, and its features (in ``FEATURES`` order)."""
    cards = state.card_set
    stats = _stats(cards)
    hand = cards.hand_size
    icons: list[list[int]] = []
    held: list[float] = []
    rows: list[list[float]] = []
    for s, p in enumerate(state.seats):
        deck = p.draw + p.discard
        if state.turn is not None and state.turn.seat == s:
            deck += state.turn.played
        in_deck = [stats[c] for c in deck]
        in_cv = [stats[c] for c in p.cv]
        counts = [sum(n) for n in zip(*(st.play for st in in_deck), *(st.bonus for st in in_cv),
                                      strict=True)] if deck or p.cv else [0] * len(RESOURCES)
        size = max(1, len(deck))
        shares = Counter(c for st in in_deck for c in st.colours)
        bonus = 0.0
        for cid, st in zip(p.cv, in_cv, strict=True):
            # A Bonus Resource card has the colour its owner chose (see SeatState.colours_of).
            colours = (p.colours[cid],) if cid in p.colours else st.colours
            miss = 1.0
            for c in colours:
                miss *= (1 - shares[c] / size) ** hand
            bonus += st.bonus_total * (1 - miss if colours else 1.0)
        icons.append(counts)
        years = max(0, RETIREMENT_AGE - p.age)
        abilities = sum(len(cards.cards[c].ability) for c in sources(state, s))
        achieved = sum(achievement_points(cards, state.seats, s, cards.achievements[a])
                       for a in p.achievements)
        held.append(achieved + sum(st.life_vp for st in in_deck)
                    + sum(st.project_vp for st in in_cv) + retirement_penalty(p.age))
        income = sum(st.income for st in in_deck)
        rows.append([0.0, years, years * hand * income / size, years * bonus,
                     years * abilities, len(p.achievements), len(deck), 1.0])
    by_resource = [majority_points(list(column)) for column in zip(*icons, strict=True)]
    for s, row in enumerate(rows):
        row[0] = sum(points[s] for points in by_resource)
    return held, rows


def estimate(state: MyStoryState) -> list[float]:
    """Each seat's final VP, estimated."""
    held, rows = features(state)
    weights = [WEIGHTS[f] for f in FEATURES]
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
