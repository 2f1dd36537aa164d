"""The board's two card tracks and the Reunions: refilling, Daydreaming, opening Reunions."""

from __future__ import annotations

from .state import MyStoryState

TRACKS = {"life": "Life Story", "work": "Occupation & Project"}
"""The two card tracks, by the name an action gives them (``"take": "life"``)."""
TRACK_SLOTS = 5
REUNION_AGES = (30, 40)
REUNIONS_SHOWN = 2
ACHIEVEMENTS_SHOWN = 6
DAYDREAMS = ("daydreaming", "lottery_ticket")


def place(state: MyStoryState, track: list[str], cid: str) -> None:
    """VP cards go leftmost; others just right of the rightmost VP card."""
    if state.card(cid).has_vp:
        track.insert(0, cid)
    else:
        track.insert(sum(1 for c in track if state.card(c).has_vp), cid)


def refill(state: MyStoryState) -> None:
    """Fill both tracks from their decks (a deck that runs out leaves its slots empty)."""
    pairs = ((state.life_track, state.life_deck), (state.work_track, state.work_deck))
    while any(len(t) < TRACK_SLOTS and d for t, d in pairs):
        for track, deck in pairs:
            while len(track) < TRACK_SLOTS and deck:
                cid = deck.pop()
                if state.card(cid).kind in DAYDREAMS:
                    daydream(state, cid)
                else:
                    place(state, track, cid)


def daydream(state: MyStoryState, cid: str) -> None:
    """Daydreaming / Lottery Ticket: out go it and the two rightmost cards of both tracks."""
    gone = [cid]
    for track in (state.work_track, state.life_track):
        for _ in range(2):
            if track:
                gone.append(track.pop())
    state.removed.extend(gone)
    state.note(-1, "daydream", cards=gone)


def open_reunions(state: MyStoryState) -> None:
    """When every marker has reached 30 (then 40), reveal that age's Reunions and Achievements."""
    for age in REUNION_AGES:
        if state.stage < age and all(p.age >= age for p in state.seats):
            state.removed.extend(state.reunions + state.achievements)
            state.reunions = state.reunion_decks[age][:REUNIONS_SHOWN]
            state.achievements = state.achievement_deck[-ACHIEVEMENTS_SHOWN:]
            del state.achievement_deck[-ACHIEVEMENTS_SHOWN:]
            state.stage = age
            state.note(-1, "reunions", age=age)
