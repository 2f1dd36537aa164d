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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import (
    Action,
    Game,
    InvalidOptions,
    Legal,
    MalformedAction,
    Option,
    Ranking,
    Result,
    View,
    require_keys,
)

from .content import STANDARD, DeckDataError, check_word, norm
from .narrate import narrate

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


def clockwise_from(dealer: int, players: int) -> list[int]:
    """Every seat but the dealer's, starting at the dealer's left."""
    return [(dealer + k) % players for k in range(1, players)]


def score_round(dealer: int, rankings: list[list[str]]) -> dict[str, Any]:
    """Who wins which of the five cards, from every seat's ranking (the dealer's included).

    The tied best take cards in the dealer's order (their #1 first), handed
    round clockwise from the dealer's left; the rest are discarded.
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
class WityState:
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
    history: list[dict[str, Any]] = field(default_factory=list)
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
        except DeckDataError as exc:
            raise InvalidOptions(f"option 'deck': {exc}") from None
        if norm(word) in seen:
            raise InvalidOptions(f"option 'deck': deck entry {i} {word!r} appears twice")
        seen.add(norm(word))
    if len(value) < needed:
        raise InvalidOptions(
            f"option 'deck' needs at least {needed} words for this game "
            f"(5 per round, one round per deal); it has {len(value)}"
        )
    return list(value)


def _shuffled_deck(rng: random.Random, side: str) -> list[str]:
    order = list(STANDARD.cards)
    rng.shuffle(order)
    if side == "random":
        return [card.side(rng.choice(("front", "back"))) for card in order]
    return [card.side(side) for card in order]


# -- the game --------------------------------------------------------------------------
class WhatsItToYa(Game[WityState]):
    """The rules of What's It to Ya?, on the engine contract."""

    id = "whats-it-to-ya"
    title = "What's It to Ya?"
    min_players = 3
    max_players = 6
    default_bot = "persona"
    options = (
        Option("deck", list, None, "words, top first (5 per round): stacks the whole game"),
        Option("dealer_turns", int, 2, "times each player deals: 2, or 3 for a longer game",
               choices=(2, 3)),
        Option("first_dealer", int, None, "seat of the first dealer (default: drawn at random)",
               minimum=0, maximum=5),
        Option("side", str, "random", "which side of each card is played: front, back, "
               "or random (drawn per card)", choices=SIDES),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> WityState:
        rng = random.Random(seed)
        turns = options["dealer_turns"]
        first = options["first_dealer"]
        if first is not None and first >= players:
            raise InvalidOptions(f"option 'first_dealer' must be a seat 0–{players - 1}")
        if first is None:
            first = rng.randrange(players)
        if options["deck"] is not None:
            deck = _stacked_deck(options["deck"], CARDS_PER_ROUND * players * turns)
        else:
            deck = _shuffled_deck(rng, options["side"])
        state = WityState(seed=seed, rng=rng, players=players, dealer_turns=turns,
                          side=options["side"], first_dealer=first, deck=deck,
                          total_cards=len(deck), dealer=first,
                          won=[[] for _ in range(players)])
        _deal(state)
        return state

    def players(self, state: WityState) -> int:
        return state.players

    def to_act(self, state: WityState) -> frozenset[int]:
        if state.over:
            return frozenset()
        return frozenset(s for s in range(state.players) if state.rankings[s] is None)

    def legal(self, state: WityState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        return Legal(spec=Ranking("rank", items=list(state.table)))

    def advance(self, state: WityState, seat: int, action: Action) -> None:
        ranking = read_ranking(action, state.table)
        state.rankings[seat] = ranking
        if all(r is not None for r in state.rankings):
            _end_round(state)

    def view(self, state: WityState, seat: int | None) -> View:
        return _view(state, seat)

    def narrate(self, before: View, after: View, names: Sequence[str]) -> list[str]:
        return narrate(before, after, names)

    def is_over(self, state: WityState) -> bool:
        return state.over

    def result(self, state: WityState) -> Result | None:
        if not state.over:
            return None
        scores = [len(cards) for cards in state.won]
        details = {"cards_won": scores, "discarded": len(state.discarded),
                   "rounds": _copy_history(state)}
        return Result.highest_wins(scores, details)

    # -- for bots and search ------------------------------------------------------------
    def rollout_action(self, state: WityState, seat: int, rng: random.Random) -> Action:
        items = list(state.table)
        rng.shuffle(items)
        return {"rank": items}

    def determinize(self, view: View, seat: int, rng: random.Random) -> WityState:
        from .knowledge import determinize

        return determinize(view, seat, rng)

    def bots(self) -> Mapping[str, Any]:
        from .bots import PersonaAgent

        return {"persona": PersonaAgent}


def read_ranking(action: Action, table: list[str]) -> list[str]:
    """The ranking in an action, checked against the five words shown; words as printed."""
    require_keys(action, ["rank"])
    ranking = action["rank"]
    shown = ", ".join(table)
    if not isinstance(ranking, list) or not all(isinstance(w, str) for w in ranking):
        raise MalformedAction(f"'rank' must list the five words shown, most important first"
                              f" ({shown})")
    printed = {norm(w): w for w in table}
    out: list[str] = []
    for word in ranking:
        if norm(word) not in printed:
            raise MalformedAction(f"{word!r} is not one of the five words shown ({shown})")
        if printed[norm(word)] in out:
            raise MalformedAction(f"{word!r} is ranked twice: rank each word shown once")
        out.append(printed[norm(word)])
    if len(out) != CARDS_PER_ROUND:
        raise MalformedAction(f"rank all five words shown, most important first ({shown});"
                              f" got {len(out)}")
    return out


# -- how a round unfolds ------------------------------------------------------------------
def _deal(state: WityState) -> None:
    state.table = state.deck[:CARDS_PER_ROUND]
    del state.deck[:CARDS_PER_ROUND]
    state.rankings = [None] * state.players


def _end_round(state: WityState) -> None:
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
    state.history.append({"round": len(state.history) + 1, "dealer": state.dealer,
                          "cards": list(state.table), "rankings": rankings, **outcome,
                          "dealer_discarded": penalty})
    state.history_json = json.dumps(state.history)
    state.table, state.rankings = [], [None] * state.players
    if len(state.history) == state.rounds:
        state.over = True
        return
    state.dealer = (state.dealer + 1) % state.players
    _deal(state)


def _copy_history(state: WityState) -> list[dict[str, Any]]:
    # Decoding the kept JSON: a deep copy several times faster than copy.deepcopy.
    history: list[dict[str, Any]] = json.loads(state.history_json)
    return history


# -- what a seat may see ----------------------------------------------------------------------
def _view(state: WityState, seat: int | None) -> View:
    mine = state.rankings[seat] if seat is not None and not state.over else None
    result = WhatsItToYa().result(state) if state.over else None
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
        # Whether a seat has ranked is public; what it ranked is not, until the reveal.
        "submitted": [r is not None for r in state.rankings] if not state.over
        else [False] * state.players,
        "my_ranking": list(mine) if mine is not None else None,
        "won": [list(cards) for cards in state.won],
        "cards_won": [len(cards) for cards in state.won],
        "discarded": list(state.discarded),
        "history": _copy_history(state),
        "over": state.over,
        "winners": result.winners if result is not None else None,
    }
