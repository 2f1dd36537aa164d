"""A turn from start to end: Planning, Exploring, Self-Growing, Refreshing.

The rules' ``advance`` hands each validated action of the turn to :func:`play`.
"""

from __future__ import annotations

from parlour.engine import Action

from .abilities import effects, hand_size, planned_gain, smile_credits
from .actions import kind, only_end_left
from .payments import age_marker, grow_cost, pay, take_cost
from .state import LAST_AGE, RETIREMENT_AGE, MyStoryState, Turn
from .tracks import open_reunions, refill


def play(state: MyStoryState, turn: Turn, action: Action) -> None:
    """Carry out a legal action of the active player's turn."""
    key = kind(action)
    if key == "play_more":
        if action["play_more"]:
            turn.extra += 1
            draw_into_play(state, turn, 1)
            after_draws(state, turn)
        else:
            finish_planning(state, turn)
    elif key == "gain":
        turn.chosen.append(action["gain"])
        turn.pool[action["gain"]] = turn.pool.get(action["gain"], 0) + 1
        next_planning_step(state, turn)
    elif key == "convert":
        effect = effects(state, turn.seat, "convert")[turn.converted]
        k = action["convert"]
        turn.pool[effect["resource"]] -= k * effect["count"]
        turn.pool[effect["to"]] = turn.pool.get(effect["to"], 0) + k
        turn.converted += 1
        next_planning_step(state, turn)
    elif key == "colour":
        cid = turn.colour_for.pop(0)
        state.seats[turn.seat].colours[cid] = action["colour"]
        state.note(turn.seat, "colour", card=cid, colour=action["colour"])
        if not turn.colour_for:
            turn.step = "act"
            maybe_auto_end(state, turn)
    elif key == "take":
        take(state, turn, action["take"], action["slot"], action["stars"])
    elif key == "reunion":
        attend(state, turn, action["reunion"], action["achievement"], action["stars"])
    elif key == "grow":
        grow(state, turn, action["grow"], action["stars"])
    elif key == "end":
        end_turn(state)
    elif key == "rest":
        age_marker(state, turn.seat, 1 if state.seats[turn.seat].age < LAST_AGE else 0)
        state.note(turn.seat, "rest")
        end_turn(state)


# -- I. Planning -------------------------------------------------------------------------
def start_turn(state: MyStoryState, seat: int) -> None:
    turn = Turn(seat=seat)
    state.turn = turn
    draw_into_play(state, turn, hand_size(state, seat))
    after_draws(state, turn)


def draw_into_play(state: MyStoryState, turn: Turn, n: int) -> None:
    """Play the top ``n`` cards; an empty draw pile is made again from the discard pile."""
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


def after_draws(state: MyStoryState, turn: Turn) -> None:
    me = state.seats[turn.seat]
    if smile_credits(state, turn) > 0 and (me.draw or me.discard):
        turn.step = "more"
        return
    finish_planning(state, turn)


def finish_planning(state: MyStoryState, turn: Turn) -> None:
    turn.pool = planned_gain(state, turn.seat, turn.played)
    next_planning_step(state, turn)


def next_planning_step(state: MyStoryState, turn: Turn) -> None:
    """Ask the next ability with a choice (Money/House, then conversions), else go on to act."""
    if len(turn.chosen) < len(effects(state, turn.seat, "choose")):
        turn.step = "choose"
        return
    converts = effects(state, turn.seat, "convert")
    while turn.converted < len(converts):
        e = converts[turn.converted]
        if turn.pool.get(e["resource"], 0) >= e["count"]:
            turn.step = "convert"
            return
        turn.converted += 1
    turn.step = "act"


# -- II. Exploring, III. Self-Growing ----------------------------------------------------
def take(state: MyStoryState, turn: Turn, where: str, slot: int, stars: int) -> None:
    track = state.life_track if where == "life" else state.work_track
    cid = track[slot]
    years = pay(state, turn, take_cost(state, where, slot), stars)
    del track[slot]
    state.seats[turn.seat].discard.append(cid)
    turn.explored = True
    state.note(turn.seat, "take", card=cid, slot=slot, track=where, years=years, stars=stars)
    maybe_auto_end(state, turn)


def attend(state: MyStoryState, turn: Turn, rid: str, aid: str, stars: int) -> None:
    years = pay(state, turn, state.card_set.reunions[rid].requirement, stars)
    state.achievements.remove(aid)
    state.seats[turn.seat].achievements.append(aid)
    turn.explored = True
    state.note(turn.seat, "reunion", reunion=rid, achievement=aid, years=years, stars=stars)
    maybe_auto_end(state, turn)


def grow(state: MyStoryState, turn: Turn, cid: str, stars: int) -> None:
    card = state.card(cid)
    years = pay(state, turn, grow_cost(card), stars)
    me = state.seats[turn.seat]
    turn.played.remove(cid)
    me.cv.append(cid)
    if card.kind == "occupation":
        me.occupation = cid
    turn.grown = True
    state.note(turn.seat, "grow", card=cid, years=years, stars=stars)
    for e in card.ability:
        if e["kind"] != "bonus_card":
            continue
        bonus = next((b for b in state.bonus_supply if state.card(b).resource == e["resource"]),
                     None)
        if bonus is not None:  # each Bonus Resource card exists once
            state.bonus_supply.remove(bonus)
            me.cv.append(bonus)
            turn.colour_for.append(bonus)
    if turn.colour_for:
        turn.step = "colour"
        return
    maybe_auto_end(state, turn)


def maybe_auto_end(state: MyStoryState, turn: Turn) -> None:
    """End the turn when ending it is the only thing left to do."""
    if only_end_left(state, turn):
        end_turn(state)


# -- IV. Refreshing ------------------------------------------------------------------------
def end_turn(state: MyStoryState) -> None:
    turn = state.turn
    assert turn is not None
    me = state.seats[turn.seat]
    for cid in turn.played:
        leaves = state.card(cid).leaves_at
        if leaves is not None and me.age >= leaves:
            me.gone.append(cid)  # Young Heart: "you are not that young anymore"
            state.note(turn.seat, "young_heart", card=cid)
        else:
            me.discard.append(cid)
    state.turn = None
    refill(state)
    open_reunions(state)
    if me.age >= RETIREMENT_AGE:
        me.retired = True
        state.note(turn.seat, "retire", age=me.age)
    state.turns += 1
    nxt = next_seat(state)
    if nxt is None:
        state.phase = "over"
        return
    start_turn(state, nxt)


def next_seat(state: MyStoryState) -> int | None:
    """The first round clockwise, then the youngest marker (the latest arrival on a space
    goes last); ``None`` once everyone has retired."""
    while state.first_round:
        s = state.first_round.pop(0)
        if not state.seats[s].retired:
            return s
    active = [s for s, p in enumerate(state.seats) if not p.retired]
    if not active:
        return None
    return min(active, key=lambda s: (state.seats[s].age, state.seats[s].stamp))
