"""My Story tables laid out by hand, so that no test depends on how a seed deals."""

from __future__ import annotations

from parlour.games.my_story.state import MyStoryState
from parlour.games.my_story.tracks import DAYDREAMS


def seat_order(state: MyStoryState) -> None:
    """Stack the age markers on 22 in seat order (seat 0 nearest 20): seat 0 plays first,
    the first round goes round the seats in order, and a tie in age goes to the lower seat."""
    for s, p in enumerate(state.seats):
        p.stamp = s
    state.first_round = list(range(state.players))


def no_daydream_on_top(state: MyStoryState) -> None:
    """Put the Daydreaming and Lottery Ticket cards at the bottom of their decks, so that
    refilling the tracks sweeps nothing away unless a test puts one on top."""
    for deck in (state.life_deck, state.work_deck):  # top last
        deck.sort(key=lambda c: state.card(c).kind not in DAYDREAMS)
