"""Love Me Not: the rules.

Two players, twenty cards (2–5 and J of each suit). Each turn both players
draw two cards at once, keep one face-down in their tableau and put the other
face-down on their pile. A tableau card is revealed one turn behind; after the
fifth turn everything is revealed and the match is scored. Best of three.

>>> game = LoveMeNot()
>>> state = game.setup(2, {"matches": 1}, seed=7)
>>> sorted(game.to_act(state))
[0, 1]
>>> len(game.view(state, 0)["hand"])
2
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, TypedDict

from parlour.engine import (
    Action,
    Game,
    InvalidOptions,
    Legal,
    MalformedAction,
    Option,
    Result,
    View,
    generator,
    require_keys,
)

# -- the game's facts ---------------------------------------------------------
SUITS = ("H", "D", "C", "S")
RANKS = ("2", "3", "4", "5", "J")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
TURNS = 5


def suit(card: str) -> str:
    return card[1]


def is_jack(card: str) -> bool:
    return card[0] == "J"


def score(tableau: list[str], pile: list[str], opponent_pile: list[str]) -> int:
    """A player's match points.

    Per suit: cards of that suit in the tableau × cards of that suit in the
    pile; then each tableau jack scores the cards of its suit in the
    opponent's pile (a jack also counts as a card of its suit).

    >>> score(["2H", "3H"], ["4H", "5H"], [])
    4
    >>> score(["JS"], [], ["2S", "3S", "4S"])
    3
    """
    # Summed card by card (each tableau card scores the pile's cards of its suit), with
    # str.count over the suit letters: this runs at the end of every playout.
    own = "".join(pile)
    opp = "".join(opponent_pile)
    points = 0
    for card in tableau:
        points += own.count(card[1])
        if card[0] == "J":
            points += opp.count(card[1])
    return points


def matches_to_win(best_of: int) -> int:
    """Matches a player must win to win the game: two of three, one of one.

    >>> matches_to_win(3), matches_to_win(1)
    (2, 1)
    """
    return best_of // 2 + 1


def points_if_kept(tableau: list[str], pile: list[str], hand: list[str]) -> dict[str, int]:
    """For each card of ``hand``: the points a player can count (their own tableau × their
    own pile; a jack's bonus counts the other pile, hidden until the match ends) after
    keeping it and piling the other.

    >>> points_if_kept(["2H"], ["3H"], ["4H", "5S"])
    {'4H': 2, '5S': 2}
    >>> points_if_kept(["2H"], [], ["4H", "5S"])
    {'4H': 0, '5S': 1}
    """
    return {card: score([*tableau, card], [*pile, *(c for c in hand if c != card)], [])
            for card in hand}


class SuitScore(TypedDict):
    suit: str
    tableau: int  # cards of the suit in the tableau
    pile: int  # cards of the suit in the pile
    points: int  # tableau × pile


class JackScore(TypedDict):
    card: str
    points: int  # cards of its suit in the opponent's pile


class Breakdown(TypedDict):
    """How a player's match points add up, as the rulebook counts them."""

    suits: list[SuitScore]
    jacks: list[JackScore]
    total: int


def breakdown(tableau: list[str], pile: list[str], opponent_pile: list[str]) -> Breakdown:
    """``score``, term by term: each suit's product, then each tableau jack.

    The rulebook's examples: two hearts in the tableau and two in the pile score four;
    a jack of spades against three spades in the opponent's pile scores three.

    >>> b = breakdown(["2H", "3H", "JS"], ["4H", "5H"], ["2S", "3S", "4S"])
    >>> [(s["suit"], s["points"]) for s in b["suits"] if s["points"]], b["jacks"], b["total"]
    ([('H', 4)], [{'card': 'JS', 'points': 3}], 7)
    """
    # list.count, not Counter: a finished match's breakdown is in every view (quicker).
    tab, own, opp = ([suit(c) for c in cards] for cards in (tableau, pile, opponent_pile))
    suits: list[SuitScore] = []
    for s in SUITS:
        n, m = tab.count(s), own.count(s)
        suits.append({"suit": s, "tableau": n, "pile": m, "points": n * m})
    jacks: list[JackScore] = [{"card": c, "points": opp.count(suit(c))}
                              for c in tableau if is_jack(c)]
    total = sum(x["points"] for x in suits) + sum(j["points"] for j in jacks)
    return {"suits": suits, "jacks": jacks, "total": total}


# -- the state ------------------------------------------------------------------
class PlayedMatch(TypedDict):
    """A finished match, as everyone sees it afterwards: every card face up."""

    points: list[int]
    winners: list[int]
    tableau: list[list[str]]
    pile: list[list[str]]


@dataclass
class LoveMeNotState:
    """Everything about a game in progress; only :meth:`LoveMeNot.view` lets it out."""

    seed: int
    best_of: int
    rng: random.Random
    deck: list[str]
    drawn: list[list[str]] = field(default_factory=lambda: [[], []])
    tableau: list[list[str]] = field(default_factory=lambda: [[], []])
    pile: list[list[str]] = field(default_factory=lambda: [[], []])
    revealed: int = 0
    turn: int = 0
    history: list[PlayedMatch] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    over: bool = False


def _check_deck(value: Any) -> list[str]:
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(DECK):
        raise InvalidOptions(
            "option 'deck' must list each of the 20 cards 2H…5H, JH (likewise D, C, S) once"
        )
    return list(value)


# Who acts, by which seats still hold cards (seat 0 = 1, seat 1 = 2): built once,
# as to_act is asked before every move.
_ACTING: tuple[frozenset[int], ...] = (
    frozenset(), frozenset({0}), frozenset({1}), frozenset({0, 1}))


# -- the game ---------------------------------------------------------------------
class LoveMeNot(Game[LoveMeNotState]):
    """The rules of Love Me Not, on the engine contract."""

    id = "love-me-not"
    title = "Love Me Not"
    min_players = 2
    max_players = 2
    default_bot = "greedy"
    options = (
        Option("matches", int, 3, "3 = best of three (first to two wins), 1 = a single match",
               choices=(1, 3)),
        Option("deck", list, None, "20 cards, top first: stacks the first match"),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> LoveMeNotState:
        rng = generator(seed)
        if options["deck"] is not None:
            deck = _check_deck(options["deck"])
        else:
            deck = list(DECK)
            rng.shuffle(deck)
        # Every field given: the defaults' factories are worth skipping in playouts.
        state = LoveMeNotState(seed=seed, best_of=options["matches"], rng=rng, deck=deck,
                               drawn=[], tableau=[[], []], pile=[[], []], history=[],
                               wins=[0, 0])
        _start_turn(state)
        return state

    def players(self, state: LoveMeNotState) -> int:
        return 2

    def to_act(self, state: LoveMeNotState) -> frozenset[int]:
        if state.over:
            return _ACTING[0]
        drawn = state.drawn
        return _ACTING[(1 if drawn[0] else 0) + (2 if drawn[1] else 0)]

    def legal(self, state: LoveMeNotState, seat: int) -> Legal:
        if seat not in (0, 1) or state.over or not state.drawn[seat]:
            return Legal(choices=[])
        return Legal(choices=[{"keep": card} for card in state.drawn[seat]])

    def apply(self, state: LoveMeNotState, seat: int, action: Action) -> None:
        # A legal keep is by far the commonest call (every move of every playout), so it
        # is recognised and made here at once; anything else takes the engine's checks
        # and errors.
        if type(action) is dict and type(seat) is int and len(action) == 1 \
                and (seat == 0 or seat == 1) and not state.over:
            drawn = state.drawn
            hand = drawn[seat]
            card = action.get("keep")
            if type(card) is str and card in hand:
                state.tableau[seat].append(card)
                state.pile[seat].append(hand[1] if hand[0] == card else hand[0])
                drawn[seat] = []
                if not drawn[1 - seat]:
                    _end_turn(state)
                return
        super().apply(state, seat, action)

    def advance(self, state: LoveMeNotState, seat: int, action: Action) -> None:
        require_keys(action, ["keep"])
        card = action["keep"]
        hand = state.drawn[seat]
        if card not in hand:
            raise MalformedAction(
                f"you can only keep one of the two cards you drew ({hand[0]} or {hand[1]}),"
                f" not {card!r}"
            )
        self._keep(state, seat, card, hand)

    def _keep(self, state: LoveMeNotState, seat: int, card: str, hand: list[str]) -> None:
        other = hand[1] if hand[0] == card else hand[0]
        state.tableau[seat].append(card)
        state.pile[seat].append(other)
        state.drawn[seat] = []
        if not state.drawn[1 - seat]:
            _end_turn(state)

    def view(self, state: LoveMeNotState, seat: int | None) -> View:
        return _view(state, seat)

    def is_over(self, state: LoveMeNotState) -> bool:
        return state.over

    def result(self, state: LoveMeNotState) -> Result | None:
        if not state.over:
            return None
        points = [m["points"] for m in state.history]
        scores = points[0] if state.best_of == 1 else state.wins
        return Result.highest_wins(scores, {"match_points": points})


def rollout(state: LoveMeNotState, seat: int, rng: random.Random) -> Action:
    """A card to keep, uniformly at random, for search bots' playouts (without building
    the list of legal actions first)."""
    return {"keep": state.drawn[seat][rng.getrandbits(1)]}


# -- how a turn and a match unfold ------------------------------------------------
def _start_turn(state: LoveMeNotState) -> None:
    state.turn += 1
    deck = state.deck
    state.drawn = [deck[:2], deck[2:4]]
    del deck[:4]


def _end_turn(state: LoveMeNotState) -> None:
    # The card kept in turn t shows once both have chosen in turn t+1.
    state.revealed = state.turn - 1
    if state.turn < TURNS:
        _start_turn(state)
        return
    _end_match(state)


def _end_match(state: LoveMeNotState) -> None:
    state.revealed = TURNS
    t, p = state.tableau, state.pile
    a, b = score(t[0], p[0], p[1]), score(t[1], p[1], p[0])
    points = [a, b]
    winners = [0] if a > b else [1] if b > a else [0, 1]
    # The history keeps the match's own lists: a new match gets new ones, and nothing
    # changes them once the match is over.
    state.history.append({"points": points, "winners": winners, "tableau": t, "pile": p})
    # Ruling: a tied match wins nobody a cube and another match is dealt.
    if len(winners) == 1:
        state.wins[winners[0]] += 1
    if state.best_of == 1 or max(state.wins) >= matches_to_win(state.best_of):
        state.over = True
        return
    state.deck = list(DECK)
    state.rng.shuffle(state.deck)
    state.tableau, state.pile = [[], []], [[], []]
    state.revealed, state.turn = 0, 0
    _start_turn(state)


# -- what a seat may see ------------------------------------------------------------
class TableauCard(TypedDict):
    card: str | None  # None: face down, and not yours
    revealed: bool


class SeatView(TypedDict):
    tableau: list[TableauCard]
    pile: list[str] | None  # None: not yours, and the match is not over
    pile_count: int
    chosen: bool  # has kept a card this turn


class MatchSummary(PlayedMatch):
    breakdown: list[Breakdown]  # per seat: how its points add up


class OwnPoints(TypedDict):
    """The points a seat can count from its own cards (its tableau × its pile, suit by
    suit): now, and after keeping each card of its hand. Its jacks' bonus is not in them:
    it counts the other pile, which stays hidden until the match ends."""

    now: int
    if_kept: dict[str, int]


class LoveMeNotView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) may know."""

    game: str
    seat: int | None
    match: int
    best_of: int
    to_win: int  # matches a player needs to win the game
    turn: int
    turns: int  # turns in a match
    deck_count: int
    hand: list[str]  # the two cards the seat drew this turn
    seats: list[SeatView]
    matches_won: list[int]
    history: list[MatchSummary]
    points: OwnPoints | None  # the seat's own, while a match is played; None for others
    over: bool


def _view(state: LoveMeNotState, seat: int | None) -> LoveMeNotView:
    revealed, over = state.revealed, state.over
    seats: list[SeatView] = []
    for s in (0, 1):
        cards, pile = state.tableau[s], state.pile[s]
        tableau: list[TableauCard]
        if s == seat:
            tableau = [{"card": c, "revealed": i < revealed} for i, c in enumerate(cards)]
        else:
            tableau = [{"card": c, "revealed": True} for c in cards[:revealed]]
            tableau += [{"card": None, "revealed": False} for _ in cards[revealed:]]
        seats.append({"tableau": tableau, "pile": pile[:] if s == seat or over else None,
                      "pile_count": len(pile), "chosen": not (state.drawn[s] or over)})
    return {
        "game": LoveMeNot.id,
        "seat": seat,
        "match": len(state.history) + (0 if over else 1),
        "best_of": state.best_of,
        "to_win": matches_to_win(state.best_of),
        "turn": state.turn,
        "turns": TURNS,
        "deck_count": len(state.deck),
        "hand": state.drawn[seat][:] if seat is not None else [],
        "seats": seats,
        "matches_won": state.wins[:],
        "history": [_summary(m) for m in state.history],
        "points": None if seat is None or over else _own_points(state, seat),
        "over": over,
    }


def _own_points(state: LoveMeNotState, seat: int) -> OwnPoints:
    tableau, pile = state.tableau[seat], state.pile[seat]
    return {"now": score(tableau, pile, []),
            "if_kept": points_if_kept(tableau, pile, state.drawn[seat])}


def copy_match(m: PlayedMatch) -> PlayedMatch:
    return {"points": list(m["points"]), "winners": list(m["winners"]),
            "tableau": [list(t) for t in m["tableau"]], "pile": [list(p) for p in m["pile"]]}


def _summary(m: PlayedMatch) -> MatchSummary:
    t, p = m["tableau"], m["pile"]
    return {**copy_match(m), "breakdown": [breakdown(t[0], p[0], p[1]),
                                          breakdown(t[1], p[1], p[0])]}
