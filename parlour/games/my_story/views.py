"""What a seat may see: everything on the table, its own draw pile's contents, never an order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.engine import View

from .state import MyStoryState, SeatState

if TYPE_CHECKING:
    from .rules import MyStory


def _public_draw(p: SeatState) -> list[str]:
    """The cards everyone knows are in a draw pile (all but an unseen starting occupation)."""
    return sorted(c for c in p.draw if c != p.secret)


def _seat(state: MyStoryState, s: int) -> dict[str, Any]:
    p = state.seats[s]
    choosing = state.phase == "choose"
    out: dict[str, Any] = {
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
    return out


def view(game: MyStory, state: MyStoryState, seat: int | None) -> View:
    me = state.seats[seat] if seat is not None else None
    private: dict[str, Any] = {}
    if me is not None:
        private = {
            "draw": sorted(me.draw),
            "dealt": list(me.dealt),
            "pick": me.pick,
            "secret": me.secret,
        }
    order = sorted(range(state.players), key=lambda s: (state.seats[s].age, state.seats[s].stamp))
    return {
        "game": "my-story",
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "to_act": sorted(game.to_act(state)),
        "turn": state.turn.to_json() if state.turn else None,
        "turns": state.turns,
        "life_track": list(state.life_track),
        "work_track": list(state.work_track),
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
