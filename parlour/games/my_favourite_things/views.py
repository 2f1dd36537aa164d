"""What each seat may see.

Public: who has acted, the categories once all are given (they are read out),
every hand's entries once play starts (they are read out too), each sleeve as
it is played, its rank once the trick is revealed, hearts, and finished rounds.
Private: the category a seat gave, until all are given (only the giver); the
six ranked entries a seat wrote (only the writer — nobody else, not even the
holder of those sleeves, sees a rank before its trick is revealed).
"""

from __future__ import annotations

from typing import TypedDict

from .rules import input_spec, seats_to_act
from .state import (
    CATEGORY,
    DIRECTIONS,
    OVER,
    PLAY,
    ROUNDS,
    TRICKS,
    WRITING,
    MyFavouriteThingsState,
    Phase,
    RoundSummary,
    TrickRecord,
    copy_round,
    copy_trick,
    giver_for,
    writer_of,
)


class Shown(TypedDict):
    """A sleeve a seat has played this round, with its revealed rank."""

    entry: str
    rank: int


class SeatView(TypedDict):
    """One seat at the table, as the viewer may see it."""

    seat: int
    writer: int  # who writes on this seat's cards this round (a neighbour)
    category: str | None  # the category this seat gave (None: not public yet)
    done: bool  # has given or written this round
    hand: list[str]  # the sleeves it holds (in play only)
    played: list[Shown]


class OpenPlay(TypedDict):
    seat: int
    entry: str


class OpenTrick(TypedDict):
    """The trick being played: sleeves face up, ranks not yet revealed."""

    number: int
    leader: int
    plays: list[OpenPlay]


class Private(TypedDict):
    """The viewing seat's own secrets: its given category, its task, and what it wrote."""

    gave: str | None
    write_for: int  # whose cards this seat writes on this round
    to_write: str | None  # the category it writes for, once public
    written: list[str] | None  # what it wrote, in rank order
    suggestions: list[str]  # ideas for what it is to type now


class MyFavouriteThingsView(TypedDict, total=False):
    """What one seat (or a spectator, ``seat`` None) may know."""

    game: str
    seat: int | None
    players: int
    round: int
    rounds: int
    phase: Phase
    direction: str
    first_player: int
    marker: int
    trick_number: int
    tricks_per_round: int
    to_act: list[int]
    hearts: list[int]
    seats: list[SeatView]
    trick: OpenTrick | None
    tricks: list[TrickRecord]
    history: list[RoundSummary]
    you: Private | None
    over: bool
    winners: list[int]  # once over


def view(state: MyFavouriteThingsState, seat: int | None) -> MyFavouriteThingsView:
    """JSON-safe: exactly what ``seat`` (or a spectator, ``None``) may know now."""
    to_act = sorted(seats_to_act(state))
    out: MyFavouriteThingsView = {
        "game": "my-favourite-things",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "direction": DIRECTIONS[state.round],
        "first_player": state.first_player,
        "marker": state.marker,
        "trick_number": state.trick_number,
        "tricks_per_round": TRICKS,
        "to_act": to_act,
        "hearts": list(state.hearts),
        "seats": [_seat(state, s, seat, to_act) for s in range(state.players)],
        "trick": _trick(state),
        "tricks": [copy_trick(t) for t in state.tricks],
        "history": [copy_round(r) for r in state.rounds],
        "you": _private(state, seat),
        "over": state.phase == OVER,
    }
    if state.phase == OVER:
        top = max(state.hearts)
        out["winners"] = [s for s in range(state.players) if state.hearts[s] == top]
    return out


def _categories_public(state: MyFavouriteThingsState) -> bool:
    return state.phase in (WRITING, PLAY)


def _seat(state: MyFavouriteThingsState, s: int, viewer: int | None,
          to_act: list[int]) -> SeatView:
    category = state.categories[s] if state.phase != OVER else None
    if not _categories_public(state) and s != viewer:
        category = None
    played: list[Shown] = [
        {"entry": p["entry"], "rank": p["rank"]}
        for t in state.tricks if t["round"] == state.round and state.phase != OVER
        for p in t["plays"] if p["seat"] == s
    ]
    return {
        "seat": s,
        "writer": writer_of(s, state.round, state.players),
        "category": category,
        "done": state.phase in (CATEGORY, WRITING) and s not in to_act,
        "hand": list(state.hands[s]) if state.phase == PLAY else [],
        "played": played,
    }


def _trick(state: MyFavouriteThingsState) -> OpenTrick | None:
    if state.phase != PLAY:
        return None
    return {
        "number": state.trick_number,
        "leader": state.marker,
        "plays": [{"seat": s, "entry": e} for s, e in state.trick],
    }


def _private(state: MyFavouriteThingsState, seat: int | None) -> Private | None:
    if seat is None or state.phase == OVER:
        return None
    giver = giver_for(seat, state.round, state.players)
    ranked = state.sets[giver]
    suggestions: list[str] = []
    if seat in seats_to_act(state) and state.phase != PLAY:
        # Ideas for the seat short of them: bundled categories, or bundled examples.
        suggestions = list(input_spec(state, seat).suggestions)
    return {
        "gave": state.categories[seat],
        "write_for": giver,
        "to_write": state.categories[giver] if _categories_public(state) else None,
        "written": list(ranked) if ranked is not None else None,
        "suggestions": suggestions,
    }
