"""Take Your Pick's own bot: a persona with a consistent taste, and a reader that learns.

Every card leans on one trait (the built-in cards are tagged in ``pairs.json``:
the second phrase is the one that leans towards the trait; a card from a
custom deck gets a trait from a hash of its phrases). Each card also has a
"popularity" that every bot shares: how people in general tend to answer.

As the Subject, a persona picks by its hidden trait vector (drawn from its
seed), the card's popularity and a small fixed quirk per card, so the same
persona always gives the same answer to the same card.

As a reader, it predicts from what the game has revealed so far of this
Subject's picks (their answers on cards of the same trait) and the cards'
popularity, and reads its most confident predictions first.
"""

from __future__ import annotations

import hashlib
import random
from statistics import NormalDist
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .content import TRAIT_OF, TRAITS, Card

TRAIT_WEIGHT = 1.0
"""How much a persona's trait moves its answer, against popularity and quirk."""
POPULARITY_SPREAD = 0.6
QUIRK_SPREAD = 0.5
_NORMAL = NormalDist()


def _unit(*parts: str) -> float:
    """A stable number in (0, 1) from text (Python's own hash differs between runs)."""
    digest = hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).digest()
    return (int.from_bytes(digest, "big") + 0.5) / 2**64


def _normal(*parts: str) -> float:
    return _NORMAL.inv_cdf(_unit(*parts))


def trait_of(card: Card) -> str:
    """The trait a card leans on: tagged for built-in cards, hashed for others."""
    tagged = TRAIT_OF.get(card)
    if tagged is not None:
        return tagged
    return TRAITS[int(_unit("trait", *card) * len(TRAITS))]


def popularity(card: Card) -> float:
    """How strongly people in general lean to the card's second phrase (shared knowledge)."""
    return POPULARITY_SPREAD * _normal("popularity", *card)


class Persona:
    """A consistent taste: a hidden trait vector and a fixed quirk per card."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(f"take-your-pick persona {seed}")
        self.seed = seed
        self.traits = {t: rng.gauss(0.0, 1.0) for t in TRAITS}

    def lean(self, card: Card) -> float:
        """Above zero: this persona picks the second phrase."""
        quirk = QUIRK_SPREAD * _normal("quirk", str(self.seed), *card)
        return TRAIT_WEIGHT * self.traits[trait_of(card)] + popularity(card) + quirk

    def pick(self, card: Card) -> str:
        return card[1] if self.lean(card) > 0 else card[0]


def predicted_lean(card: Card, subject: int, reads: list[dict[str, Any]]) -> float:
    """A reader's estimate of the Subject's lean to the second phrase, from revealed picks.

    The Subject's trait is estimated from their picks on cards of the same
    trait (how far each pick departs from what an average person answers,
    shrunk towards zero when there are few), added to the card's popularity.
    """
    trait = trait_of(card)
    evidence = []
    for read in reads:
        seen: Card = (read["card"][0], read["card"][1])
        if read["subject"] != subject or trait_of(seen) != trait:
            continue
        side = 1.0 if read["pick"] == seen[1] else -1.0
        # What an average person would answer says nothing about this one: take it away.
        usual = 2 * _NORMAL.cdf(popularity(seen) / QUIRK_SPREAD) - 1
        evidence.append(side - usual)
    estimate = sum(evidence) / (len(evidence) + 1.5)
    return TRAIT_WEIGHT * estimate + popularity(card)


def predict(cards: list[Card], subject: int, reads: list[dict[str, Any]],
            rng: random.Random) -> list[str]:
    """A prediction for each card, most confident first (ties in random order)."""
    scored = []
    for card in cards:
        lean = predicted_lean(card, subject, reads)
        scored.append((-abs(lean), rng.random(), card[1] if lean > 0 else card[0]))
    return [guess for _, _, guess in sorted(scored)]


class PersonaAgent:
    """Plays every role: picks by its persona as the Subject, predicts as a reader."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.persona = Persona(seed)

    def act(self, view: View, legal: Legal) -> Action:
        if legal.choices:
            card = view["reading"]["card"]
            pick = self.persona.pick((card[0], card[1]))
            wanted = {"pick": pick}
            return wanted if wanted in legal.choices else self.rng.choice(legal.choices)
        spec = legal.spec.to_json() if legal.spec is not None else {}
        cards: list[Card] = [(c[0], c[1]) for c in spec.get("cards", [])]
        return {"guesses": predict(cards, view["subject"], view["reads"], self.rng)}
