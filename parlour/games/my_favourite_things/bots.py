"""My Favourite Things' own bot, ``fan``: a seeded persona that writes, gives and plays.

It sees only its seat's view. Its tastes are the bundled examples' consensus
order with personal noise, fixed for the game by its seed. To play, it guesses
its own hidden ranks from the consensus (people tend to like what most people
like) and the ranks already revealed, uses the ranks it knows because it wrote
them, and picks the sleeve that maximises the hearts it expects: its chance of
winning this trick plus, for the sleeves it keeps, their chance in an ordinary
later trick (so it does not spend its Broken Heart or its 1 for little).
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .content import CONTENT, SET_SIZE, key
from .determinize import unrevealed_ranks
from .rules import trick_winner
from .state import RANKS, rank_of

SPREAD = 2.5
"""How far (in list places) a persona's taste strays from the consensus order."""
DOUBT = 3.0
"""How far a player's guess of a neighbour's taste strays from the consensus order."""
SAMPLES = 150
FORESIGHT = 1.5
"""Weight of the tricks to come against the trick at hand."""
STOPWORDS = {"things", "about", "your", "with", "that", "would", "want", "favourite", "what"}


def examples_for(category: str) -> tuple[str, ...]:
    """Bundled entries for a category: its own, a related category's, or generic ones."""
    own = CONTENT.examples(category)
    if len(own) >= SET_SIZE:
        return own
    words = {w for w in re.findall(r"[a-z]+", key(category)) if len(w) > 3} - STOPWORDS
    for name in CONTENT.with_examples():
        if words & set(re.findall(r"[a-z]+", key(name))):
            return CONTENT.examples(name)
    return CONTENT.fallback


@functools.cache
def ordinary_odds(players: int) -> dict[int, float]:
    """The chance that a card of each rank wins a trick where every other rank is equally
    likely and the seat is equally likely to play in any place (an "ordinary" trick)."""
    odds = {}
    for rank in RANKS:
        won = total = 0
        for others in itertools.product(RANKS, repeat=players - 1):
            for place in range(players):
                ranks = [*others[:place], rank, *others[place:]]
                won += trick_winner(ranks) == place
                total += 1
        odds[rank] = won / total
    return odds


class Persona:
    """Consistent tastes for one game: the same category always gets the same ranking."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def ranking(self, category: str) -> list[str]:
        """Entries for ``category`` from most to least liked."""
        pool = examples_for(category)
        rng = random.Random(f"persona:{self.seed}:{key(category)}")
        score = {e: i + rng.gauss(0.0, SPREAD) for i, e in enumerate(pool)}
        return sorted(pool, key=lambda e: score[e])

    def write(self, category: str) -> list[str]:
        """Five favourites in order, then the least liked as the Broken Heart."""
        order = self.ranking(category)
        return [*order[:5], order[-1]]


class FanAgent:
    """The default bot: a persona for writing and giving, a trick estimator for playing."""

    def __init__(self, game: Game[Any], seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.persona = Persona(seed)
        self.foresight = FORESIGHT

    def act(self, view: View, legal: Legal) -> Action:
        if legal.choices:
            return self.play(view, [str(c["play"]) for c in legal.choices])
        spec = legal.spec.to_json() if legal.spec is not None else {}
        if spec.get("key") == "write":
            return {"write": self.persona.write(str(spec.get("category", "")))}
        return {"category": self.give(view)}

    def give(self, view: View) -> str:
        """A category with examples that this seat has not given before."""
        gave = {key(r["categories"][self.seat]) for r in view["history"]}
        fresh = [c for c in CONTENT.with_examples() if key(c) not in gave]
        return self.rng.choice(fresh)

    def play(self, view: View, hand: list[str]) -> Action:
        now, later = self.chances(view, hand)
        # One sleeve of the hand is never played: keep the best ones for the tricks to come.
        tricks_after = view["tricks_per_round"] - view["trick_number"]

        def value(entry: str) -> float:
            rest = sorted((later[e] for e in hand if e != entry), reverse=True)
            return now[entry] + self.foresight * sum(rest[:tricks_after])

        best = max(value(e) for e in hand)
        return {"play": self.rng.choice([e for e in hand if value(e) == best])}

    def chances(self, view: View, hand: list[str]) -> tuple[dict[str, int], dict[str, float]]:
        """For each sleeve in hand: in how many of ``SAMPLES`` imagined tricks it wins now,
        and how many it would be expected to win in an ordinary later trick."""
        n, me, rng = view["players"], self.seat, self.rng
        trick = view["trick"]
        plays = trick["plays"]
        you = view["you"] or {}
        wrote_for, written = you.get("write_for"), you.get("written")

        # Per seat in play order (before and after this seat): the ranks it may show.
        def options(seat: int, entry: str | None) -> list[int]:
            if seat == wrote_for and written:
                # This seat wrote those sleeves, so it knows their ranks.
                if entry is not None:
                    return [rank_of(written, entry)]
                return [rank_of(written, e) for e in view["seats"][seat]["hand"]]
            return unrevealed_ranks(view, seat)

        before = [options(p["seat"], p["entry"]) for p in plays]
        after = [options((trick["leader"] + k) % n, None) for k in range(len(plays) + 1, n)]
        mine_left = sorted(unrevealed_ranks(view, me), key=RANKS.index)
        pool = examples_for(view["seats"][me]["category"])
        consensus = {key(e): float(i) for i, e in enumerate(pool)}
        base = {e: consensus.get(key(e)) for e in hand}
        wins = dict.fromkeys(hand, 0)
        later = dict.fromkeys(hand, 0.0)
        odds = ordinary_odds(n)
        for _ in range(SAMPLES):
            # One guess at this seat's own hidden ranks: the consensus order, with doubt.
            score = {e: (b if b is not None else rng.uniform(0, len(pool)))
                     + rng.gauss(0, DOUBT) for e, b in base.items()}
            own = dict(zip(sorted(hand, key=score.__getitem__), mine_left, strict=True))
            ranks_before = [rng.choice(o) for o in before]
            ranks_after = [rng.choice(o) for o in after]
            for entry in hand:
                later[entry] += odds[own[entry]]
                if trick_winner([*ranks_before, own[entry], *ranks_after]) == len(plays):
                    wins[entry] += 1
        return wins, later


class PersonaAgent(FanAgent):
    """Writes and gives like ``fan`` but plays a random sleeve: a baseline for its play."""

    def play(self, view: View, hand: list[str]) -> Action:
        return {"play": self.rng.choice(hand)}
