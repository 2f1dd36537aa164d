"""Take Your Pick: what each seat (or a spectator) may see.

A reader sees their own unread cards and predictions until they are read; nobody sees
another reader's hand, order or predictions before each card is read aloud, and the
Subject sees no hand at all.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, TypedDict

from .rules import (
    OVER,
    READ,
    HeldHand,
    Phase,
    PlayedRound,
    Read,
    TakeYourPick,
    TakeYourPickState,
    current_reader,
    reading_order,
    subject_points,
)


def copy_reads(reads: list[Read]) -> list[Read]:
    """An independent copy of the log of read cards (faster than a deep copy)."""
    return [{**r, "card": list(r["card"])} for r in reads]


class SeatView(TypedDict):
    """What everyone may know of one seat."""

    role: Literal["subject", "reader"] | None  # None once the game is over
    score: int
    round_score: int
    hand_count: int
    arranged: bool
    missed: bool


class Reading(TypedDict):
    """The card being read now: its reader, its phrases in the deck's order, its number."""

    reader: int
    card: list[str]
    number: int


class HeldView(HeldHand):
    """A hand the seat held, and how many of its cards were read (the rest, after a
    miss, went to the discard pile unread)."""

    read: int


class TakeYourPickView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) may know."""

    game: str
    seat: int | None
    players: int
    variant: str
    cards_per_reader: int
    subject_turns: int
    first_subject: int
    round: int
    rounds_total: int
    subject: int
    phase: Phase
    reading: Reading | None
    hand: list[list[str]]  # the seat's unread cards, in reading order once arranged
    guesses: list[str] | None  # the seat's predictions for them, once arranged
    held: list[HeldView]  # every hand the seat was dealt, read or not (its own eyes only)
    seats: list[SeatView]
    deck_size: int
    draw_count: int
    discard_count: int
    reads: list[Read]
    rounds: list[PlayedRound]
    over: bool


def _held_view(state: TakeYourPickState, seat: int) -> list[HeldView]:
    read = Counter(r["round"] for r in state.reads if r["reader"] == seat)
    return [{"round": h["round"], "cards": [list(c) for c in h["cards"]],
             "guesses": None if h["guesses"] is None else list(h["guesses"]),
             "read": read[h["round"]]} for h in state.held[seat]]


def _seat_view(state: TakeYourPickState, s: int, provisional: int) -> SeatView:
    role: Literal["subject", "reader"] | None = (
        None if state.phase == OVER else "subject" if s == state.subject else "reader")
    # While cards are read, the Subject's round score is what they would earn now.
    during = role == "subject" and state.phase == READ
    return {
        "role": role,
        "score": state.scores[s],
        "round_score": provisional if during else state.round_scores[s],
        "hand_count": len(state.hands[s]),
        "arranged": state.guesses[s] is not None,
        "missed": state.missed[s],
    }


def view(state: TakeYourPickState, seat: int | None) -> TakeYourPickView:
    """What ``seat`` (``None``: a spectator) may know now."""
    reader = current_reader(state)
    readers = reading_order(state.players, state.subject)
    provisional = subject_points(state.variant, [state.round_scores[r] for r in readers])
    seats = [_seat_view(state, s, provisional) for s in range(state.players)]
    mine = seat is not None and seat != state.subject and state.phase != OVER
    own_guesses = state.guesses[seat] if mine and seat is not None else None
    return {
        "game": TakeYourPick.id,
        "seat": seat,
        "players": state.players,
        "variant": state.variant,
        "cards_per_reader": state.per_reader,
        "subject_turns": state.subject_turns,
        "first_subject": state.first_subject,
        "round": state.round,
        "rounds_total": state.total_rounds,
        "subject": state.subject,
        "phase": state.phase,
        "reading": None if reader is None else {
            "reader": reader,
            "card": list(state.cards[state.hands[reader][0]]),
            "number": state.round_scores[reader] + 1,
        },
        "hand": [list(state.cards[c]) for c in state.hands[seat]] if mine and seat is not None
        else [],
        "guesses": list(own_guesses) if own_guesses is not None else None,
        "held": [] if seat is None else _held_view(state, seat),
        "seats": seats,
        "deck_size": len(state.cards),
        "draw_count": len(state.draw),
        "discard_count": len(state.discard),
        "reads": copy_reads(state.reads),
        "rounds": [{**r, "scores": list(r["scores"])} for r in state.rounds],
        "over": state.phase == OVER,
    }
