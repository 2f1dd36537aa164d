"""Final scoring: achievements, Life Story VP, Project VP, resource majorities, late retirement.

>>> majority_points([3, 3, 1])
[5, 5, 2]
>>> majority_points([4, 0])
[5, 0]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from parlour.engine import Result

from .cards import COLOURS, RESOURCES, Achievement, CardSet
from .state import MyStoryState, SeatState

PENALTY = {51: -1, 52: -3, 53: -6, 54: -10}
MOST, SECOND = 5, 2
AREAS = ("achievements", "life_stories", "projects", "majorities", "retirement")


def retirement_penalty(age: int) -> int:
    return PENALTY.get(min(age, 54), 0)


def majority_points(counts: list[int]) -> list[int]:
    """5 VP for the most, 2 for the second-highest count; ties score in full; 0 scores nothing."""
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    top = ranked[0] if ranked else None
    second = ranked[1] if len(ranked) > 1 else None
    return [MOST if c == top else SECOND if c == second else 0 for c in counts]


def deck_cards(p: SeatState) -> list[str]:
    """A player's deck: every card they own outside their CV (draw and discard piles)."""
    return [*p.draw, *p.discard]


def zone_cards(p: SeatState, zone: str) -> list[tuple[str, str]]:
    """(card, zone) pairs: 'deck' cards, 'cv' cards, or 'all' of them."""
    out: list[tuple[str, str]] = []
    if zone in ("deck", "all"):
        out += [(c, "deck") for c in deck_cards(p)]
    if zone in ("cv", "all"):
        out += [(c, "cv") for c in p.cv]
    return out


def icons(cards: CardSet, cid: str, zone: str) -> Mapping[str, int]:
    """The icons that count for a card: its played icons in the deck, its Bonus in the CV."""
    card = cards.cards[cid]
    return card.bonus if zone == "cv" else card.play


def resource_counts(cards: CardSet, p: SeatState) -> dict[str, int]:
    """A player's icons of each resource, deck and CV (for the majorities)."""
    counts = dict.fromkeys(RESOURCES, 0)
    for cid, zone in zone_cards(p, "all"):
        for r, n in icons(cards, cid, zone).items():
            if r in counts:
                counts[r] += n
    return counts


def measure(cards: CardSet, p: SeatState, spec: Mapping[str, Any]) -> int:
    """The quantity an Achievement looks at, for one player."""
    zone, kind, kinds = spec["zone"], spec["kind"], spec.get("kinds") or None
    printed = cards.cards
    # Search bots judge positions by the Achievements held, so this runs often: the two
    # zones are read directly (see zone_cards).
    deck = deck_cards(p) if zone != "cv" else []
    cv = p.cv if zone != "deck" else []
    if kinds:
        deck = [c for c in deck if printed[c].kind in kinds]
        cv = [c for c in cv if printed[c].kind in kinds]
    if kind == "count":
        return len(deck) + len(cv)
    if kind == "icons":
        wanted = spec["resources"]
        return (sum(printed[c].play.get(r, 0) for c in deck for r in wanted)
                + sum(printed[c].bonus.get(r, 0) for c in cv for r in wanted))
    colours = [p.colours_of(printed[c]) for c in (*deck, *cv)]
    per_colour = Counter(col for cols in colours for col in cols)
    if kind == "colour_max":
        return max(per_colour[col] for col in COLOURS)
    if kind == "colour_sets":
        return min(per_colour[col] for col in COLOURS)
    # distinct_colours: each multi-coloured card stands for one colour of the owner's choice.
    options = [cols for cols in colours if cols]
    best = 0
    for pick in product(*options) if len(options) <= 10 else [tuple(o[0] for o in options)]:
        best = max(best, len(set(pick)))
    return best


def achievement_points(cards: CardSet, seats: Sequence[SeatState], seat: int,
                       ach: Achievement, value: int | None = None) -> int:
    """What an Achievement scores for ``seat`` on these holdings (``value``: its measure
    for that seat, when already known)."""
    if value is None:
        value = measure(cards, seats[seat], ach.measure)
    rule, arg = next(iter(ach.score.items()))
    if rule == "per":
        return int(arg) * value
    if rule == "most":
        others = [measure(cards, p, ach.measure) for p in seats]
        return int(arg) if value > 0 and value == max(others) else 0
    best = 0
    for threshold, vp in arg:
        if value >= threshold:
            best = max(best, vp)
    return best


def achievements_scored(state: MyStoryState) -> list[dict[str, int]]:
    """Per player, what each of their Achievements scores."""
    cards = state.card_set
    return [{a: achievement_points(cards, state.seats, s, cards.achievements[a])
             for a in p.achievements} for s, p in enumerate(state.seats)]


def majorities(counts: list[dict[str, int]]) -> dict[str, list[int]]:
    """Per resource, the majority points of each player (from their icon counts)."""
    return {r: majority_points([c[r] for c in counts]) for r in RESOURCES}


def score_sheet(state: MyStoryState) -> dict[str, list[int]]:
    """One line per scoring area, one column per player, and the totals."""
    seats = state.seats
    sheet: dict[str, list[int]] = {a: [] for a in AREAS}
    for p, scored in zip(seats, achievements_scored(state), strict=True):
        sheet["achievements"].append(sum(scored.values()))
        sheet["life_stories"].append(sum(
            state.card(c).vp for c in deck_cards(p) if state.card(c).kind == "life_story"))
        sheet["projects"].append(sum(
            state.card(c).vp for c in p.cv if state.card(c).kind == "project"))
        sheet["retirement"].append(retirement_penalty(p.age))
    by_resource = majorities([resource_counts(state.card_set, p) for p in seats])
    sheet["majorities"] = [sum(points) for points in zip(*by_resource.values(), strict=True)]
    sheet["total"] = [sum(sheet[a][s] for a in AREAS) for s in range(len(seats))]
    return sheet


def final_result(state: MyStoryState) -> Result:
    """The most VP wins; a tie goes to the most CV cards, and is shared after that.

    ``details`` hold the score sheet, and what makes it up: each player's icons of each
    resource with the majority points they won, and what each Achievement scored.
    """
    sheet = score_sheet(state)
    totals = sheet["total"]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    cv_sizes = [len(p.cv) for p in state.seats]
    most_cv = max(cv_sizes[s] for s in tied)
    winners = [s for s in tied if cv_sizes[s] == most_cv]
    counts = [resource_counts(state.card_set, p) for p in state.seats]
    details = {
        "score_sheet": [{"area": a, "points": sheet[a]} for a in (*AREAS, "total")],
        "resource_icons": counts,
        "majority_points": majorities(counts),
        "achievements": achievements_scored(state),
        "cv_cards": cv_sizes,
        "ages": [p.age for p in state.seats],
        "tiebreak": "vp" if len(tied) == 1 else ("cv" if len(winners) == 1 else "shared"),
    }
    return Result([float(t) for t in totals], winners, details)
