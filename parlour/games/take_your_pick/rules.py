"""Take Your Pick: the rules.

Each round one player is the Subject; every other player (a reader) is dealt
cards that each carry two phrases. All readers at once secretly predict, for
each card, the phrase the Subject will pick, and choose the order they will
read them in. Then, starting left of the Subject, each reader reads one card
at a time; the Subject picks a phrase. A correct prediction scores 1 and the
reader goes on; the first miss ends that reader's turn and discards the rest.
The Subject scores the best reader's score of the round (standard), or one
point per correct prediction (large-group variant, one card per reader).

>>> game = TakeYourPick()
>>> state = game.setup(3, {"first_subject": 0}, seed=1)
>>> sorted(game.to_act(state))
[1, 2]
>>> [len(hand) for hand in state.hands]
[0, 3, 3]
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from parlour.engine import (
    Action,
    Arrangement,
    Game,
    IllegalAction,
    InvalidOptions,
    Legal,
    MalformedAction,
    Option,
    Result,
    generator,
    require_keys,
    resolve_options,
)

from .content import BUILTIN, Card, Deck, check_deck

STANDARD = "standard"
LARGE_GROUP = "large-group"
CARDS_PER_READER = {STANDARD: 3, LARGE_GROUP: 1}
ARRANGE_TASK = ("Predict the Subject's pick on each card, and read your surest first:"
                " the first miss ends your turn")

Phase = Literal["arrange", "read", "over"]
ARRANGE: Phase = "arrange"
READ: Phase = "read"
OVER: Phase = "over"


class Read(TypedDict):
    """One card read to the Subject, public once answered."""

    round: int
    subject: int
    reader: int
    card: list[str]
    guess: str
    pick: str
    correct: bool


class HeldHand(TypedDict):
    """A hand a reader was dealt: its cards (in reading order once arranged) and the
    reader's predictions for them. Only that reader ever sees it whole."""

    round: int
    cards: list[list[str]]
    guesses: list[str] | None


class PlayedRound(TypedDict):
    """A finished round: who was the Subject and every seat's points in it."""

    round: int
    subject: int
    scores: list[int]


# -- the state ------------------------------------------------------------------
@dataclass
class TakeYourPickState:
    """Everything about a game in progress; only :meth:`TakeYourPick.view` lets it out.

    Cards are numbers indexing ``cards``. ``draw`` is top first. A reader's
    ``hands`` entry holds their unread cards: in deal order until they arrange
    them, then in reading order with ``guesses`` aligned to it. ``held`` keeps every
    hand each seat was dealt, read or not: what the seat has seen stays in its view.
    """

    players: int
    variant: str
    subject_turns: int
    first_subject: int
    cards: Deck
    rng: random.Random
    draw: list[int]
    discard: list[int] = field(default_factory=list)
    table: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    guesses: list[list[str] | None] = field(default_factory=list)
    round: int = 0
    subject: int = 0
    phase: Phase = ARRANGE
    scores: list[int] = field(default_factory=list)
    round_scores: list[int] = field(default_factory=list)
    missed: list[bool] = field(default_factory=list)
    reads: list[Read] = field(default_factory=list)
    rounds: list[PlayedRound] = field(default_factory=list)
    held: list[list[HeldHand]] = field(default_factory=list)

    @property
    def per_reader(self) -> int:
        return CARDS_PER_READER[self.variant]

    @property
    def total_rounds(self) -> int:
        return self.players * self.subject_turns


def reading_order(players: int, subject: int) -> list[int]:
    """The readers, starting with the player to the Subject's left (clockwise).

    >>> reading_order(4, 2)
    [3, 0, 1]
    """
    return [(subject + k) % players for k in range(1, players)]


def current_reader(state: TakeYourPickState) -> int | None:
    """The reader whose turn it is to read (the first in order with cards left)."""
    if state.phase != READ:
        return None
    return next((r for r in reading_order(state.players, state.subject) if state.hands[r]), None)


def subject_points(variant: str, reader_points: list[int]) -> int:
    """What the Subject earns from the readers' points this round.

    Standard: the highest score among the readers (0 if every reader missed
    their first card). Large-group: one point per correct prediction.

    >>> subject_points("standard", [0, 2, 3])
    3
    >>> subject_points("large-group", [1, 0, 1, 1])
    3
    >>> subject_points("standard", [0, 0, 0])
    0
    """
    if not reader_points:
        return 0
    return max(reader_points) if variant == STANDARD else sum(reader_points)


# -- options --------------------------------------------------------------------
def _deck_option(value: Any, players: int, per_reader: int, name: str) -> Deck:
    cards = Deck(check_deck(value, f"option {name!r}"))
    need = (players - 1) * per_reader
    if len(cards) < need:
        raise InvalidOptions(
            f"option {name!r} needs at least {need} cards to deal a round to {players - 1}"
            f" readers (got {len(cards)})"
        )
    return cards


def fixes_hands(cards: int, deal: int, rounds: int) -> bool:
    """Whether a deck of ``cards`` lets a reader who knows what is in it work out other
    readers' hands, when each round deals ``deal`` cards (docs/rulings.md).

    Unless the draw pile still holds twice a round's deal before the last deal (so it never
    runs out and no card comes back), a reader who knows the deck can tell which cards the
    other readers hold, or that most of the ones they cannot see are in hands: with six
    pairs at three players, every card is dealt and each hand is fixed.

    >>> fixes_hands(6, deal=6, rounds=3), fixes_hands(23, 6, 3), fixes_hands(24, 6, 3)
    (True, True, False)
    """
    return cards < (rounds + 1) * deal


# -- the game ---------------------------------------------------------------------
class TakeYourPick(Game[TakeYourPickState]):
    """The rules of Take Your Pick, on the engine contract."""

    id = "take-your-pick"
    title = "Take Your Pick"
    min_players = 3
    max_players = 10
    default_bot = "persona"
    options = (
        Option("variant", str, STANDARD,
               "standard (3 cards each, stop at the first miss) or large-group (1 card each,"
               " the Subject scores every correct prediction)", choices=(STANDARD, LARGE_GROUP)),
        Option("deck", list, None, "phrase pairs [[a, b], ...], top first: replaces the"
               " built-in deck and is not shuffled before the first deal"),
        Option("pairs", list, None, "your own phrase pairs [[a, b], ...]: replace the"
               " built-in deck and are shuffled like it", content=True),
        Option("first_subject", int, None, "the seat of the first Subject (default: drawn"
               " at random from the seed)", minimum=0, maximum=9, seat=True),
        Option("subject_turns", int, 1, "how many times each player is the Subject",
               minimum=1, maximum=5),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> TakeYourPickState:
        rng = generator(seed)
        variant = options["variant"]
        if options["deck"] is not None and options["pairs"] is not None:
            raise InvalidOptions("give option 'deck' (stacked) or 'pairs' (shuffled), not both")
        if options["deck"] is not None:
            cards = _deck_option(options["deck"], players, CARDS_PER_READER[variant], "deck")
            draw = list(range(len(cards)))
        else:
            cards = BUILTIN
            if options["pairs"] is not None:
                cards = _deck_option(options["pairs"], players, CARDS_PER_READER[variant],
                                     "pairs")
            draw = list(range(len(cards)))
            rng.shuffle(draw)
        first = options["first_subject"]
        if first is None:
            first = rng.randrange(players)
        elif first >= players:
            raise InvalidOptions(
                f"option 'first_subject' must be a seat from 0 to {players - 1} (got {first})"
            )
        state = TakeYourPickState(
            players=players, variant=variant, subject_turns=options["subject_turns"],
            first_subject=first, cards=cards, rng=rng, draw=draw,
            scores=[0] * players, held=[[] for _ in range(players)],
        )
        _start_round(state)
        return state

    def fixing_content(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """Own pairs that leave too few cards undealt: see :func:`fixes_hands`."""
        try:
            resolved = resolve_options(self.options, options)
        except InvalidOptions:
            return []  # refused where the options are checked, not here
        pairs = resolved["pairs"]
        if not isinstance(pairs, list):
            return []
        deal = (players - 1) * CARDS_PER_READER[resolved["variant"]]
        rounds = players * resolved["subject_turns"]
        return ["pairs"] if fixes_hands(len(pairs), deal, rounds) else []

    def players(self, state: TakeYourPickState) -> int:
        return state.players

    def to_act(self, state: TakeYourPickState) -> frozenset[int]:
        if state.phase == ARRANGE:
            return frozenset(r for r in reading_order(state.players, state.subject)
                             if state.guesses[r] is None)
        if state.phase == READ:
            return frozenset({state.subject})
        return frozenset()

    def legal(self, state: TakeYourPickState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        if state.phase == ARRANGE:
            cards = [list(state.cards[c]) for c in state.hands[seat]]
            return Legal(spec=Arrangement("guesses", cards=cards, label=ARRANGE_TASK,
                                          about={"subject": state.subject}))
        a, b = _card_being_read(state)
        return Legal(choices=[{"pick": a}, {"pick": b}])

    def why_not(self, state: TakeYourPickState, seat: int) -> str:
        return _why_not(state, seat)

    def advance(self, state: TakeYourPickState, seat: int, action: Action) -> None:
        if state.phase == ARRANGE:
            if "pick" in action:
                raise IllegalAction("no card is being read yet: the readers are still"
                                    " setting their predictions")
            require_keys(action, ["guesses"])
            order, guesses = _parse_guesses(state, seat, action["guesses"])
            state.hands[seat] = order
            state.guesses[seat] = guesses
            _keep_hand(state, seat, guesses)
            if all(state.guesses[r] is not None
                   for r in reading_order(state.players, state.subject)):
                state.phase = READ
            return
        if "guesses" in action:
            raise IllegalAction("the predictions are set: the Subject is answering now")
        require_keys(action, ["pick"])
        _resolve_pick(state, action["pick"])

    def is_over(self, state: TakeYourPickState) -> bool:
        return state.phase == OVER

    def result(self, state: TakeYourPickState) -> Result | None:
        if state.phase != OVER:
            return None
        return Result.highest_wins(state.scores, {"variant": state.variant,
                                                  "rounds": copy.deepcopy(state.rounds)})


# -- validating input ----------------------------------------------------------------
def _parse_guesses(state: TakeYourPickState, seat: int, raw: Any) -> tuple[list[int], list[str]]:
    """The hand in reading order and the predictions, or a clear error (nothing changed).

    Messages repeat only what the reader sent, never their cards: an error
    may be shown where others can see it.
    """
    hand = state.hands[seat]
    if not isinstance(raw, list) or not all(isinstance(g, str) for g in raw):
        raise MalformedAction("'guesses' must be a list of phrases: for each of your cards,"
                              " in the order you will read them, the phrase you predict")
    if len(raw) != len(hand):
        raise MalformedAction(f"name one phrase of each of your {len(hand)} cards"
                              f" (got {len(raw)})")
    owner = {phrase: c for c in hand for phrase in state.cards[c]}
    order: list[int] = []
    for guess in raw:
        if guess not in owner:
            raise MalformedAction(f"{guess!r} is not a phrase on your cards")
        if owner[guess] in order:
            first = raw[order.index(owner[guess])]
            raise MalformedAction(f"{first!r} and {guess!r} are on the same card:"
                                  " name one phrase of each card, each card once")
        order.append(owner[guess])
    return order, list(raw)


def _why_not(state: TakeYourPickState, seat: int) -> str:
    """Why a seat may not act now (it names only public facts)."""
    if state.phase == READ:
        return (f"seat {seat} may not act now: the Subject (seat {state.subject}) is answering"
                f" seat {current_reader(state)}'s card")
    if seat == state.subject:
        return (f"seat {seat} may not act now: the Subject waits while the readers set their"
                " predictions")
    return (f"seat {seat} may not act now: your predictions are set (they are final);"
            " waiting for the other readers")


def _card_being_read(state: TakeYourPickState) -> Card:
    reader = current_reader(state)
    assert reader is not None
    return state.cards[state.hands[reader][0]]


# -- how a round unfolds ------------------------------------------------------------------
def _start_round(state: TakeYourPickState) -> None:
    state.round += 1
    state.subject = (state.first_subject + state.round - 1) % state.players
    state.phase = ARRANGE
    state.hands = [[] for _ in range(state.players)]
    state.guesses = [None] * state.players
    state.round_scores = [0] * state.players
    state.missed = [False] * state.players
    # Ruling: dealt one card at a time, clockwise from the Subject's left.
    for _ in range(state.per_reader):
        for reader in reading_order(state.players, state.subject):
            state.hands[reader].append(_draw_card(state))
    for reader in reading_order(state.players, state.subject):
        _keep_hand(state, reader, None)


def _keep_hand(state: TakeYourPickState, seat: int, guesses: list[str] | None) -> None:
    """Keep the seat's hand of this round as it now stands (in reading order once
    arranged), replacing what was kept of it before."""
    kept: HeldHand = {"round": state.round, "guesses": None if guesses is None else list(guesses),
                      "cards": [list(state.cards[c]) for c in state.hands[seat]]}
    held = state.held[seat]
    if held and held[-1]["round"] == state.round:
        held[-1] = kept
    else:
        held.append(kept)


def _draw_card(state: TakeYourPickState) -> int:
    if not state.draw:
        # The draw pile ran out: the discards are shuffled to make a new one.
        state.draw, state.discard = state.discard, []
        state.rng.shuffle(state.draw)
    return state.draw.pop(0)


def _resolve_pick(state: TakeYourPickState, pick: Any) -> None:
    reader = current_reader(state)
    assert reader is not None
    card = state.hands[reader][0]
    a, b = state.cards[card]
    if pick not in (a, b):
        raise MalformedAction(f"pick {a!r} or {b!r}: those are the phrases on the card"
                              f" being read (got {pick!r})")
    guesses = state.guesses[reader]
    assert guesses is not None
    guess = guesses[0]
    correct = pick == guess
    state.reads.append({"round": state.round, "subject": state.subject, "reader": reader,
                        "card": [a, b], "guess": guess, "pick": pick, "correct": correct})
    state.table.append(card)
    del state.hands[reader][0]
    del guesses[0]
    if correct:
        state.round_scores[reader] += 1
    else:
        # The first miss ends the turn: the unread cards are discarded unseen.
        state.missed[reader] = True
        state.discard.extend(state.hands[reader])
        state.hands[reader] = []
        guesses.clear()
    if current_reader(state) is None:
        _end_round(state)


def _end_round(state: TakeYourPickState) -> None:
    readers = reading_order(state.players, state.subject)
    gained = subject_points(state.variant, [state.round_scores[r] for r in readers])
    state.round_scores[state.subject] = gained
    for seat in range(state.players):
        state.scores[seat] += state.round_scores[seat]
    state.rounds.append({"round": state.round, "subject": state.subject,
                         "scores": list(state.round_scores)})
    # Ruling: points are tallies; every card of the round goes to the discard pile.
    state.discard.extend(state.table)
    state.table = []
    if state.round >= state.total_rounds:
        state.phase = OVER
        state.guesses = [None] * state.players
        state.round_scores = [0] * state.players
        state.missed = [False] * state.players
        return
    _start_round(state)
