"""What a seat may do: the action shapes, the legal actions, and why one is refused.

A turn is split into small decisions, each an enumerated list of actions (shapes in
``docs/games/my-story.md``).
"""

from __future__ import annotations

import json

from parlour.engine import Action, MalformedAction

from .abilities import effects
from .cards import COLOURS, Cost
from .payments import grow_cost, star_options, take_cost
from .state import LAST_AGE, MyStoryState, Turn
from .tracks import TRACKS

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


GROWS = ("project", "occupation")
"""The kinds of card a player can put into their CV from play (Self-Growing)."""


def to_act(state: MyStoryState) -> frozenset[int]:
    """Everyone still choosing an occupation; then the seat whose turn it is."""
    if state.phase == "choose":
        return frozenset(s for s, p in enumerate(state.seats) if p.pick is None)
    if state.phase == "turn" and state.turn is not None:
        return frozenset((state.turn.seat,))
    return frozenset()


def kind(action: Action) -> str:
    """The action's kind: its first key, or the one that names what it pays for."""
    for key in ("take", "reunion", "grow"):
        if key in action:
            return key
    return next(iter(action), "")


def check_shape(action: Action) -> None:
    """Raise ``MalformedAction`` unless the action has one of the known shapes."""
    key = kind(action)
    shape = SHAPES.get(key)
    if shape is None or action.keys() != shape.keys():
        known = "; ".join("{" + ", ".join(f'"{k}": {t.__name__}' for k, t in s.items()) + "}"
                          for s in SHAPES.values())
        raise MalformedAction(f"unknown action {sorted(action)}; actions look like: {known}")
    for k, t in shape.items():
        value = action[k]
        wrong = (isinstance(value, bool) and t is not bool) or not isinstance(value, t)
        if wrong:
            raise MalformedAction(f"{k!r} must be a {t.__name__} (got {value!r})")


def choices(state: MyStoryState, seat: int) -> list[Action]:
    """Every legal action of a seat that may act now."""
    if state.phase == "choose":
        return [{"occupation": c} for c in state.seats[seat].dealt]
    turn = state.turn
    assert turn is not None
    if turn.step == "more":
        return [{"play_more": True}, {"play_more": False}]
    if turn.step == "choose":
        effect = effects(state, seat, "choose")[len(turn.chosen)]
        return [{"gain": r} for r in effect["resources"]]
    if turn.step == "convert":
        effect = effects(state, seat, "convert")[turn.converted]
        most = turn.pool.get(effect["resource"], 0) // effect["count"]
        return [{"convert": k} for k in range(most + 1)]
    if turn.step == "colour":
        return [{"colour": c} for c in COLOURS]
    return _explore_or_grow(state, turn)


def _explore_or_grow(state: MyStoryState, turn: Turn) -> list[Action]:
    age, max_time = state.seats[turn.seat].age, state.card_set.max_time
    pool = turn.pool
    out: list[Action] = []
    if not turn.explored and not turn.grown:
        for where, track in (("life", state.life_track), ("work", state.work_track)):
            for i in range(len(track)):
                for stars in star_options(pool, take_cost(state, where, i), age, max_time):
                    out.append({"take": where, "slot": i, "stars": stars})
        if state.achievements:
            for rid in state.reunions:
                req = state.card_set.reunions[rid].requirement
                for stars in star_options(pool, req, age, max_time):
                    out.extend({"reunion": rid, "achievement": a, "stars": stars}
                               for a in state.achievements)
    if not turn.grown:
        for cid in turn.played:
            card = state.card(cid)
            if card.kind in GROWS:
                for stars in star_options(pool, grow_cost(card), age, max_time):
                    out.append({"grow": cid, "stars": stars})
    if turn.explored or turn.grown:
        out.append({"end": True})
    elif not out:
        out.append({"rest": True})
    return out


def allowed(state: MyStoryState, seat: int, action: Action) -> bool:
    """Whether a well-shaped action (see :func:`check_shape`) of a seat that may act is one
    of :func:`choices`, decided without listing them (every move is checked)."""
    if state.phase == "choose":
        return action.get("occupation") in state.seats[seat].dealt
    turn = state.turn
    assert turn is not None
    key, step = kind(action), turn.step
    if step == "more":
        return key == "play_more"
    if step == "choose":
        effect = effects(state, seat, "choose")[len(turn.chosen)]
        return key == "gain" and action["gain"] in effect["resources"]
    if step == "convert":
        effect = effects(state, seat, "convert")[turn.converted]
        most = turn.pool.get(effect["resource"], 0) // effect["count"]
        return key == "convert" and 0 <= action["convert"] <= most
    if step == "colour":
        return key == "colour" and action["colour"] in COLOURS
    if key == "end":
        return action["end"] is True and (turn.explored or turn.grown)
    if key == "rest":
        return action["rest"] is True and not (turn.explored or turn.grown) \
            and not _can_explore(state, turn) and not _can_grow(state, turn)
    req = requirement(state, turn, action, key)
    if req is None:
        return False
    age = state.seats[turn.seat].age
    return action["stars"] in star_options(turn.pool, req, age, state.card_set.max_time)


def requirement(state: MyStoryState, turn: Turn, action: Action, key: str) -> Cost | None:
    """What an explore or grow action would pay, or ``None`` if it cannot be done now."""
    if key == "grow":
        cid = action["grow"]
        if turn.grown or cid not in turn.played or state.card(cid).kind not in GROWS:
            return None
        return grow_cost(state.card(cid))
    if turn.explored or turn.grown:
        return None
    if key == "take":
        where, slot = action["take"], action["slot"]
        track = state.life_track if where == "life" else state.work_track
        if where not in TRACKS or not 0 <= slot < len(track):
            return None
        return take_cost(state, where, slot)
    if key == "reunion" and action["reunion"] in state.reunions \
            and action["achievement"] in state.achievements:
        return state.card_set.reunions[action["reunion"]].requirement
    return None


def _can_explore(state: MyStoryState, turn: Turn) -> bool:
    age, max_time, pool = state.seats[turn.seat].age, state.card_set.max_time, turn.pool
    for where, track in (("life", state.life_track), ("work", state.work_track)):
        if any(star_options(pool, take_cost(state, where, i), age, max_time)
               for i in range(len(track))):
            return True
    reunions = state.card_set.reunions
    return bool(state.achievements) and any(
        star_options(pool, reunions[r].requirement, age, max_time) for r in state.reunions)


def _can_grow(state: MyStoryState, turn: Turn) -> bool:
    age, max_time = state.seats[turn.seat].age, state.card_set.max_time
    return any(star_options(turn.pool, grow_cost(state.card(c)), age, max_time)
               for c in turn.played if state.card(c).kind in GROWS)


def only_end_left(state: MyStoryState, turn: Turn) -> bool:
    """Whether ending the turn is all that is left (``choices`` would be ``[{"end": True}]``)."""
    if turn.step != "act" or not (turn.explored or turn.grown):
        return False
    return turn.grown or not _can_grow(state, turn)


STEP_ASKS = {
    "more": "decide whether to play another card",
    "choose": "choose the resource your ability gives",
    "convert": "choose how many times to convert",
    "colour": "choose a colour for your Bonus Resource card",
}
PLANNING = ("play_more", "gain", "convert", "colour")


def _either(actions: list[Action]) -> str:
    return " or ".join(json.dumps(a) for a in actions)


def refusal(state: MyStoryState, seat: int, action: Action) -> str:
    """Why an action of the right shape is not allowed (nothing secret in it): what the
    turn is at and what it expects. Slots are numbered 1–5, as every screen shows them."""
    key = kind(action)
    if state.phase == "choose":
        dealt = _either([{"occupation": c} for c in state.seats[seat].dealt])
        return f"first keep one of the two occupations you were dealt: {dealt}"
    turn = state.turn
    assert turn is not None
    if key == "occupation":
        return "the starting occupations were chosen at the start of the game"
    if turn.step != "act":
        return _planning_refusal(state, turn, action)
    if key in PLANNING:
        return f"not now: Planning is over and your turn is at {_act_step(turn)}"
    if key in ("take", "reunion") and (turn.explored or turn.grown):
        return "you have already explored or grown this turn"
    if key == "grow" and turn.grown:
        return "you have already completed a project or switched occupation this turn"
    if key == "grow" and action["grow"] not in turn.played:
        return "you can only complete a Project or switch to an Occupation you played this turn"
    if key == "take":
        return _take_refusal(state, action)
    if key == "reunion":
        if action["reunion"] not in state.reunions:
            return "that Reunion is not open"
        if action["achievement"] not in state.achievements:
            return "that Achievement is not on the board"
    if key == "end":
        return "you must explore or grow before ending your turn"
    if key == "rest":
        return "you can only rest when you can neither explore nor grow"
    return f"you cannot pay for that with {_stars(action['stars'])}: {_payment_rule(state)}"


def _planning_refusal(state: MyStoryState, turn: Turn, action: Action) -> str:
    asked = STEP_ASKS[turn.step]
    key = kind(action)
    if key == "gain" and turn.step == "choose":
        options = effects(state, turn.seat, "choose")[len(turn.chosen)]["resources"]
        return f"your ability gives {_either(options)}, not {json.dumps(action['gain'])}"
    if key == "convert" and turn.step == "convert":
        most = len(choices(state, turn.seat)) - 1
        return f"you can convert 0 to {most} times now (not {action['convert']})"
    if key == "colour" and turn.step == "colour":
        return f"the colour is one of {', '.join(COLOURS)} (not {json.dumps(action['colour'])})"
    return f"not now: first {asked}: {_either(choices(state, turn.seat))}"


def _act_step(turn: Turn) -> str:
    if turn.grown:
        return "its end: end the turn"
    if turn.explored:
        return ("Self-Growing: complete a Project or switch to an Occupation you played this "
                "turn, or end the turn")
    return ("Exploring and Self-Growing: take a card from a track, attend a Reunion (once "
            "they are open), complete a Project or switch to an Occupation you played this turn")


def _take_refusal(state: MyStoryState, action: Action) -> str:
    where = action["take"]
    track = {"life": state.life_track, "work": state.work_track}.get(where)
    if track is None:
        return "'take' is \"life\" (Life Story track) or \"work\" (Occupation & Project track)"
    name, slot = TRACKS[where], action["slot"]
    if not 0 <= slot < len(track):
        held = f"slots 1–{len(track)} from the left" if track else "it is empty"
        return (f"there is no card in slot {slot + 1} of the {name} track ({held}; "
                "an action's \"slot\" counts from 0)")
    return (f"you cannot pay for slot {slot + 1} of the {name} track with "
            f"{_stars(action['stars'])}: {_payment_rule(state)}")


def _stars(n: int) -> str:
    return f"{n} Star" if n == 1 else f"{n} Stars"


def _payment_rule(state: MyStoryState) -> str:
    return ("a payment may use at most the Stars you have and at most "
            f"{state.card_set.max_time} years for missing resources, and no one ages past "
            f"{LAST_AGE}")
