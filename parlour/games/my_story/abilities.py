"""Abilities and the Planning phase's gains (the rulebook's Iconography).

Active abilities are the current Occupation's and those printed on completed Projects in
the CV. A CV card gives its Bonus once per turn: a colourless one always, a coloured one
when a card played this turn shares one of its colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .payments import add_costs
from .state import MyStoryState, Turn

Effect = Mapping[str, Any]


def sources(state: MyStoryState, seat: int) -> list[str]:
    """The cards whose abilities are active: the current Occupation, then CV Projects."""
    me = state.seats[seat]
    out = [me.occupation] if me.occupation else []
    return out + [c for c in me.cv if state.card(c).kind == "project"]


def effects(state: MyStoryState, seat: int, kind: str) -> list[Effect]:
    """The active effects of one kind, in order (current Occupation first)."""
    # The same walk as sources(), skipping cards without an ability: every turn asks this
    # several times, and search bots play thousands of turns a second.
    me, printed = state.seats[seat], state.card_set.cards
    out = [e for e in printed[me.occupation].ability if e["kind"] == kind] \
        if me.occupation else []
    for c in me.cv:
        card = printed[c]
        if card.ability and card.kind == "project":
            out += [e for e in card.ability if e["kind"] == kind]
    return out


def hand_size(state: MyStoryState, seat: int) -> int:
    """Cards played at the start of a turn: the usual hand, with "+1" and the empty card
    slot applied, never fewer than one."""
    bonus = sum(e["count"] for e in effects(state, seat, "extra_cards"))
    return max(1, state.card_set.hand_size + int(bonus))


def smile_credits(state: MyStoryState, turn: Turn) -> int:
    """Extra cards the player may still play thanks to 'Smile card: +1' abilities."""
    total = 0
    for e in effects(state, turn.seat, "per_icon_card"):
        total += e["extra_cards"] * sum(
            1 for cid in turn.played if state.card(cid).play.get(e["resource"], 0) > 0)
    return total - turn.extra


def _add(total: dict[str, int], icons: Mapping[str, int]) -> None:
    for r, n in icons.items():
        total[r] = total.get(r, 0) + n


def planned_gain(state: MyStoryState, seat: int, played: Iterable[str]) -> dict[str, int]:
    """Resources from played cards, CV Bonuses and the automatic abilities.

    Abilities count only what the cards and the CV gave (not each other).
    """
    me = state.seats[seat]
    played = list(played)
    gain: dict[str, int] = {}
    played_colours: set[str] = set()
    for cid in played:
        card = state.card(cid)
        played_colours.update(card.colours)
        _add(gain, card.play)
    for cid in me.cv:
        card = state.card(cid)
        colours = me.colours_of(card)
        if not colours or played_colours.intersection(colours):
            _add(gain, card.bonus)
    extra: dict[str, int] = {}
    for e in effects(state, seat, "per_gained"):
        extra[e["gain"]] = extra.get(e["gain"], 0) + gain.get(e["resource"], 0)
    for e in effects(state, seat, "per_colour_played"):
        n = sum(1 for cid in played if e["colour"] in state.card(cid).colours)
        extra[e["gain"]] = extra.get(e["gain"], 0) + n
    return {r: n for r, n in add_costs(gain, extra).items() if n}
