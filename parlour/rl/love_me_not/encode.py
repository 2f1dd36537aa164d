"""Love Me Not as numbers: card indices, and a seat's view as fixed-size arrays.

Card ``i`` is ``DECK[i]``: suit ``i // 5`` (hearts, diamonds, clubs, spades),
rank ``i % 5`` (2, 3, 4, 5, then the jack at 4). Arrays are built from a
seat's view only, so they hold nothing that seat could not see.

>>> from parlour.games.love_me_not import GAME
>>> state = GAME.setup(2, {"matches": 1, "deck": list(DECK)}, seed=0)
>>> obs = observation(GAME.view(state, 1))
>>> [DECK[i] for i in obs[HAND].nonzero()[0]], obs[TURN].tolist()
(['4H', '5H'], [1.0, 0.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.engine import View
from parlour.games.love_me_not import DECK

N_CARDS = len(DECK)
TURNS = 5
CARD_INDEX = {card: i for i, card in enumerate(DECK)}

# The observation: what a seat sees now, one plane of 20 cards per place.
HAND = slice(0, 20)
TABLEAU = slice(20, 40)
PILE = slice(40, 60)
OPPONENT_TABLEAU = slice(60, 80)  # face-up cards only
OPPONENT_PILE = slice(80, 100)  # face up once the match is over
TURN = slice(100, 105)  # one-hot, turn 1 to 5
# The game so far (all 0 in a single match): best of three (1), matches won by the
# seat and by the opponent, matches tied; then the latest finished matches, latest
# first, each: played (1), the seat's points, the opponent's, the opponent's tableau.
SINGLE_MATCH_SIZE = 105  # the floats that can be other than 0 in a single match
MATCH = slice(105, 109)
EARLIER_MATCHES = 2
EARLIER_SIZE = 3 + N_CARDS
EARLIER = slice(109, 109 + EARLIER_MATCHES * EARLIER_SIZE)
MATCH_SIZE = 4 + EARLIER_MATCHES * EARLIER_SIZE
OBSERVATION_SIZE = 105 + MATCH_SIZE

# The information state adds the order: per turn, the card kept, the card piled
# and the opponent's card of that turn once shown; then the hand and, at the
# end, the opponent's pile. That is everything a seat has seen, in order.
TURN_PLANES = 3
INFORMATION_STATE_SIZE = TURNS * TURN_PLANES * N_CARDS + 2 * N_CARDS

Vector = npt.NDArray[np.float32]


def card_indices(cards: Iterable[str]) -> list[int]:
    """Card indices of card names.

    >>> card_indices(["2H", "JS"])
    [0, 19]
    """
    return [CARD_INDEX[c] for c in cards]


def _own_and_other(view: View) -> tuple[int, dict[str, Any], dict[str, Any]]:
    seat = view["seat"]
    if seat is None:
        raise ValueError("observations are built from a seat's view, not a spectator's")
    return seat, view["seats"][seat], view["seats"][1 - seat]


def observation(view: View) -> Vector:
    """The observation vector (``OBSERVATION_SIZE`` floats of 0 and 1) of a seat's view."""
    _, mine, theirs = _own_and_other(view)
    out = np.zeros(OBSERVATION_SIZE, np.float32)
    out[HAND][card_indices(view["hand"])] = 1
    out[TABLEAU][card_indices(e["card"] for e in mine["tableau"])] = 1
    out[PILE][card_indices(mine["pile"])] = 1
    shown = [e["card"] for e in theirs["tableau"] if e["revealed"]]
    out[OPPONENT_TABLEAU][card_indices(shown)] = 1
    out[OPPONENT_PILE][card_indices(theirs["pile"] or [])] = 1
    out[TURN][view["turn"] - 1] = 1
    out[MATCH.start:] = match_block(view)
    return out


def match_block(view: View) -> Vector:
    """The game so far: the score and the latest earlier matches (``MATCH_SIZE`` floats,
    all 0 in a single match)."""
    seat, _, _ = _own_and_other(view)
    out = np.zeros(MATCH_SIZE, np.float32)
    if view["best_of"] == 1:
        return out
    won = view["matches_won"]
    history = view["history"]
    tied = sum(len(m["winners"]) == 2 for m in history)
    out[:4] = (1.0, won[seat], won[1 - seat], tied)
    earlier = history[:-1] if view["over"] else history
    for i, m in enumerate(reversed(earlier[-EARLIER_MATCHES:])):
        block = out[4 + i * EARLIER_SIZE:4 + (i + 1) * EARLIER_SIZE]
        block[:3] = (1.0, m["points"][seat], m["points"][1 - seat])
        block[3:][card_indices(m["tableau"][1 - seat])] = 1
    return out


def information_state(view: View) -> Vector:
    """Everything the seat has seen, in order (``INFORMATION_STATE_SIZE`` floats)."""
    _, mine, theirs = _own_and_other(view)
    out = np.zeros(INFORMATION_STATE_SIZE, np.float32)
    turns = out[: TURNS * TURN_PLANES * N_CARDS].reshape(TURNS, TURN_PLANES, N_CARDS)
    for t, entry in enumerate(mine["tableau"]):
        turns[t, 0, CARD_INDEX[entry["card"]]] = 1
    for t, card in enumerate(mine["pile"]):
        turns[t, 1, CARD_INDEX[card]] = 1
    for t, entry in enumerate(theirs["tableau"]):
        if entry["revealed"]:
            turns[t, 2, CARD_INDEX[entry["card"]]] = 1
    rest = out[TURNS * TURN_PLANES * N_CARDS:]
    rest[:N_CARDS][card_indices(view["hand"])] = 1
    rest[N_CARDS:][card_indices(theirs["pile"] or [])] = 1
    return out
