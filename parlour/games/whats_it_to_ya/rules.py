"""What's It to Ya?: the rules.

3–6 players. Each round the dealer turns up five word cards. Everyone ranks
them at once and in secret: the dealer from most (1) to least (5) important
to them, the others guessing the dealer's ranking. Then, card by card, a
guesser's answer is correct when their token on the card matches the
dealer's. The guessers with the most correct answers split the five cards by
the rulebook's table; if nobody has a correct answer the dealer discards one
of their won cards. The deal passes clockwise; the game ends when everyone
has dealt twice (or three times). Most cards wins; ties share the victory.

>>> game = WhatsItToYa()
>>> state = game.setup(3, {"first_dealer": 0}, seed=1)
>>> sorted(game.to_act(state)), len(game.view(state, 1)["table"])
([0, 1, 2], 5)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, TypedDict

from parlour.engine import (
    Action,
    ContentError,
    Game,
    InvalidOptions,
    Legal,
    Option,
    Ranking,
    Result,
    View,
    generator,
)

from .content import STANDARD, Deck, check_word, norm, parse_deck

# -- the game's facts -------------------------------------------------------------
CARDS_PER_ROUND = 5
SIDES = ("front", "back", "random")
SPLIT: dict[int, tuple[int, int]] = {1: (5, 0), 2: (2, 1), 3: (1, 2), 4: (1, 1), 5: (1, 0)}
"""The rulebook's "How to Split Cards": tied players -> (cards each, cards discarded)."""


def split_cards(tied: int) -> tuple[int, int]:
    """Cards each tied player takes, and cards discarded, by the rulebook's table.

    >>> split_cards(2)
    (2, 1)
    """
    if tied not in SPLIT:
        raise ValueError(f"the split table covers 1–5 tied players (got {tied})")
    return SPLIT[tied]


def count_correct(dealer: list[str], guess: list[str]) -> int:
    """Correct answers: cards on which the guesser's token matches the dealer's.

    Rankings list the words most important first, so a card's token is its
    position + 1, and a card matches when both put it at the same position.

    >>> count_correct(["a", "b", "c", "d", "e"], ["a", "c", "b", "d", "e"])
    3
    """
    return sum(1 for mine, theirs in zip(dealer, guess, strict=True) if mine == theirs)


def matches(dealer: list[str], guess: list[str]) -> list[bool]:
    """For each of the dealer's places, most important first, whether the guess put the
    same word there (what ``count_correct`` counts).

    >>> matches(["a", "b", "c", "d", "e"], ["a", "c", "b", "d", "e"])
    [True, False, False, True, True]
    """
    return [mine == theirs for mine, theirs in zip(dealer, guess, strict=True)]


def clockwise_from(dealer: int, players: int) -> list[int]:
    """Every seat but the dealer's, starting at the dealer's left."""
    return [(dealer + k) % players for k in range(1, players)]


class RoundOutcome(TypedDict):
    """How one round's five cards went: correct answers per seat (``None`` for the dealer),
    the best count, the tied best (clockwise from the dealer's left), the cards each took
    and the cards discarded."""

    correct: list[int | None]
    best: int
    winners: list[int]
    awarded: list[list[str]]
    discarded: list[str]


class PlayedRound(RoundOutcome):
    """A finished round as everyone sees it afterwards: every ranking face up."""

    round: int
    dealer: int
    cards: list[str]
    rankings: list[list[str]]
    matches: list[list[bool] | None]  # per seat, per dealer's place: matched (None: dealer)
    dealer_discarded: str | None


def score_round(dealer: int, rankings: list[list[str]]) -> RoundOutcome:
    """Who wins which of the five cards, from every seat's ranking (the dealer's included).

    The tied best take cards in the dealer's order (their #1 first), handed
    round clockwise from the dealer's left; the rest are discarded.

    >>> score_round(0, [["a", "b", "c", "d", "e"], ["a", "b", "c", "e", "d"],
    ...                 ["e", "d", "c", "b", "a"]])["awarded"]
    [[], ['a', 'b', 'c', 'd', 'e'], []]
    """
    players = len(rankings)
    order = rankings[dealer]
    correct: list[int | None] = [
        None if s == dealer else count_correct(order, rankings[s]) for s in range(players)
    ]
    best = max(c for c in correct if c is not None)
    awarded: list[list[str]] = [[] for _ in range(players)]
    if best == 0:
        return {"correct": correct, "best": 0, "winners": [], "awarded": awarded,
                "discarded": list(order)}
    winners = [s for s in clockwise_from(dealer, players) if correct[s] == best]
    each, _ = split_cards(len(winners))
    for k, seat in enumerate(winners):
        awarded[seat] = list(order[k * each:(k + 1) * each])
    return {"correct": correct, "best": best, "winners": winners, "awarded": awarded,
            "discarded": list(order[len(winners) * each:])}


# -- the state -----------------------------------------------------------------------
@dataclass
class WhatsItToYaState:
    """Everything about a game in progress; only :meth:`WhatsItToYa.view` lets it out."""

    seed: int
    rng: random.Random
    players: int
    dealer_turns: int
    side: str
    first_dealer: int
    deck: list[str]
    total_cards: int
    dealer: int = 0
    table: list[str] = field(default_factory=list)
    rankings: list[list[str] | None] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    history: list[PlayedRound] = field(default_factory=list)
    over: bool = False
    # The history as JSON, kept with it: every view hands out a fresh copy of it.
    history_json: str = "[]"

    @property
    def rounds(self) -> int:
        return self.players * self.dealer_turns


def _stacked_deck(value: Any, needed: int) -> list[str]:
    if not isinstance(value, list):
        raise InvalidOptions("option 'deck' must be a list of words, top first")
    seen: set[str] = set()
    for i, word in enumerate(value):
        try:
            check_word(word, f"deck entry {i}")
        except ContentError as exc:
            raise ContentError(f"option 'deck': {exc}") from None
        if norm(word) in seen:
            raise InvalidOptions(f"option 'deck': deck entry {i} {word!r} appears twice")
        seen.add(norm(word))
    if len(value) < needed:
        raise InvalidOptions(
            f"option 'deck' needs at least {needed} words for this game "
            f"(5 per round, one round per deal); it has {len(value)}"
        )
    return list(value)


def _own_cards(value: Any, needed: int) -> Deck:
    """The designer's own word cards (option ``cards``): the bundled file's format, as many
    cards as they like from ``needed`` up (every card gives one word to the game)."""
    count = len(value["cards"]) if isinstance(value, dict) and \
        isinstance(value.get("cards"), list) else 0
    if count < needed:
        raise InvalidOptions(f"option 'cards' needs at least {needed} cards for this game "
                             f"(5 per round, one round per deal); it has {count}")
    try:
        return parse_deck(value, count)
    except ContentError as exc:
        raise ContentError(f"option 'cards': {exc}") from None


def _shuffled_deck(rng: random.Random, side: str, deck: Deck = STANDARD) -> list[str]:
    order = list(deck.cards)
    rng.shuffle(order)
    if side == "random":
        return [card.side(rng.choice(("front", "back"))) for card in order]
    return [card.side(side) for card in order]


# -- the game --------------------------------------------------------------------------
class WhatsItToYa(Game[WhatsItToYaState]):
    """The rules of What's It to Ya?, on the engine contract."""

    id = "whats-it-to-ya"
    title = "What's It to Ya?"
    min_players = 3
    max_players = 6
    default_bot = "persona"
    options = (
        Option("deck", list, None, "words, top first (5 per round): stacks the whole game"),
        Option("cards", dict, None, "your own two-sided word cards, in the format of the "
               "bundled cards.json (any number of cards): shuffled like the bundled ones",
               content=True),
        Option("dealer_turns", int, 2, "times each player deals: 2, or 3 for a longer game",
               choices=(2, 3)),
        Option("first_dealer", int, None, "seat of the first dealer (default: drawn at random)",
               minimum=0, maximum=5, seat=True),
        Option("side", str, "random", "which side of each card is played: front, back, "
               "or random (drawn per card)", choices=SIDES),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> WhatsItToYaState:
        rng = generator(seed)
        turns = options["dealer_turns"]
        first = options["first_dealer"]
        if first is not None and first >= players:
            raise InvalidOptions(f"option 'first_dealer' must be a seat 0–{players - 1}")
        if first is None:
            first = rng.randrange(players)
        needed = CARDS_PER_ROUND * players * turns
        if options["deck"] is not None and options["cards"] is not None:
            raise InvalidOptions("give option 'deck' (stacked words) or 'cards', not both")
        if options["deck"] is not None:
            deck = _stacked_deck(options["deck"], needed)
        elif options["cards"] is not None:
            deck = _shuffled_deck(rng, options["side"], _own_cards(options["cards"], needed))
        else:
            deck = _shuffled_deck(rng, options["side"])
        state = WhatsItToYaState(seed=seed, rng=rng, players=players, dealer_turns=turns,
                                 side=options["side"], first_dealer=first, deck=deck,
                                 total_cards=len(deck), dealer=first,
                                 won=[[] for _ in range(players)])
        _deal(state)
        return state

    def players(self, state: WhatsItToYaState) -> int:
        return state.players

    def to_act(self, state: WhatsItToYaState) -> frozenset[int]:
        if state.over:
            return frozenset()
        return frozenset(s for s in range(state.players) if state.rankings[s] is None)

    def legal(self, state: WhatsItToYaState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        return Legal(spec=ranking_spec(state, seat))

    def advance(self, state: WhatsItToYaState, seat: int, action: Action) -> None:
        state.rankings[seat] = ranking_spec(state, seat).read(action)
        if all(r is not None for r in state.rankings):
            _end_round(state)

    def view(self, state: WhatsItToYaState, seat: int | None) -> View:
        return _view(state, seat)

    def is_over(self, state: WhatsItToYaState) -> bool:
        return state.over

    def result(self, state: WhatsItToYaState) -> Result | None:
        return final_result(state) if state.over else None


def final_result(state: WhatsItToYaState) -> Result:
    """Most cards won wins; a tie shares the victory."""
    scores = [len(cards) for cards in state.won]
    details = {"cards_won": scores, "discarded": len(state.discarded),
               "rounds": _copy_history(state)}
    return Result.highest_wins(scores, details)


DEALER_TASK = "Your own ranking — what matters most to you first"
GUESSER_TASK = "Your guess at the dealer's ranking — what matters most to them first"


def ranking_spec(state: WhatsItToYaState, seat: int) -> Ranking:
    """What a seat that may rank gives: every word on the table, most important first.

    The label says what the ranking is for (the dealer's own, or a guess at the
    dealer's); ``about`` tells front ends the seat's role and whose ranking is guessed,
    so they can name the dealer.
    """
    role = "dealer" if seat == state.dealer else "guesser"
    return Ranking("rank", items=list(state.table),
                   label=DEALER_TASK if role == "dealer" else GUESSER_TASK,
                   about={"role": role, "dealer": state.dealer})


# -- how a round unfolds ------------------------------------------------------------------
def _deal(state: WhatsItToYaState) -> None:
    state.table = state.deck[:CARDS_PER_ROUND]
    del state.deck[:CARDS_PER_ROUND]
    state.rankings = [None] * state.players


def _end_round(state: WhatsItToYaState) -> None:
    rankings = [list(r) for r in state.rankings if r is not None]
    outcome = score_round(state.dealer, rankings)
    for seat, cards in enumerate(outcome["awarded"]):
        state.won[seat].extend(cards)
    state.discarded.extend(outcome["discarded"])
    penalty = None
    # Ruling: the dealer's penalty card is the one they won most recently.
    if outcome["best"] == 0 and state.won[state.dealer]:
        penalty = state.won[state.dealer].pop()
        state.discarded.append(penalty)
    order = rankings[state.dealer]
    state.history.append({"round": len(state.history) + 1, "dealer": state.dealer,
                          "cards": list(state.table), "rankings": rankings, **outcome,
                          "matches": [None if s == state.dealer else matches(order, r)
                                      for s, r in enumerate(rankings)],
                          "dealer_discarded": penalty})
    state.history_json = json.dumps(state.history)
    state.table, state.rankings = [], [None] * state.players
    if len(state.history) == state.rounds:
        state.over = True
        return
    state.dealer = (state.dealer + 1) % state.players
    _deal(state)


def _copy_history(state: WhatsItToYaState) -> list[PlayedRound]:
    # Decoding the kept JSON: a deep copy several times faster than copy.deepcopy.
    history: list[PlayedRound] = json.loads(state.history_json)
    return history


# -- what a seat may see ----------------------------------------------------------------------
class WhatsItToYaView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) may know."""

    game: str
    seat: int | None
    players: int
    round: int
    rounds: int
    dealer_turns: int
    side: str
    first_dealer: int
    dealer: int | None  # None once the game is over
    deck_count: int
    total_cards: int
    table: list[str]
    submitted: list[bool]  # who has ranked this round (what they ranked stays secret)
    my_ranking: list[str] | None  # the seat's own ranking this round, once given
    won: list[list[str]]
    cards_won: list[int]
    discarded: list[str]
    history: list[PlayedRound]  # every finished round, rankings face up
    over: bool
    winners: list[int] | None


def _view(state: WhatsItToYaState, seat: int | None) -> WhatsItToYaView:
    mine = state.rankings[seat] if seat is not None and not state.over else None
    winners = Result.highest_wins([len(cards) for cards in state.won]).winners
    return {
        "game": WhatsItToYa.id,
        "seat": seat,
        "players": state.players,
        "round": min(len(state.history) + 1, state.rounds),
        "rounds": state.rounds,
        "dealer_turns": state.dealer_turns,
        "side": state.side,
        "first_dealer": state.first_dealer,
        "dealer": None if state.over else state.dealer,
        "deck_count": len(state.deck),
        "total_cards": state.total_cards,
        "table": list(state.table),
        "submitted": [r is not None for r in state.rankings] if not state.over
        else [False] * state.players,
        "my_ranking": list(mine) if mine is not None else None,
        "won": [list(cards) for cards in state.won],
        "cards_won": [len(cards) for cards in state.won],
        "discarded": list(state.discarded),
        "history": _copy_history(state),
        "over": state.over,
        "winners": winners if state.over else None,
    }
