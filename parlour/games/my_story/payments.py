"""Paying for a card, a Reunion or a step of growth: resources first, then Stars and time.

A requirement is an icon map (``{"money": 2, "years": 1}``). The player's own resources
of each kind are used first; the rest of the gap is covered by Stars (the wildcard) and
years, one year per missing resource, at most ``max_time`` years per payment, and never
past age 54. Fixed years printed in a requirement (a slot's, a Switching Year) are paid
on top.

>>> shortfall({"money": 1}, {"money": 2, "book": 1, "years": 1})
2
>>> list(star_options({"star": 1}, {"money": 2, "book": 1}, age=22, max_time=5))
[0, 1]
>>> payment_years({"money": 1, "star": 1}, {"money": 2, "book": 1, "years": 1}, stars=1)
2
>>> paid({"money": 1, "star": 1}, {"money": 2, "book": 1, "years": 1}, stars=1)
{'money': 1, 'star': 1, 'years': 2}
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import STAR, YEARS, Card, Cost
from .state import LAST_AGE, MyStoryState, Turn


def add_costs(*costs: Cost) -> dict[str, int]:
    """Icon maps added together."""
    out = dict(costs[0]) if costs else {}
    for cost in costs[1:]:
        for key, n in cost.items():
            out[key] = out.get(key, 0) + n
    return out


def shortfall(pool: Mapping[str, int], req: Cost) -> int:
    """Resources the requirement asks for that the pool lacks (Stars not yet used)."""
    short = 0
    for r, n in req.items():
        have = pool.get(r, 0)
        if n > have and r != YEARS:
            short += n - have
    return short


def star_options(pool: Mapping[str, int], req: Cost, age: int, max_time: int) -> range:
    """Each way to pay ``req``, as the number of Stars used; the rest of the gap is time.

    A player's own resources are always used first (a Star can stand for any
    resource, so keeping a Star is never worse than keeping the resource); the
    remaining gap is covered by Stars and by years, at most ``max_time`` years
    per payment, and never past age 54.
    """
    short = shortfall(pool, req)
    # Stars cover what time may not: at most max_time years, and none past 54.
    lo = max(0, short - max_time, age + req.get(YEARS, 0) + short - LAST_AGE)
    hi = min(pool.get(STAR, 0), short)
    return range(lo, hi + 1)  # empty when it cannot be paid


def payment_years(pool: Mapping[str, int], req: Cost, stars: int) -> int:
    """The years a payment costs: the fixed years, plus the gap that Stars do not cover."""
    return req.get(YEARS, 0) + shortfall(pool, req) - stars


def paid(pool: Mapping[str, int], req: Cost, stars: int) -> dict[str, int]:
    """What a payment takes: the player's own resources, ``stars`` Stars and the years."""
    out = {r: min(n, pool.get(r, 0)) for r, n in req.items() if r != YEARS}
    out = {r: n for r, n in out.items() if n}
    if stars:
        out[STAR] = stars
    years = payment_years(pool, req, stars)
    if years:
        out[YEARS] = years
    return out


def grow_cost(card: Card) -> dict[str, int]:
    """A Project's requirement; an Occupation's requirement plus its Switching Year."""
    if card.kind == "occupation":
        return add_costs(card.requirement, {YEARS: card.switching_year})
    return dict(card.requirement)


def take_cost(state: MyStoryState, track: str, slot: int) -> dict[str, int]:
    """What taking the card in ``slot`` (0 = leftmost) of a track costs: on the Life Story
    track the card's own requirement plus the slot's, on the Occupation & Project track the
    slot's alone."""
    cards = state.card_set
    if track != "life":
        return dict(cards.work_slots[slot])
    # The slot's cost first, as the board reads; add_costs inlined: listing moves asks often.
    out = dict(cards.life_slots[slot])
    for key, n in cards.cards[state.life_track[slot]].requirement.items():
        out[key] = out.get(key, 0) + n
    return out


def age_marker(state: MyStoryState, seat: int, years: int) -> None:
    """Move a marker on; arriving on a space it goes furthest from 20 among those there."""
    if years <= 0:
        return
    me = state.seats[seat]
    me.age = min(LAST_AGE, me.age + years)
    me.stamp = state.next_stamp
    state.next_stamp += 1


def pay(state: MyStoryState, turn: Turn, req: Cost, stars: int) -> int:
    """Pay ``req`` from the turn's resources, ``stars`` Stars and time; return the years."""
    years = payment_years(turn.pool, req, stars)
    for r, n in req.items():
        if r != YEARS:
            turn.pool[r] = turn.pool.get(r, 0) - min(n, turn.pool.get(r, 0))
    if stars:
        turn.pool[STAR] -= stars
    turn.pool = {r: n for r, n in turn.pool.items() if n}
    age_marker(state, turn.seat, years)
    return years
