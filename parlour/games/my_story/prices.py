"""What things cost, as the rules count it, for the views to send: what each track card
costs to take, what the cards played so far give, and what the seat to act would pay and
get for each of its choices. Front ends show these numbers; none re-derives a rule.

>>> from parlour.games.my_story import GAME
>>> state = GAME.setup(2, seed=1)
>>> [len(costs) for costs in take_costs(state).values()], prices(state, 0)
([5, 5], [])
"""

from __future__ import annotations

from typing import TypedDict

from parlour.engine import Action

from .abilities import effects
from .actions import choices, kind, requirement
from .payments import add_costs, paid, take_cost
from .state import MyStoryState


class Price(TypedDict, total=False):
    """One choice of the seat to act: what it pays (resources, Stars and ``years``) and,
    for a conversion, what it gets."""

    action: Action
    pays: dict[str, int]
    gets: dict[str, int]


def take_costs(state: MyStoryState) -> dict[str, list[dict[str, int]]]:
    """Each track card's cost to take, slot by slot (a Life Story's own requirement added
    to its slot's)."""
    return {where: [take_cost(state, where, i) for i in range(len(track))]
            for where, track in (("life", state.life_track), ("work", state.work_track))}


def so_far(state: MyStoryState) -> dict[str, int]:
    """What the cards played this turn give, before the Planning adds CV Bonuses and
    abilities (empty between turns)."""
    turn = state.turn
    if turn is None:
        return {}
    return add_costs({}, *(state.card(c).play for c in turn.played))


def prices(state: MyStoryState, seat: int) -> list[Price]:
    """What ``seat`` would pay (and get) for each of its choices that costs something,
    while it is that seat's turn to explore, grow or convert."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.step not in ("act", "convert"):
        return []
    if turn.step == "convert":
        effect = effects(state, seat, "convert")[turn.converted]
        return [{"action": a, "pays": {effect["resource"]: effect["count"] * a["convert"]},
                 "gets": {effect["to"]: a["convert"]}}
                for a in choices(state, seat) if a["convert"]]
    out: list[Price] = []
    for action in choices(state, seat):
        req = requirement(state, turn, action, kind(action))
        if req is not None:
            out.append({"action": action, "pays": paid(turn.pool, req, action["stars"])})
    return out
