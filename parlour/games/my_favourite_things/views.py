"""What each seat may see.

Public: who has acted, the categories once all are given (they are read out),
every hand's entries once play starts (they are read out too), each sleeve as
it is played, its rank once the trick is revealed, hearts, and finished rounds.
Private: the category a seat gave, until all are given (only the giver); the
six ranked entries a seat wrote (only the writer — nobody else, not even the
holder of those sleeves, sees a rank before its trick is revealed).
"""

from __future__ import annotations

from typing import Any

from parlour.engine import View

from .rules import (
    CATEGORY,
    DIRECTIONS,
    OVER,
    PLAY,
    ROUNDS,
    TRICKS,
    WRITING,
    MFTState,
    MyFavouriteThings,
    giver_for,
    writer_of,
)


def view(state: MFTState, seat: int | None) -> View:
    """JSON-safe: exactly what ``seat`` (or a spectator, ``None``) may know now."""
    to_act = sorted(MyFavouriteThings().to_act(state))
    out: dict[str, Any] = {
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


def copy_trick(trick: dict[str, Any]) -> dict[str, Any]:
    """A completed trick's record, copied (cheaper than a deep copy; views are built often)."""
    return {**trick, "plays": [dict(p) for p in trick["plays"]]}


def copy_round(summary: dict[str, Any]) -> dict[str, Any]:
    """A finished round's summary, copied."""
    out = {k: list(v) if isinstance(v, list) else v for k, v in summary.items()}
    out["sets"] = [list(s) for s in summary["sets"]]
    return out


def _categories_public(state: MFTState) -> bool:
    return state.phase in (WRITING, PLAY)


def _seat(state: MFTState, s: int, viewer: int | None, to_act: list[int]) -> dict[str, Any]:
    category = state.categories[s] if state.phase != OVER else None
    if not _categories_public(state) and s != viewer:
        category = None
    played = [
        {"entry": p["entry"], "rank": p["rank"]}
        for t in state.tricks if t["round"] == state.round and state.phase != OVER
        for p in t["plays"] if p["seat"] == s
    ]
    return {
        "seat": s,
        # Who writes on this seat's cards this round (their neighbour).
        "writer": writer_of(s, state.round, state.players),
        "category": category,
        "done": state.phase in (CATEGORY, WRITING) and s not in to_act,
        "hand": list(state.hands[s]) if state.phase == PLAY else [],
        "played": played,
    }


def _trick(state: MFTState) -> dict[str, Any] | None:
    if state.phase != PLAY:
        return None
    return {
        "number": state.trick_number,
        "leader": state.marker,
        "plays": [{"seat": s, "entry": e} for s, e in state.trick],
    }


def _private(state: MFTState, seat: int | None) -> dict[str, Any] | None:
    """The viewing seat's own secrets: its given category, its task, and what it wrote."""
    if seat is None or state.phase == OVER:
        return None
    giver = giver_for(seat, state.round, state.players)
    out: dict[str, Any] = {"gave": state.categories[seat], "write_for": giver,
                           "to_write": None, "written": None, "suggestions": []}
    if _categories_public(state):
        out["to_write"] = state.categories[giver]
    legal = MyFavouriteThings().legal(state, seat)
    if legal.spec is not None:
        # Ideas for the seat short of them: bundled categories, or bundled examples.
        out["suggestions"] = list(legal.spec.to_json().get("suggestions", []))
    ranked = state.sets[giver]
    if ranked is not None:
        out["written"] = list(ranked)
    return out
