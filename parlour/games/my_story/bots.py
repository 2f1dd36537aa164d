"""My Story's bots: a heuristic planner (from its seat's view only) and cheap rollouts.

The heuristic values every option in VP-like units: what a card will yield
over the turns left (its played icons, its CV Bonus when colours match, its
ability), its printed VP and achievement points, minus the years it costs
(dearer past 50, where retirement penalties start). It looks one step ahead
inside a turn: an exploration is valued together with the best completion it
still leaves affordable.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import Action, Legal, View

from .actions import choices
from .cards import COLOURS, RESOURCES, STAR, YEARS, Card, CardSet, played_card_set
from .determinize import determinize
from .payments import add_costs, grow_cost, payment_years, shortfall
from .scoring import achievement_points, retirement_penalty
from .state import LAST_AGE, RETIREMENT_AGE, MyStoryState

RESOURCE_VP = 0.45  # what one resource in a future turn is worth, roughly
STAR_VP = 0.5
YEAR_VP = 1.3  # opportunity cost of a year before retirement
YEARS_PER_TURN = 2.2
ICON_MAJORITY_VP = 0.35  # each icon's share in the resource-majority race
ABILITY_PER_TURN = {"choose": 1.0, "per_gained": 0.9, "per_colour_played": 0.9,
                    "convert": 0.2, "extra_cards": 1.1, "per_icon_card": 0.6}


def random_rollout(state: MyStoryState, seat: int, rng: random.Random) -> Action:
    """A random legal action, preferring to play every card it may (a cheap playout policy)."""
    legal = choices(state, seat)
    if {"play_more": True} in legal:
        return {"play_more": True}
    return rng.choice(legal)


def heuristic_rollout(state: MyStoryState, seat: int, rng: random.Random) -> Action:
    """The heuristic's choice on a full state, for search playouts: the same valuations as
    :class:`HeuristicAgent`, read from the (imagined) state instead of a view."""
    legal = choices(state, seat)
    if len(legal) == 1:
        return legal[0]
    return _decide(_Context.of_state(state, seat), legal)


class HeuristicAgent:
    """Plays a sensible plan from its seat's view (no hidden state, no search)."""

    def __init__(self, game: Any, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Legal) -> Action:
        choices = legal.choices or []
        if len(choices) == 1:
            return choices[0]
        cards = played_card_set(view["card_set"])
        return _decide(_Context.of_view(cards, view, self.seat), choices)


def heuristic_order(state: MyStoryState, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` best first by the heuristic's valuations on a full state (search widens
    in this order)."""
    if len(actions) < 2:
        return actions
    values = _values(_Context.of_state(state, seat), actions)
    ranked = sorted(range(len(actions)), key=lambda i: -values[i])
    return [actions[i] for i in ranked]


def _decide(ctx: _Context, choices: list[Action]) -> Action:
    """The heuristic's choice among two or more legal actions: the first of the best."""
    values = _values(ctx, choices)
    return choices[values.index(max(values))]


def _values(ctx: _Context, choices: list[Action]) -> list[float]:
    """What the heuristic makes of each of the legal actions (all of one kind)."""
    first = choices[0]
    if "occupation" in first:
        return [ctx.occupation_value(ctx.card[a["occupation"]]) for a in choices]
    if "play_more" in first:
        return [1.0 if a["play_more"] else 0.0 for a in choices]
    if "colour" in first:
        return [ctx.colour_share[a["colour"]] for a in choices]
    if "gain" in first:
        return [ctx.best_after(add_costs(ctx.pool, {a["gain"]: 1})) + 0.01 * (a["gain"] == "money")
                for a in choices]
    if "convert" in first:
        # The step's own conversion: with two (Banker's Money, a Fixer-Upper's Houses) the
        # second step converts another resource than the first.
        eff = [e for c in ctx.ability_sources() for e in ctx.card[c].ability
               if e["kind"] == "convert"][ctx.converted]

        def converted(k: int) -> dict[str, int]:
            pool = dict(ctx.pool)
            pool[eff["resource"]] = pool.get(eff["resource"], 0) - k * eff["count"]
            pool[eff["to"]] = pool.get(eff["to"], 0) + k
            return pool

        return [ctx.best_after(converted(a["convert"])) - 0.01 * a["convert"] for a in choices]
    return [ctx.option_value(a) for a in choices]


class _Context:
    """What the bot knows this decision, and its valuations."""

    def __init__(self, cards: CardSet, seat: int, *, age: int, occupation: str | None,
                 cv: list[str], deck: list[str], pool: dict[str, int], played: list[str],
                 tracks: tuple[list[str], list[str]],
                 table: Callable[[], MyStoryState], converted: int = 0) -> None:
        self.cards, self.card, self.seat = cards, cards.cards, seat
        self.age, self.occupation, self.cv = age, occupation, cv
        self.pool, self.played, self.deck = pool, played, deck
        self.converted = converted  # conversions this turn's Planning already resolved
        self.life_track, self.work_track = tracks
        self.turns_left: float = max(0.5, (RETIREMENT_AGE - self.age) / YEARS_PER_TURN)
        size = max(1, len(self.deck))
        self.colour_share: dict[str, float] = {
            c: sum(1 for d in self.deck if c in self.card[d].colours) / size for c in COLOURS}
        self.make_table = table
        self.table: MyStoryState | None = None
        self.cache: dict[str, float] = {}
        self.grow_cache: dict[tuple[tuple[tuple[str, int], ...], int], float] = {}
        self.plays_per_card: float = self.turns_left * cards.hand_size / size

    @classmethod
    def of_view(cls, cards: CardSet, view: View, seat: int) -> _Context:
        """From the seat's view (the table's hidden part imagined only if an Achievement
        needs the others' holdings)."""
        me = view["seats"][seat]
        turn = view["turn"] or {}
        played: list[str] = list(turn.get("played", []))
        return cls(cards, seat, age=me["age"], occupation=me["occupation"], cv=list(me["cv"]),
                   deck=list(view["private"].get("draw", [])) + list(me["discard"]) + played,
                   pool=dict(turn.get("pool", {})), played=played,
                   tracks=(list(view["life_track"]), list(view["work_track"])),
                   table=lambda: determinize(view, seat, random.Random(0), cards),
                   converted=int(turn.get("converted", 0)))

    @classmethod
    def of_state(cls, state: MyStoryState, seat: int) -> _Context:
        """From a full state, for playouts on an imagined one."""
        me, turn = state.seats[seat], state.turn
        mine = turn if turn is not None and turn.seat == seat else None
        played = list(mine.played) if mine else []
        return cls(state.card_set, seat, age=me.age, occupation=me.occupation, cv=me.cv,
                   deck=me.draw + me.discard + played, pool=dict(mine.pool) if mine else {},
                   played=played, tracks=(state.life_track, state.work_track),
                   table=lambda: state, converted=mine.converted if mine else 0)

    # -- card values -----------------------------------------------------------------------
    def icon_value(self, icons: Mapping[str, int]) -> float:
        return sum(n * (STAR_VP if r == STAR else RESOURCE_VP) for r, n in icons.items())

    def match_chance(self, colours: tuple[str, ...]) -> float:
        if not colours:
            return 1.0
        miss = 1.0
        for c in colours:
            miss *= (1 - self.colour_share[c]) ** self.cards.hand_size
        return 1 - miss

    def ability_value(self, card: Card) -> float:
        total = 0.0
        for e in card.ability:
            if e["kind"] == "bonus_card":
                total += RESOURCE_VP * self.turns_left * 0.6 + ICON_MAJORITY_VP
            elif e["kind"] == "extra_cards":
                total += ABILITY_PER_TURN["extra_cards"] * e["count"] * self.turns_left
            else:
                total += ABILITY_PER_TURN[e["kind"]] * RESOURCE_VP * self.turns_left * 1.5
        return total

    def deck_value(self, card: Card) -> float:
        """A card joining the deck: its icons each time it is played, its VP, its majority icons."""
        if card.id not in self.cache:
            self.cache[card.id] = self._deck_value(card)
        return self.cache[card.id]

    def _deck_value(self, card: Card) -> float:
        plays = self.plays_per_card * 0.8
        icons = sum(n for r, n in card.play.items() if r in RESOURCES)
        value = plays * self.icon_value(card.play) + card.vp + icons * ICON_MAJORITY_VP
        if card.kind == "project":
            value += 0.45 * (card.vp + self.cv_value(card))
        if card.kind == "occupation":
            value += 0.25 * self.switch_gain(card)
        return value

    def cv_value(self, card: Card) -> float:
        bonus = self.icon_value(card.bonus) * self.turns_left * self.match_chance(card.colours)
        icons = sum(n for r, n in card.bonus.items() if r in RESOURCES) * ICON_MAJORITY_VP
        return bonus + icons + (self.ability_value(card) if card.kind == "project" else 0.0)

    def switch_gain(self, card: Card) -> float:
        current = self.occupation
        old = self.ability_value(self.card[current]) if current else 0.0
        bonus = self.cv_value(card)
        return bonus + self.ability_value(card) - old

    def grow_value(self, card: Card) -> float:
        if card.kind == "project":
            return card.vp + self.cv_value(card) + 0.5  # one more CV card (tiebreak, Builder)
        return self.switch_gain(card) + 0.3

    def occupation_value(self, card: Card) -> float:
        return self.cv_value(card) + self.ability_value(card) + self.icon_value(card.play) * 2

    def achievement_value(self, aid: str) -> float:
        if aid not in self.cache:
            self.cache[aid] = self._achievement_value(aid)
        return self.cache[aid]

    def _achievement_value(self, aid: str) -> float:
        ach = self.cards.achievements[aid]
        now = achievement_points(self.cards, self._table().seats, self.seat, ach)
        rule = next(iter(ach.score))
        # Points now, and some hope of climbing a tier with the turns left.
        hope = 1.5 if rule == "tiers" and self.turns_left > 2 else 0.5
        return now + hope

    def _table(self) -> MyStoryState:
        """The table as a state, enough for this seat's scoring measures (its own cards known)."""
        if self.table is None:
            self.table = self.make_table()
        return self.table

    # -- costs -----------------------------------------------------------------------------
    def time_cost(self, years: int) -> float:
        if years <= 0:
            return 0.0
        end = self.age + years
        before = max(0, min(end, RETIREMENT_AGE) - self.age)
        penalty = retirement_penalty(self.age) - retirement_penalty(end)
        return before * YEAR_VP + penalty + (years - before) * 0.2

    def payment_cost(self, pool: Mapping[str, int], req: Mapping[str, int], stars: int) -> float:
        return self.time_cost(payment_years(pool, req, stars)) + stars * 0.25

    def after(self, pool: Mapping[str, int], req: Mapping[str, int], stars: int) -> dict[str, int]:
        out = dict(pool)
        for r, n in req.items():
            if r != YEARS:
                out[r] = out.get(r, 0) - min(n, out.get(r, 0))
        out[STAR] = out.get(STAR, 0) - stars
        return out

    # -- options ---------------------------------------------------------------------------
    def best_grow(self, pool: Mapping[str, int], age_after: int) -> float:
        key = (tuple(sorted(pool.items())), age_after)
        if key not in self.grow_cache:
            self.grow_cache[key] = self._best_grow(pool, age_after)
        return self.grow_cache[key]

    def _best_grow(self, pool: Mapping[str, int], age_after: int) -> float:
        best = 0.0
        for cid in self.played:
            card = self.card[cid]
            if card.kind not in ("project", "occupation"):
                continue
            req = grow_cost(card)
            short = shortfall(pool, req)
            stars = min(pool.get(STAR, 0), short)
            years = payment_years(pool, req, stars)
            if short - stars > self.cards.max_time or age_after + years > LAST_AGE:
                continue
            saved_age, self.age = self.age, age_after
            value = self.grow_value(card) - self.payment_cost(pool, req, stars)
            self.age = saved_age
            best = max(best, value)
        return best

    def best_after(self, pool: Mapping[str, int]) -> float:
        """The best explore (plus follow-up growth) the pool allows, roughly."""
        best = self.best_grow(pool, self.age)
        for i, cid in enumerate(self.life_track):
            req = add_costs(self.card[cid].requirement, self.cards.life_slots[i])
            best = max(best, self.explore_value(self.card[cid], req, pool))
        for i, cid in enumerate(self.work_track):
            best = max(best, self.explore_value(self.card[cid], self.cards.work_slots[i], pool))
        return best

    def explore_value(self, card: Card, req: Mapping[str, int], pool: Mapping[str, int]) -> float:
        stars = min(pool.get(STAR, 0), shortfall(pool, req))
        if shortfall(pool, req) - stars > self.cards.max_time:
            return -99.0
        return self.deck_value(card) - self.payment_cost(pool, req, stars)

    def option_value(self, action: Action) -> float:
        pool = self.pool
        if "end" in action:
            return 0.0
        if "rest" in action:
            return -1.0
        stars = action.get("stars", 0)
        if "grow" in action:
            card = self.card[action["grow"]]
            req = grow_cost(card)
            return self.grow_value(card) - self.payment_cost(pool, req, stars)
        if "take" in action:
            track = self.life_track if action["take"] == "life" else self.work_track
            card = self.card[track[action["slot"]]]
            slots = self.cards.life_slots if action["take"] == "life" else self.cards.work_slots
            req = add_costs(card.requirement if action["take"] == "life" else {},
                            slots[action["slot"]])
            gain = self.deck_value(card)
        else:
            req = dict(self.cards.reunions[action["reunion"]].requirement)
            gain = self.achievement_value(action["achievement"])
        years = payment_years(pool, req, stars)
        follow = self.best_grow(self.after(pool, req, stars), self.age + years)
        return gain - self.payment_cost(pool, req, stars) + follow

    def ability_sources(self) -> list[str]:
        sources = [self.occupation] if self.occupation else []
        return sources + [c for c in self.cv if self.card[c].kind == "project"]
