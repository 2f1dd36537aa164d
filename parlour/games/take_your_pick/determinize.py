"""Imagining the hidden part: full states drawn at random that agree with one seat's view
(for search bots, which must never read the real hidden state).

What a seat cannot know (other readers' unread cards and predictions, the
order of the draw pile, the face-down discards) is imagined: an unseen card
is a stand-in pair of phrases, and an unseen prediction is a coin flip. The
imagined state shows ``seat`` exactly the view it was built from.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from parlour.engine import View, generator

from .content import Card, Deck
from .rules import OVER, TakeYourPickState


class _Cards:
    """Builds the card list of an imagined state: seen cards as they are, the rest stand-ins."""

    def __init__(self, view: View) -> None:
        self.cards: list[Card] = []
        self.taken = {p.casefold() for card in _seen(view) for p in card}
        self.count = 0

    def add(self, card: list[str]) -> int:
        self.cards.append((card[0], card[1]))
        return len(self.cards) - 1

    def unseen(self) -> int:
        while True:
            self.count += 1
            pair = [f"unseen card {self.count} (one)", f"unseen card {self.count} (other)"]
            if not {p.casefold() for p in pair} & self.taken:
                return self.add(pair)


def _seen(view: View) -> list[list[str]]:
    seen = [list(c) for c in view["hand"]] + [r["card"] for r in view["reads"]]
    if view["reading"] is not None:
        seen.append(view["reading"]["card"])
    return seen


def _hand(view: View, seat: int, s: int, deck: _Cards,
          rng: random.Random) -> tuple[list[int], list[str] | None]:
    info = view["seats"][s]
    if s == seat:
        hand = [deck.add(c) for c in view["hand"]]
        return hand, list(view["guesses"]) if view["guesses"] is not None else None
    reading = view["reading"]
    hand = [deck.add(reading["card"])] if reading is not None and reading["reader"] == s else []
    hand += [deck.unseen() for _ in range(info["hand_count"] - len(hand))]
    if not info["arranged"]:
        return hand, None
    return hand, [rng.choice(deck.cards[c]) for c in hand]


def determinize(view: View, seat: int, rng: random.Random) -> TakeYourPickState:
    """A full state consistent with ``seat``'s view, the hidden part drawn at random."""
    players = view["players"]
    over = view["phase"] == OVER
    deck = _Cards(view)
    table = [] if over else [deck.add(r["card"]) for r in view["reads"]
                             if r["round"] == view["round"]]
    hands: list[list[int]] = []
    guesses: list[list[str] | None] = []
    for s in range(players):
        hand, guess = _hand(view, seat, s, deck, rng)
        hands.append(hand)
        guesses.append(guess)
    draw = [deck.unseen() for _ in range(view["draw_count"])]
    discard = [deck.unseen() for _ in range(view["discard_count"])]
    seats: list[dict[str, Any]] = view["seats"]
    round_scores = [0 if s == view["subject"] or over else seats[s]["round_score"]
                    for s in range(players)]
    return TakeYourPickState(
        players=players,
        variant=view["variant"],
        subject_turns=view["subject_turns"],
        first_subject=view["first_subject"],
        cards=Deck(deck.cards),
        rng=generator(rng.getrandbits(64)),
        draw=draw,
        discard=discard,
        table=table,
        hands=hands,
        guesses=guesses,
        round=view["round"],
        subject=view["subject"],
        phase=view["phase"],
        scores=[s["score"] for s in seats],
        round_scores=round_scores,
        missed=[s["missed"] for s in seats],
        reads=copy.deepcopy(view["reads"]),
        rounds=copy.deepcopy(view["rounds"]),
        # Only the seat's own hands are known; nobody looks at the others' in an imagined game.
        held=[[{"round": h["round"], "cards": copy.deepcopy(h["cards"]),
                "guesses": copy.deepcopy(h["guesses"])} for h in view["held"]] if s == seat
              else [] for s in range(players)],
    )
