"""What a seat may see: everything on the table, its own draw pile's contents, never an order."""

from __future__ import annotations

from typing import Any, TypedDict

from .actions import to_act
from .prices import Price, prices, so_far, take_costs
from .scoring import achievement_points, measure
from .state import LAST_AGE, RETIREMENT_AGE, TRACK_START, MyStoryState, Phase, SeatState


class SeatView(TypedDict):
    """One player's board, as everyone sees it."""

    age: int
    stamp: int  # arrival order on the age space: lower = nearer to 20
    retired: bool
    occupation: str | None
    cv: list[str]
    colours: dict[str, str]  # Bonus Resource card -> the colour its owner chose
    achievements: list[str]
    discard: list[str]  # open, top card last
    draw_count: int
    draw_known: list[str]  # the draw pile's publicly known cards, sorted
    unseen_in_draw: int  # 1 while the starting occupation shuffled in has not been played
    gone: list[str]  # Young Hearts that left the game
    chosen: bool  # has kept a starting occupation


class Progress(TypedDict):
    """Where an Achievement stands for the viewer: what it measures, what it scores now."""

    count: int
    points: int


class PrivateView(TypedDict, total=False):
    """Only the viewer's own: its draw pile's contents (never their order), its deal, and
    its progress towards the Achievements on the board and those it holds."""

    draw: list[str]
    dealt: list[str]
    pick: str | None
    secret: str | None
    progress: dict[str, Progress]
    prices: list[Price]  # on its turn: what each choice that costs something pays (gets)


class MyStoryView(TypedDict):
    game: str
    card_set: str  # the key of the card set played (``cards.played_card_set``)
    seat: int | None
    players: int
    phase: Phase
    to_act: list[int]
    turn: dict[str, Any] | None  # the active turn, all public (``Turn.to_json``)
    so_far: dict[str, int]  # what the cards played this turn give before the Planning
    ages: dict[str, int]  # the age track: its first space, retirement, its last space
    turns: int
    life_track: list[str]  # left to right
    work_track: list[str]
    take_costs: dict[str, list[dict[str, int]]]  # per track, each slot's cost to take
    life_deck_count: int
    work_deck_count: int
    stage: int  # 0 before the Reunions open, then 30, then 40
    reunions: list[str]
    achievements: list[str]  # on the board
    achievement_deck_count: int
    bonus_supply: list[str]
    removed: list[str]  # face-up cards out of the game
    first_round: list[int]
    next_stamp: int
    marker_order: list[int]  # youngest first: who plays next
    seats: list[SeatView]
    private: PrivateView
    log: list[dict[str, Any]]  # recent public events
    over: bool


def _public_draw(p: SeatState) -> list[str]:
    """The cards everyone knows are in a draw pile (all but an unseen starting occupation)."""
    return sorted(c for c in p.draw if c != p.secret)


def _holdings(state: MyStoryState, s: int, seen_by: int) -> SeatState:
    """A seat's cards as ``seen_by`` knows them, the cards it is playing counted in its deck
    (they go to its discard pile, but a Young Heart it has outgrown leaves the game): its
    own all, another's without an unseen card."""
    p = state.seats[s]
    draw = list(p.draw) if s == seen_by else _public_draw(p)
    if state.turn is not None and state.turn.seat == s:
        draw += [c for c in state.turn.played
                 if (leaves := state.card(c).leaves_at) is None or p.age < leaves]
    return SeatState(draw=draw, discard=list(p.discard), cv=list(p.cv), colours=dict(p.colours))


def progress(state: MyStoryState, seat: int) -> dict[str, Progress]:
    """What each Achievement on the board, and each one the seat holds, measures and would
    score if the game ended now (against what the seat can see of the others)."""
    cards = state.card_set
    shown = [*state.achievements, *state.seats[seat].achievements]
    if not shown:
        return {}
    seats = [_holdings(state, s, seat) for s in range(state.players)]
    out: dict[str, Progress] = {}
    for aid in shown:
        ach = cards.achievements[aid]
        count = measure(cards, seats[seat], ach.measure)
        out[aid] = {"count": count, "points": achievement_points(cards, seats, seat, ach, count)}
    return out


def _seat(state: MyStoryState, s: int) -> SeatView:
    p = state.seats[s]
    choosing = state.phase == "choose"
    return {
        "age": p.age,
        "stamp": p.stamp,
        "retired": p.retired,
        "occupation": p.occupation,
        "cv": list(p.cv),
        "colours": dict(p.colours),
        "achievements": list(p.achievements),
        "discard": list(p.discard),
        "draw_count": len(p.draw),
        "draw_known": _public_draw(p),
        "unseen_in_draw": 1 if p.secret is not None else 0,
        "gone": list(p.gone),
        "chosen": p.pick is not None if choosing else True,
    }


AGES = {"track_start": TRACK_START, "retire": RETIREMENT_AGE, "last": LAST_AGE}


def view(state: MyStoryState, seat: int | None) -> MyStoryView:
    """Exactly what ``seat`` (or a spectator, ``None``) may know."""
    private: PrivateView = {}
    if seat is not None:
        me = state.seats[seat]
        private = {
            "draw": sorted(me.draw),
            "dealt": list(me.dealt),
            "pick": me.pick,
            "secret": me.secret,
            "progress": progress(state, seat) if state.phase != "choose" else {},
            "prices": prices(state, seat),
        }
    order = sorted(range(state.players), key=lambda s: (state.seats[s].age, state.seats[s].stamp))
    return {
        "game": "my-story",
        "card_set": state.card_set.key,
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "to_act": sorted(to_act(state)),
        "turn": state.turn.to_json() if state.turn else None,
        "so_far": so_far(state),
        "ages": AGES,
        "turns": state.turns,
        "life_track": list(state.life_track),
        "work_track": list(state.work_track),
        "take_costs": take_costs(state),
        "life_deck_count": len(state.life_deck),
        "work_deck_count": len(state.work_deck),
        "stage": state.stage,
        "reunions": list(state.reunions),
        "achievements": list(state.achievements),
        "achievement_deck_count": len(state.achievement_deck),
        "bonus_supply": list(state.bonus_supply),
        "removed": list(state.removed),
        "first_round": list(state.first_round),
        "next_stamp": state.next_stamp,
        "marker_order": order,
        "seats": [_seat(state, s) for s in range(state.players)],
        "private": private,
        "log": [dict(e) for e in state.log],
        "over": state.phase == "over",
    }
