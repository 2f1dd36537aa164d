"""Love Me Not's state as small immutable values, for OpenSpiel's tree walks.

OpenSpiel clones a state at every node it visits. A :class:`Position` is a
tuple of numbers, never changed once made: a clone shares it, and a move
makes a new one. The rules are the engine's (``parlour.games.love_me_not``):
the same deal order, reveals one turn behind, the engine's ``score``, and a
tied match winning nobody anything. A :class:`Variant` may use a smaller deck
(``suits`` × ``ranks`` cards, the jack always among the ranks, four cards a
turn), so that exact solvers finish; the full game is 4 × 5 cards, 5 turns.

>>> v = Variant(suits=2, ranks=4)
>>> v.cards, v.turns
(('2H', '3H', '4H', 'JH', '2D', '3D', '4D', 'JD'), 2)
>>> p = Position.start(v)
>>> for pair in ((0, 1), (2, 3), (4, 5), (6, 7)):
...     p = p.deal(pair)
>>> p.hand(0), p.hand(1)
((0, 1), (2, 3))
>>> p = p.keep((1, 3)).keep((4, 6))  # 3H and JH, then 2D and 4D; JH scores 2H in pile 0
>>> p.over, p.points
(True, (2, 3))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import IllegalAction, InvalidOptions
from parlour.games.love_me_not import DECK, LoveMeNotState, score
from parlour.games.love_me_not.rules import PlayedMatch

FULL_SUITS = ("H", "D", "C", "S")
NUMBER_RANKS = ("2", "3", "4", "5")
# A best of three ends in a draw after this many matches, so that the game has a
# longest length (ties can repeat; about one match in five is tied).
MATCH_CAP = 9


@dataclass(frozen=True)
class Variant:
    """A deck of ``suits`` suits × ``ranks`` ranks (the lowest number cards, then the
    jack) and a game of ``matches`` (1, or 3 for best of three)."""

    suits: int = 4
    ranks: int = 5
    matches: int = 1
    cards: tuple[str, ...] = field(init=False)
    turns: int = field(init=False)

    def __post_init__(self) -> None:
        if self.matches not in (1, 3):
            raise InvalidOptions(f"matches must be 1 or 3 (got {self.matches})")
        if not 1 <= self.suits <= 4 or not 2 <= self.ranks <= 5:
            raise InvalidOptions(f"suits must be 1 to 4 and ranks 2 to 5 "
                                 f"(got {self.suits} and {self.ranks})")
        if self.suits * self.ranks % 4:
            raise InvalidOptions(f"a turn deals four cards: suits × ranks must be a multiple"
                                 f" of 4 (got {self.suits} × {self.ranks})")
        ranks = (*NUMBER_RANKS[:self.ranks - 1], "J")
        cards = tuple(r + s for s in FULL_SUITS[:self.suits] for r in ranks)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "turns", len(cards) // 4)

    @property
    def full(self) -> bool:
        return len(self.cards) == len(DECK)

    @property
    def hands(self) -> int:
        """Hands dealt in a match: two a turn."""
        return 2 * self.turns

    @property
    def max_matches(self) -> int:
        return 1 if self.matches == 1 else MATCH_CAP


@dataclass(frozen=True)
class Match:
    """A finished match: points, and each seat's tableau and pile (card indices)."""

    points: tuple[int, int]
    tableau: tuple[tuple[int, ...], tuple[int, ...]]
    pile: tuple[tuple[int, ...], tuple[int, ...]]

    @property
    def winner(self) -> int | None:
        a, b = self.points
        return None if a == b else 0 if a > b else 1


class Position:
    """Where a game stands: this match's deal and keeps, and the matches before it.

    Never changed once made; what the rules ask of it often (whether it is dealing,
    over, the turn, the hands) is worked out once, when it is made.
    """

    __slots__ = ("dealing", "dealt", "hands", "history", "kept", "over", "turn", "variant",
                 "wins")

    def __init__(self, variant: Variant, dealt: tuple[int, ...] = (),
                 kept: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
                 history: tuple[Match, ...] = ()) -> None:
        self.variant, self.dealt, self.kept, self.history = variant, dealt, kept, history
        won = [m.winner for m in history]
        self.wins = (won.count(0), won.count(1))
        self.over = bool(history) and (
            variant.matches == 1 or len(history) >= variant.max_matches
            or max(self.wins) * 2 > variant.matches)
        self.dealing = not self.over and len(dealt) < 2 * variant.hands
        self.turn = min(len(kept[0]), len(kept[1]))  # turns completed in this match
        hands: list[tuple[int, ...]] = [(), ()]
        if not (self.dealing or self.over):
            for seat in (0, 1):
                if len(kept[seat]) == self.turn:
                    start = 4 * self.turn + 2 * seat
                    hands[seat] = dealt[start:start + 2]
        self.hands = (hands[0], hands[1])

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self  # immutable: a clone of a state shares its position

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (
            (self.variant, self.dealt, self.kept, self.history)
            == (other.variant, other.dealt, other.kept, other.history))

    def __hash__(self) -> int:
        return hash((self.dealt, self.kept, self.history))

    @classmethod
    def start(cls, variant: Variant) -> Position:
        return cls(variant)

    @property
    def points(self) -> tuple[int, int]:
        """The last finished match's points."""
        return self.history[-1].points if self.history else (0, 0)

    def hand(self, seat: int) -> tuple[int, ...]:
        """The two cards ``seat`` holds now (none while dealing or once it has kept)."""
        return self.hands[seat]

    def piled(self, seat: int) -> tuple[int, ...]:
        return tuple(self.dealt[4 * t + 2 * seat] + self.dealt[4 * t + 2 * seat + 1] - k
                     for t, k in enumerate(self.kept[seat]))

    def undealt(self) -> list[int]:
        used = set(self.dealt)
        return [c for c in range(len(self.variant.cards)) if c not in used]

    # -- moves --------------------------------------------------------------------
    def deal(self, pair: tuple[int, int]) -> Position:
        if not self.dealing:
            raise IllegalAction("no hand is being dealt now")
        if pair[0] in self.dealt or pair[1] in self.dealt or pair[0] == pair[1]:
            names = self.variant.cards
            raise IllegalAction(f"{names[pair[0]]} and {names[pair[1]]} are not both undealt")
        return Position(self.variant, self.dealt + pair, self.kept, self.history)

    def keep(self, cards: tuple[int, int]) -> Position:
        """Both seats keep a card at once (``cards[seat]``)."""
        hands = self.hand(0), self.hand(1)
        for seat in (0, 1):
            if cards[seat] not in hands[seat]:
                names = self.variant.cards
                held = " or ".join(names[c] for c in hands[seat]) or "nothing"
                card = cards[seat]
                named = names[card] if 0 <= card < len(names) else str(card)
                raise IllegalAction(f"seat {seat} may keep {held}, not {named}")
        kept = (self.kept[0] + (cards[0],), self.kept[1] + (cards[1],))
        after = Position(self.variant, self.dealt, kept, self.history)
        return after._score() if after.turn == self.variant.turns else after

    def _score(self) -> Position:
        names = self.variant.cards
        piles = self.piled(0), self.piled(1)
        tab = [[names[c] for c in self.kept[s]] for s in (0, 1)]
        pile = [[names[c] for c in piles[s]] for s in (0, 1)]
        points = (score(tab[0], pile[0], pile[1]), score(tab[1], pile[1], pile[0]))
        done = Match(points, self.kept, piles)
        return Position(self.variant, (), ((), ()), (*self.history, done))

    # -- the engine's state, for views and determinization -------------------------------
    def to_engine(self) -> LoveMeNotState:
        """The engine's state of this position (the full deck only)."""
        names = self.variant.cards
        turn = self.turn
        drawn = [[names[c] for c in self.hand(s)] for s in (0, 1)]
        rest = [names[c] for c in self.dealt[4 * (turn + 1):]] if not self.dealing else []
        over = self.over
        current = self.history[-1] if over else None
        kept = current.tableau if current else self.kept
        piles = current.pile if current else (self.piled(0), self.piled(1))
        history: list[PlayedMatch] = [_played(m, names) for m in self.history]
        return LoveMeNotState(
            seed=0, best_of=self.variant.matches, rng=random.Random(0), deck=rest,
            drawn=drawn, tableau=[[names[c] for c in kept[s]] for s in (0, 1)],
            pile=[[names[c] for c in piles[s]] for s in (0, 1)],
            revealed=self.variant.turns if over else max(turn - 1, 0),
            turn=self.variant.turns if over else turn + 1, history=history,
            wins=list(self.wins), over=over)

    @classmethod
    def from_engine(cls, variant: Variant, state: LoveMeNotState) -> Position:
        """The position of an engine state in the middle of a match (every hand drawn)."""
        index = {c: i for i, c in enumerate(variant.cards)}
        turn = state.turn - 1
        dealt: list[int] = []
        for t in range(turn):
            for s in (0, 1):
                dealt += sorted((index[state.tableau[s][t]], index[state.pile[s][t]]))
        for s in (0, 1):
            hand = state.drawn[s] or [state.tableau[s][turn], state.pile[s][turn]]
            dealt += sorted(index[c] for c in hand)
        rest = [index[c] for c in state.deck]
        for h in range(0, len(rest), 2):
            dealt += sorted(rest[h:h + 2])
        kept = tuple(tuple(index[c] for c in state.tableau[s]) for s in (0, 1))
        history = tuple(Match((m["points"][0], m["points"][1]),
                              _indices(m["tableau"], index), _indices(m["pile"], index))
                        for m in state.history)
        return cls(variant, tuple(dealt), (kept[0], kept[1]), history)


def _played(m: Match, names: tuple[str, ...]) -> PlayedMatch:
    a, b = m.points
    winners = [0, 1] if a == b else [0] if a > b else [1]
    return {"points": [a, b], "winners": winners,
            "tableau": [[names[c] for c in t] for t in m.tableau],
            "pile": [[names[c] for c in p] for p in m.pile]}


def _indices(cards: list[list[str]], index: dict[str, int],
             ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(index[c] for c in cards[0]), tuple(index[c] for c in cards[1])
