"""What's It to Ya?'s own bot: a seeded persona that deals by taste and guesses by learning.

As the dealer it ranks by a hidden taste drawn from its seed: a liking for
each word category, plus a small fixed liking per word, so its rankings are
consistent within a game. As a guesser it learns the dealer's taste from what
the view has revealed, the dealer's rankings in earlier rounds, and ranks the
five words by the categories the dealer has put high before.
"""

from __future__ import annotations

import random
import zlib
from collections import defaultdict
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .content import STANDARD, norm

WORD_NOISE = 0.4
"""Spread of the per-word liking next to the per-category one (which has spread 1)."""


class Persona:
    """A consistent taste over words, drawn from a seed."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.seed = seed
        self.taste = {cat: rng.gauss(0.0, 1.0) for cat in STANDARD.categories}
        self.known: dict[str, float] = {}

    def liking(self, word: str) -> float:
        if word not in self.known:
            # A checksum, not Python's salted hash: the same seed likes the same words every run.
            noise = random.Random(zlib.crc32(f"{self.seed}:{norm(word)}".encode()))
            self.known[word] = self.taste[STANDARD.category_of(word)] + noise.gauss(0.0, WORD_NOISE)
        return self.known[word]

    def rank(self, words: list[str]) -> list[str]:
        """The words, most liked first."""
        return sorted(words, key=lambda w: (-self.liking(w), norm(w)))


def learned_taste(view: View, dealer: int) -> dict[str, float]:
    """How high ``dealer`` has put each category, from their revealed rankings.

    A word ranked at position p (0 = most important) scores 2 - p; each
    category's average is shrunk towards 0 by one phantom neutral sighting,
    so one lucky sighting does not count as certainty.
    """
    total: dict[str, float] = defaultdict(float)
    sightings: dict[str, int] = defaultdict(int)
    for entry in view["history"]:
        if entry["dealer"] != dealer:
            continue
        for pos, word in enumerate(entry["rankings"][dealer]):
            cat = STANDARD.category_of(word)
            total[cat] += 2 - pos
            sightings[cat] += 1
    return {cat: total[cat] / (sightings[cat] + 1) for cat in total}


def guess(view: View, words: list[str], fallback: Persona) -> list[str]:
    """A guess of the dealer's ranking: learned taste first, own taste to break ties."""
    taste = learned_taste(view, view["dealer"])

    def key(word: str) -> tuple[float, str]:
        learned = taste.get(STANDARD.category_of(word), 0.0)
        return (-(learned + 0.01 * fallback.liking(word)), norm(word))

    return sorted(words, key=key)


class PersonaAgent:
    """Deals by its own seeded taste; guesses the dealer's by learning from the history."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.seat = seat
        self.persona = Persona(seed)

    def act(self, view: View, legal: Legal) -> Action:
        words = list(legal.spec.to_json()["items"]) if legal.spec is not None else []
        if view["dealer"] == self.seat:
            return {"rank": self.persona.rank(words)}
        return {"rank": guess(view, words, self.persona)}
