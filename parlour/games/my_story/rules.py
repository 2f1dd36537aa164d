"""My Story: the rules.

A deck-builder on an age track: each turn the player closest to age 20 plays
the top cards of their deck for resources, then takes a card from a track,
attends a Reunion, completes a Project or switches Occupation, paying with
resources and, when short, with years of their life. At 50 a player retires;
when all have retired the most gratifying life (the most VP) wins.

A turn is split into small decisions, each an enumerable list of actions
(shapes in ``docs/games/my-story.md``).

>>> game = MyStory()
>>> state = game.setup(3, seed=1)
>>> sorted(game.to_act(state))
[0, 1, 2]
>>> len(game.legal(state, 0).choices or [])
2
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.engine import (
    Action,
    Game,
    IllegalAction,
    Legal,
    MalformedAction,
    Result,
    View,
)

from .cards import COLOURS, STAR, YEARS, Card, CardSet, Cost, default_card_set
from .state import MyStoryState, SeatState, Turn

START_AGE = 22
RETIREMENT_AGE = 50
LAST_AGE = 54
REUNION_AGES = (30, 40)
TRACK_SLOTS = 5
REUNIONS_SHOWN = 2
ACHIEVEMENTS_SHOWN = 6
# Daydreaming and Lottery Ticket cards in play, by player count.
SPECIALS = {2: 2, 3: 1, 4: 0}
LOG_KEEP = 20


# -- payments ----------------------------------------------------------------------------
def add_costs(*costs: Cost) -> dict[str, int]:
    out: dict[str, int] = {}
    for cost in costs:
        for key, n in cost.items():
            out[key] = out.get(key, 0) + n
    return out


def shortfall(pool: Mapping[str, int], req: Cost) -> int:
    """Resources the requirement asks for that the pool lacks (Stars not yet used)."""
    return sum(max(0, n - pool.get(r, 0)) for r, n in req.items() if r != YEARS)


def star_options(pool: Mapping[str, int], req: Cost, age: int, max_time: int) -> list[int]:
    """Each way to pay ``req``, as the number of Stars used; the rest of the gap is time.

    A player's own resources are always used first (a Star can stand for any
    resource, so keeping a Star is never worse than keeping the resource); the
    remaining gap is covered by Stars and by years, at most ``max_time`` years
    per payment, and never past age 54.
    """
    short = shortfall(pool, req)
    lo = max(0, short - max_time)
    hi = min(pool.get(STAR, 0), short)
    fixed = req.get(YEARS, 0)
    return [s for s in range(lo, hi + 1) if age + fixed + short - s <= LAST_AGE]


def payment_years(pool: Mapping[str, int], req: Cost, stars: int) -> int:
    return req.get(YEARS, 0) + shortfall(pool, req) - stars


# -- the game ----------------------------------------------------------------------------
class MyStory(Game[MyStoryState]):
    """The rules of My Story, on the engine contract, for any valid card set."""

    id = "my-story"
    title = "My Story"
    min_players = 2
    max_players = 4
    default_bot = "heuristic"

    def __init__(self, cards: CardSet | None = None) -> None:
        self.cs = cards or default_card_set()
        self.card = self.cs.cards

    # -- set-up --------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> MyStoryState:
        cs, rng = self.cs, random.Random(seed)
        order = list(range(players))
        rng.shuffle(order)  # age markers stacked on 22 in random order
        seats = [SeatState(age=START_AGE) for _ in range(players)]
        for rank, s in enumerate(order):
            seats[s].stamp = rank
        firsts = [c.id for c in cs.starting_occupations()]
        rng.shuffle(firsts)
        for s in range(players):
            seats[s].dealt = sorted(firsts[2 * s: 2 * s + 2])
        # Ruling: undealt switching-year-1 occupations join the Occupation & Project deck.
        work = firsts[2 * players:] + [c.id for c in cs.of_kind("occupation")
                                       if c.switching_year != 1]
        work += [c.id for c in cs.of_kind("project")]
        rng.shuffle(work)
        life = [c.id for c in cs.of_kind("life_story")]
        rng.shuffle(life)
        state = MyStoryState(seed=seed, rng=rng, seats=seats, life_deck=life, work_deck=work)
        state.first_round = [(order[0] + i) % players for i in range(players)]
        state.next_stamp = players
        _refill(self, state)
        n = SPECIALS[players]
        for deck, kind in ((state.work_deck, "daydreaming"), (state.life_deck, "lottery_ticket")):
            deck.extend(c.id for c in cs.of_kind(kind)[:n])
            rng.shuffle(deck)
        for age in REUNION_AGES:
            state.reunion_decks[age] = [r.id for r in cs.reunions_for(age)]
            rng.shuffle(state.reunion_decks[age])
        state.achievement_deck = list(cs.achievements)
        rng.shuffle(state.achievement_deck)
        state.bonus_supply = [c.id for c in cs.of_kind("bonus_resource")]
        return state

    def players(self, state: MyStoryState) -> int:
        return state.players

    def to_act(self, state: MyStoryState) -> frozenset[int]:
        if state.phase == "choose":
            return frozenset(s for s, p in enumerate(state.seats) if p.pick is None)
        if state.phase == "turn" and state.turn is not None:
            return frozenset((state.turn.seat,))
        return frozenset()

    def legal(self, state: MyStoryState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        return Legal(choices=self.choices(state, seat))

    def choices(self, state: MyStoryState, seat: int) -> list[Action]:
        """Every legal action of a seat that may act now."""
        if state.phase == "choose":
            return [{"occupation": c} for c in state.seats[seat].dealt]
        turn = state.turn
        assert turn is not None
        if turn.step == "more":
            return [{"play_more": True}, {"play_more": False}]
        if turn.step == "choose":
            effect = self.effects(state, seat, "choose")[len(turn.chosen)]
            return [{"gain": r} for r in effect["resources"]]
        if turn.step == "convert":
            effect = self.effects(state, seat, "convert")[turn.converted]
            most = turn.pool.get(effect["resource"], 0) // effect["count"]
            return [{"convert": k} for k in range(most + 1)]
        if turn.step == "colour":
            return [{"colour": c} for c in COLOURS]
        return self._act_choices(state, seat, turn)

    def _act_choices(self, state: MyStoryState, seat: int, turn: Turn) -> list[Action]:
        cs, me = self.cs, state.seats[seat]
        out: list[Action] = []

        def priced(req: Cost, base: Action) -> None:
            for stars in star_options(turn.pool, req, me.age, cs.max_time):
                out.append({**base, "stars": stars})

        if not turn.explored and not turn.grown:
            for i, cid in enumerate(state.life_track):
                req = add_costs(self.card[cid].requirement, cs.life_slots[i])
                priced(req, {"take": "life", "slot": i})
            for i, _ in enumerate(state.work_track):
                priced(cs.work_slots[i], {"take": "work", "slot": i})
            if state.achievements:
                for rid in state.reunions:
                    for stars in star_options(turn.pool, cs.reunions[rid].requirement, me.age,
                                              cs.max_time):
                        out.extend({"reunion": rid, "achievement": a, "stars": stars}
                                   for a in state.achievements)
        if not turn.grown:
            for cid in turn.played:
                card = self.card[cid]
                if card.kind in ("project", "occupation"):
                    priced(self.grow_cost(card), {"grow": cid})
        if turn.explored or turn.grown:
            out.append({"end": True})
        elif not out:
            out.append({"rest": True})
        return out

    def grow_cost(self, card: Card) -> dict[str, int]:
        """A Project's requirement; an Occupation's requirement plus its Switching Year."""
        if card.kind == "occupation":
            return add_costs(card.requirement, {YEARS: card.switching_year})
        return dict(card.requirement)

    # -- abilities ------------------------------------------------------------------------
    def effects(self, state: MyStoryState, seat: int, kind: str) -> list[Mapping[str, Any]]:
        """Active effects of a kind: the current Occupation's, then those of CV Projects."""
        me = state.seats[seat]
        sources = [me.occupation] if me.occupation else []
        sources += [c for c in me.cv if self.card[c].kind == "project"]
        return [e for c in sources for e in self.card[c].ability if e["kind"] == kind]

    def effects_from(self, sources: Iterable[str]) -> list[Mapping[str, Any]]:
        return [e for c in sources for e in self.card[c].ability]

    def colours_of(self, seat: SeatState, cid: str) -> tuple[str, ...]:
        card = self.card[cid]
        if card.kind == "bonus_resource":
            return (seat.colours[cid],) if cid in seat.colours else ()
        return card.colours

    def planned_gain(self, state: MyStoryState, seat: int, played: Iterable[str]) -> dict[str, int]:
        """Resources from played cards, CV Bonuses and automatic abilities.

        Each CV card gives its Bonus once per turn: a colourless one always, a
        coloured one when at least one played card shares one of its colours.
        Abilities count only what the cards and the CV gave (not each other).
        """
        me = state.seats[seat]
        played = list(played)
        gain: dict[str, int] = {}
        played_colours: set[str] = set()
        for cid in played:
            card = self.card[cid]
            played_colours.update(card.colours)
            for r, n in card.play.items():
                gain[r] = gain.get(r, 0) + n
        for cid in me.cv:
            colours = self.colours_of(me, cid)
            if not colours or played_colours.intersection(colours):
                for r, n in self.card[cid].bonus.items():
                    gain[r] = gain.get(r, 0) + n
        extra: dict[str, int] = {}
        for e in self.effects(state, seat, "per_gained"):
            extra[e["gain"]] = extra.get(e["gain"], 0) + gain.get(e["resource"], 0)
        for e in self.effects(state, seat, "per_colour_played"):
            n = sum(1 for cid in played if e["colour"] in self.card[cid].colours)
            extra[e["gain"]] = extra.get(e["gain"], 0) + n
        return {r: n for r, n in add_costs(gain, extra).items() if n}

    def hand_size(self, state: MyStoryState, seat: int) -> int:
        bonus = sum(e["count"] for e in self.effects(state, seat, "extra_cards"))
        return max(1, self.cs.hand_size + int(bonus))

    def smile_credits(self, state: MyStoryState, turn: Turn) -> int:
        """Extra cards the player may still play thanks to 'Smile card: +1' abilities."""
        total = 0
        for e in self.effects(state, turn.seat, "per_icon_card"):
            total += e["extra_cards"] * sum(
                1 for cid in turn.played if self.card[cid].play.get(e["resource"], 0) > 0)
        return total - turn.extra

    # -- acting ------------------------------------------------------------------------------
    def advance(self, state: MyStoryState, seat: int, action: Action) -> None:
        _check_shape(action)
        legal = self.choices(state, seat)
        if action not in legal:
            raise IllegalAction(_explain(self, state, seat, action, legal))
        key = next(iter(action)) if len(action) == 1 else _main_key(action)
        if key == "occupation":
            _choose_occupation(self, state, seat, action["occupation"])
            return
        turn = state.turn
        assert turn is not None
        if key == "play_more":
            if action["play_more"]:
                turn.extra += 1
                _draw_into_play(self, state, turn, 1)
                _after_draws(self, state, turn)
            else:
                _finish_planning(self, state, turn)
        elif key == "gain":
            turn.chosen.append(action["gain"])
            turn.pool[action["gain"]] = turn.pool.get(action["gain"], 0) + 1
            _next_planning_step(self, state, turn)
        elif key == "convert":
            effect = self.effects(state, seat, "convert")[turn.converted]
            k = action["convert"]
            turn.pool[effect["resource"]] -= k * effect["count"]
            turn.pool[effect["to"]] = turn.pool.get(effect["to"], 0) + k
            turn.converted += 1
            _next_planning_step(self, state, turn)
        elif key == "colour":
            cid = turn.colour_for.pop(0)
            state.seats[seat].colours[cid] = action["colour"]
            _log(state, seat, "colour", card=cid, colour=action["colour"])
            if not turn.colour_for:
                turn.step = "act"
                _maybe_auto_end(self, state, turn)
        elif key == "take":
            _take(self, state, turn, action["take"], action["slot"], action["stars"])
        elif key == "reunion":
            _attend(self, state, turn, action["reunion"], action["achievement"], action["stars"])
        elif key == "grow":
            _grow(self, state, turn, action["grow"], action["stars"])
        elif key == "end":
            _end_turn(self, state)
        elif key == "rest":
            _move(state, seat, 1 if state.seats[seat].age < LAST_AGE else 0)
            _log(state, seat, "rest")
            _end_turn(self, state)

    # -- seeing --------------------------------------------------------------------------------
    def view(self, state: MyStoryState, seat: int | None) -> View:
        from .views import view

        return view(self, state, seat)

    def narrate(self, before: View, after: View, names: Sequence[str]) -> list[str]:
        from .narrate import narrate

        return narrate(before, after, names, self.cs)

    def is_over(self, state: MyStoryState) -> bool:
        return state.phase == "over"

    def result(self, state: MyStoryState) -> Result | None:
        if state.phase != "over":
            return None
        from .scoring import final_result

        return final_result(self, state)

    # -- for bots -------------------------------------------------------------------------------
    def clone(self, state: MyStoryState) -> MyStoryState:
        return state.copy()

    def determinize(self, view: View, seat: int, rng: random.Random) -> MyStoryState:
        from .knowledge import determinize

        return determinize(self, view, seat, rng)

    def rollout_action(self, state: MyStoryState, seat: int, rng: random.Random) -> Action:
        from .bots import rollout_action

        return rollout_action(self, state, seat, rng)

    def bots(self) -> Mapping[str, Any]:
        from .bots import HeuristicAgent

        return {"heuristic": HeuristicAgent}


# -- action shapes -----------------------------------------------------------------------
SHAPES: dict[str, dict[str, type]] = {
    "occupation": {"occupation": str},
    "play_more": {"play_more": bool},
    "gain": {"gain": str},
    "convert": {"convert": int},
    "colour": {"colour": str},
    "take": {"take": str, "slot": int, "stars": int},
    "reunion": {"reunion": str, "achievement": str, "stars": int},
    "grow": {"grow": str, "stars": int},
    "end": {"end": bool},
    "rest": {"rest": bool},
}


def _main_key(action: Action) -> str:
    for key in ("take", "reunion", "grow"):
        if key in action:
            return key
    return ""


def _check_shape(action: Action) -> None:
    key = _main_key(action) or (next(iter(action)) if len(action) == 1 else "")
    shape = SHAPES.get(key)
    if shape is None or sorted(action) != sorted(shape):
        known = "; ".join("{" + ", ".join(f'"{k}": {t.__name__}' for k, t in s.items()) + "}"
                          for s in SHAPES.values())
        raise MalformedAction(f"unknown action {sorted(action)}; actions look like: {known}")
    for k, t in shape.items():
        value = action[k]
        wrong = (isinstance(value, bool) and t is not bool) or not isinstance(value, t)
        if wrong:
            raise MalformedAction(f"{k!r} must be a {t.__name__} (got {value!r})")


STEP_HELP = {
    "more": 'decide whether to play another card ({"play_more": true} or false)',
    "choose": 'choose the resource your ability gives ({"gain": ...})',
    "convert": 'choose how many times to convert ({"convert": n})',
    "colour": 'choose a colour for your Bonus Resource card ({"colour": ...})',
}


def _explain(game: MyStory, state: MyStoryState, seat: int, action: Action,
             legal: list[Action]) -> str:
    """Why an action of the right shape is not allowed (nothing secret in it)."""
    if state.phase == "choose":
        return "choose one of the two occupations you were dealt"
    turn = state.turn
    assert turn is not None
    if turn.step != "act":
        return f"not now: first {STEP_HELP.get(turn.step, turn.step)}"
    key = _main_key(action) or next(iter(action))
    if key in ("take", "reunion") and (turn.explored or turn.grown):
        return "you have already explored or grown this turn"
    if key == "grow" and turn.grown:
        return "you have already completed a project or switched occupation this turn"
    if key == "grow" and action["grow"] not in turn.played:
        return "you can only complete a Project or switch to an Occupation you played this turn"
    if key == "take":
        track = {"life": state.life_track, "work": state.work_track}.get(action["take"])
        if track is None:
            return "'take' is \"life\" (Life Story track) or \"work\" (Occupation & Project track)"
        if not 0 <= action["slot"] < len(track):
            return f"there is no card in slot {action['slot']} of that track"
        return (f"you cannot pay for slot {action['slot']} with {action['stars']} Star(s): a "
                "payment may use at most the Stars you have and at most "
                f"{game.cs.max_time} years, and no one ages past {LAST_AGE}")
    if key == "reunion":
        if action["reunion"] not in state.reunions:
            return "that Reunion is not open"
        if action["achievement"] not in state.achievements:
            return "that Achievement is not on the board"
    if key == "end":
        return "you must explore or grow before ending your turn"
    if key == "rest":
        return "you can only rest when you can neither explore nor grow"
    return "that payment is not possible (too few Stars, more than the years allowed)"


# -- the flow of a turn ------------------------------------------------------------------
def _log(state: MyStoryState, seat: int, event: str, **data: Any) -> None:
    state.log.append({"seat": seat, "event": event, **data})
    if len(state.log) > LOG_KEEP:
        del state.log[0]


def _choose_occupation(game: MyStory, state: MyStoryState, seat: int, cid: str) -> None:
    state.seats[seat].pick = cid
    if any(p.pick is None for p in state.seats):
        return
    for p in state.seats:
        other = next(c for c in p.dealt if c != p.pick)
        p.occupation = p.pick
        p.cv = [p.pick or ""]
        p.secret = other
        p.dealt = []
    for s, p in enumerate(state.seats):
        p.draw = [c.id for c in game.cs.starting[s]] + [p.secret or ""]
        state.rng.shuffle(p.draw)
    state.phase = "turn"
    _start_turn(game, state, state.first_round.pop(0))


def _draw_into_play(game: MyStory, state: MyStoryState, turn: Turn, n: int) -> None:
    me = state.seats[turn.seat]
    for _ in range(n):
        if not me.draw:
            if not me.discard:
                return
            me.draw, me.discard = me.discard, []
            state.rng.shuffle(me.draw)
        cid = me.draw.pop()
        if cid == me.secret:
            me.secret = None  # now seen by everyone
        turn.played.append(cid)


def _start_turn(game: MyStory, state: MyStoryState, seat: int) -> None:
    turn = Turn(seat=seat)
    state.turn = turn
    _draw_into_play(game, state, turn, game.hand_size(state, seat))
    _after_draws(game, state, turn)


def _after_draws(game: MyStory, state: MyStoryState, turn: Turn) -> None:
    me = state.seats[turn.seat]
    if game.smile_credits(state, turn) > 0 and (me.draw or me.discard):
        turn.step = "more"
        return
    _finish_planning(game, state, turn)


def _finish_planning(game: MyStory, state: MyStoryState, turn: Turn) -> None:
    turn.pool = game.planned_gain(state, turn.seat, turn.played)
    _next_planning_step(game, state, turn)


def _next_planning_step(game: MyStory, state: MyStoryState, turn: Turn) -> None:
    if len(turn.chosen) < len(game.effects(state, turn.seat, "choose")):
        turn.step = "choose"
        return
    converts = game.effects(state, turn.seat, "convert")
    while turn.converted < len(converts):
        e = converts[turn.converted]
        if turn.pool.get(e["resource"], 0) >= e["count"]:
            turn.step = "convert"
            return
        turn.converted += 1
    turn.step = "act"


def _pay(game: MyStory, state: MyStoryState, turn: Turn, req: Cost, stars: int) -> int:
    years = payment_years(turn.pool, req, stars)
    for r, n in req.items():
        if r != YEARS:
            turn.pool[r] = turn.pool.get(r, 0) - min(n, turn.pool.get(r, 0))
    if stars:
        turn.pool[STAR] -= stars
    turn.pool = {r: n for r, n in turn.pool.items() if n}
    _move(state, turn.seat, years)
    return years


def _move(state: MyStoryState, seat: int, years: int) -> None:
    """Age a marker; a newcomer on a space goes furthest from 20 among those there."""
    if years <= 0:
        return
    me = state.seats[seat]
    me.age = min(LAST_AGE, me.age + years)
    me.stamp = state.next_stamp
    state.next_stamp += 1


def _take(game: MyStory, state: MyStoryState, turn: Turn, where: str, slot: int,
          stars: int) -> None:
    track = state.life_track if where == "life" else state.work_track
    cid = track[slot]
    if where == "life":
        req = add_costs(game.card[cid].requirement, game.cs.life_slots[slot])
    else:
        req = dict(game.cs.work_slots[slot])
    years = _pay(game, state, turn, req, stars)
    del track[slot]
    state.seats[turn.seat].discard.append(cid)
    turn.explored = True
    _log(state, turn.seat, "take", card=cid, slot=slot, track=where, years=years, stars=stars)
    _maybe_auto_end(game, state, turn)


def _attend(game: MyStory, state: MyStoryState, turn: Turn, rid: str, aid: str,
            stars: int) -> None:
    years = _pay(game, state, turn, game.cs.reunions[rid].requirement, stars)
    state.achievements.remove(aid)
    state.seats[turn.seat].achievements.append(aid)
    turn.explored = True
    _log(state, turn.seat, "reunion", reunion=rid, achievement=aid, years=years, stars=stars)
    _maybe_auto_end(game, state, turn)


def _grow(game: MyStory, state: MyStoryState, turn: Turn, cid: str, stars: int) -> None:
    card = game.card[cid]
    years = _pay(game, state, turn, game.grow_cost(card), stars)
    me = state.seats[turn.seat]
    turn.played.remove(cid)
    me.cv.append(cid)
    if card.kind == "occupation":
        me.occupation = cid
    turn.grown = True
    _log(state, turn.seat, "grow", card=cid, years=years, stars=stars)
    for e in card.ability:
        if e["kind"] != "bonus_card":
            continue
        bonus = next((b for b in state.bonus_supply if game.card[b].resource == e["resource"]),
                     None)
        if bonus is not None:  # each Bonus Resource card exists once
            state.bonus_supply.remove(bonus)
            me.cv.append(bonus)
            turn.colour_for.append(bonus)
    if turn.colour_for:
        turn.step = "colour"
        return
    _maybe_auto_end(game, state, turn)


def _maybe_auto_end(game: MyStory, state: MyStoryState, turn: Turn) -> None:
    """End the turn when ending it is the only thing left to do."""
    if turn.step != "act":
        return
    if game.choices(state, turn.seat) == [{"end": True}]:
        _end_turn(game, state)


def _end_turn(game: MyStory, state: MyStoryState) -> None:
    turn = state.turn
    assert turn is not None
    me = state.seats[turn.seat]
    for cid in turn.played:
        leaves = game.card[cid].leaves_at
        if leaves is not None and me.age >= leaves:
            me.gone.append(cid)  # Young Heart: "you are not that young anymore"
            _log(state, turn.seat, "young_heart", card=cid)
        else:
            me.discard.append(cid)
    state.turn = None
    _refill(game, state)
    _open_reunions(game, state)
    if me.age >= RETIREMENT_AGE:
        me.retired = True
        _log(state, turn.seat, "retire", age=me.age)
    state.turns += 1
    nxt = _next_seat(state)
    if nxt is None:
        state.phase = "over"
        return
    _start_turn(game, state, nxt)


def _next_seat(state: MyStoryState) -> int | None:
    while state.first_round:
        s = state.first_round.pop(0)
        if not state.seats[s].retired:
            return s
    active = [s for s, p in enumerate(state.seats) if not p.retired]
    if not active:
        return None
    return min(active, key=lambda s: (state.seats[s].age, state.seats[s].stamp))


# -- the tracks and the reunions ---------------------------------------------------------
def _place(game: MyStory, track: list[str], cid: str) -> None:
    """VP cards go leftmost; others just right of the rightmost VP card."""
    if game.card[cid].has_vp:
        track.insert(0, cid)
    else:
        track.insert(sum(1 for c in track if game.card[c].has_vp), cid)


def _refill(game: MyStory, state: MyStoryState) -> None:
    pairs = ((state.life_track, state.life_deck), (state.work_track, state.work_deck))
    while any(len(t) < TRACK_SLOTS and d for t, d in pairs):
        for track, deck in pairs:
            while len(track) < TRACK_SLOTS and deck:
                cid = deck.pop()
                if game.card[cid].kind in ("daydreaming", "lottery_ticket"):
                    _daydream(state, cid)
                else:
                    _place(game, track, cid)


def _daydream(state: MyStoryState, cid: str) -> None:
    """Daydreaming / Lottery Ticket: out go it and the two rightmost cards of both tracks."""
    gone = [cid]
    for track in (state.work_track, state.life_track):
        for _ in range(2):
            if track:
                gone.append(track.pop())
    state.removed.extend(gone)
    _log(state, -1, "daydream", cards=gone)


def _open_reunions(game: MyStory, state: MyStoryState) -> None:
    for age in REUNION_AGES:
        if state.stage < age and all(p.age >= age for p in state.seats):
            state.removed.extend(state.reunions + state.achievements)
            state.reunions = state.reunion_decks[age][:REUNIONS_SHOWN]
            state.achievements = state.achievement_deck[-ACHIEVEMENTS_SHOWN:]
            del state.achievement_deck[-ACHIEVEMENTS_SHOWN:]
            state.stage = age
            _log(state, -1, "reunions", age=age)
