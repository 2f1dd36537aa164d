"""My Favourite Things' own bot, ``fan``: a seeded persona that writes, gives and plays.

It sees only its seat's view. It writes for the bundled category the category it was given
means (see :mod:`.meaning`): five of its loved entries, in the consensus order with personal
noise, and one of its disliked ones as the Broken Heart, its tastes fixed for the game by
its seed. For a category that means none of them it says, six ways, that it has no idea.
To play, it guesses its own hidden ranks from the consensus (people tend to like what most people
like) and the ranks already revealed, uses the ranks it knows because it wrote
them, and picks the sleeve that maximises the hearts it expects: its chance of
winning this trick plus, for the sleeves it keeps, their chance in an ordinary
later trick (so it does not spend its Broken Heart or its 1 for little).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any

from parlour.engine import Action, Game, Legal, View

from .content import CONTENT, SET_SIZE, Category, key
from .determinize import unrevealed_ranks
from .meaning import nearest
from .rules import trick_winner
from .state import RANKS, rank_of

SPREAD = 2.5
"""How far (in list places) a persona's taste strays from the consensus order."""
DISLIKE_SPREAD = 1.0
"""How far a persona's strongest dislike strays from the most common one."""
DOUBT = 3.0
"""How far a player's guess of a neighbour's taste strays from the consensus order."""
SAMPLES = 150
FORESIGHT = 1.5
"""Weight of the tricks to come against the trick at hand."""


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

    def _rng(self, category: str) -> random.Random:
        return random.Random(f"persona:{self.seed}:{key(category)}")

    def ranking(self, category: str, offered: Sequence[str] = (), loved: int = 0) -> list[str]:
        """Entries for ``category`` from most to least liked: the bundled category it means
        (or the game's own, whose ideas are ``offered``, the first ``loved`` of them loved),
        its loved entries then its disliked ones, each in the consensus order with noise;
        ``[]`` when it means none."""
        meant = nearest(category)
        if loved and len(offered) >= SET_SIZE:
            meant = Category(category, tuple(offered[:loved]), tuple(offered[loved:]))
        if meant is None:
            return []
        rng = self._rng(category)

        def noisy(entries: tuple[str, ...], spread: float) -> list[str]:
            score = {e: i + rng.gauss(0.0, spread) for i, e in enumerate(entries)}
            return sorted(entries, key=score.__getitem__)

        # The disliked entries come most disliked first: the least liked goes last.
        return noisy(meant.loved, SPREAD) + noisy(meant.disliked, DISLIKE_SPREAD)[::-1]

    def write(self, category: str, offered: Sequence[str] = (), loved: int = 0) -> list[str]:
        """Five favourites in order, then the least liked as the Broken Heart; for a
        category it cannot place, six honest ways of saying it has no idea."""
        order = self.ranking(category, offered, loved)
        if not order:
            return self._rng(category).sample(CONTENT.no_idea, SET_SIZE)
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
            return {"write": self.persona.write(str(spec.get("category", "")),
                                                spec.get("suggestions", ()),
                                                int(spec.get("loved", 0)))}
        return {"category": self.give(view, getattr(legal.spec, "pool", ()))}

    def give(self, view: View, offered: Sequence[str] = ()) -> str:
        """A category that anyone can fill (not one about the writer's own life, which a bot
        does not know of another player) and that nobody has given at this table yet: a
        bundled one, or one of the game's own when it ``offered`` its own."""
        given = {key(c) for r in view["history"] for c in r["categories"] if c}
        names = [c.name for c in CONTENT.giveable()]
        if offered and set(offered) - set(CONTENT.names):
            names = list(offered)
        fresh = [c for c in names if key(c) not in given]
        return self.rng.choice(fresh or names)

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
        meant = nearest(view["seats"][me]["category"] or "")
        pool = meant.entries if meant is not None else ()
        consensus = {key(e): float(i) for i, e in enumerate(pool)}
        base = {e: consensus.get(key(e)) for e in hand}
        wins = dict.fromkeys(hand, 0)
        later = dict.fromkeys(hand, 0.0)
        odds = ordinary_odds(n)
        for _ in range(SAMPLES):
            # One guess at this seat's own hidden ranks: the consensus order, with doubt.
            score = {e: (b if b is not None else rng.uniform(0, max(len(pool), SET_SIZE)))
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
