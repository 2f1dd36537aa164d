"""My Favourite Things: the rules.

Three to six players, two rounds. In each round every player gives a
neighbour a category (the left one in round 1, the right one in round 2);
that neighbour writes six entries on the giver's cards — their favourite
thing in the category (rank 1), four more in order of preference (2–5) and one
thing they dislike (the Broken Heart, written here as rank 0) — and the
sleeves go back, shuffled, to the giver, who sees the entries but not the
ranks. Then five tricks: the marker holder and then each player clockwise
plays a sleeve face up; the ranks are revealed; the lowest number wins a
heart, except that a Broken Heart beats a 1. The sixth sleeve is not played.
Most hearts after two rounds wins; tied players share the victory.

>>> game = MyFavouriteThings()
>>> state = game.setup(3, seed=1)
>>> sorted(game.to_act(state))
[0, 1, 2]
>>> game.legal(state, 0).spec.key
'category'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.engine import (
    Action,
    Game,
    IllegalAction,
    InvalidOptions,
    Legal,
    MalformedAction,
    Option,
    Result,
    Text,
    Texts,
    View,
)

from .content import CONTENT, MAX_TEXT, SET_SIZE, key, text_problem

# -- the game's facts ---------------------------------------------------------
ROUNDS = 2
TRICKS = 5
BROKEN_HEART = 0
RANKS = (1, 2, 3, 4, 5, BROKEN_HEART)
"""The rank behind each position of a written set: five favourites in order, then the dislike."""
LABELS = ("1st favourite", "2nd favourite", "3rd favourite", "4th favourite",
          "5th favourite", "Broken Heart (a thing you dislike)")
DIRECTIONS = {1: "left", 2: "right"}
CATEGORY, WRITING, PLAY, OVER = "category", "writing", "play", "over"
VERB = {CATEGORY: "give a category", WRITING: "write entries", PLAY: "play a sleeve"}
KEY = {CATEGORY: "category", WRITING: "write", PLAY: "play"}
SUGGESTIONS = 8


def trick_winner(ranks: list[int]) -> int:
    """The position (in play order) of the winning card among revealed ranks.

    The lowest number wins; a Broken Heart (0) loses to every number, except
    that it beats the whole trick when a 1 is in it. Ties go to the earliest.

    >>> trick_winner([1, BROKEN_HEART, 3, BROKEN_HEART])
    1
    >>> trick_winner([4, BROKEN_HEART, 3])
    2
    """
    if 1 in ranks and BROKEN_HEART in ranks:
        return ranks.index(BROKEN_HEART)
    numbers = [r for r in ranks if r != BROKEN_HEART]
    return ranks.index(min(numbers)) if numbers else 0


def writer_of(giver: int, round_no: int, players: int) -> int:
    """Who writes on ``giver``'s cards: the left neighbour in round 1, the right in round 2."""
    step = 1 if round_no == 1 else -1
    return (giver + step) % players


def giver_for(writer: int, round_no: int, players: int) -> int:
    """Whose cards ``writer`` fills in (the seat that gave them their category)."""
    step = 1 if round_no == 1 else -1
    return (writer - step) % players


def rank_of(ranked: list[str], entry: str) -> int:
    """The rank behind ``entry`` in a set written in rank order."""
    return RANKS[ranked.index(entry)]


# -- the state ------------------------------------------------------------------
@dataclass
class MFTState:
    """Everything about a game in progress; only :meth:`MyFavouriteThings.view` lets it out.

    Per round, indexed by the giver (who is also the holder of the sleeves):
    ``categories[g]`` is the category ``g`` gave, ``sets[g]`` the entries
    written on ``g``'s cards in rank order (1–5, then the Broken Heart), and
    ``hands[g]`` the entries still in ``g``'s hand, in shuffled order.
    """

    seed: int
    rng: random.Random
    players: int
    first_player: int
    marker: int
    round: int = 1
    phase: str = CATEGORY
    categories: list[str | None] = field(default_factory=list)
    sets: list[list[str] | None] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_number: int = 0
    hearts: list[int] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)


# -- the game ---------------------------------------------------------------------
class MyFavouriteThings(Game[MFTState]):
    """The rules of My Favourite Things, on the engine contract."""

    id = "my-favourite-things"
    title = "My Favourite Things"
    min_players = 3
    max_players = 6
    default_bot = "fan"
    options = (
        Option("first_player", int, 0, "the seat that holds the first-player marker at the start",
               minimum=0, maximum=5),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> MFTState:
        first = options["first_player"]
        if first >= players:
            raise InvalidOptions(
                f"option 'first_player' must be a seat from 0 to {players - 1} (got {first})"
            )
        state = MFTState(seed=seed, rng=random.Random(seed), players=players,
                         first_player=first, marker=first, hearts=[0] * players)
        _start_round(state, 1)
        return state

    def players(self, state: MFTState) -> int:
        return state.players

    def to_act(self, state: MFTState) -> frozenset[int]:
        n = state.players
        if state.phase == CATEGORY:
            return frozenset(g for g in range(n) if state.categories[g] is None)
        if state.phase == WRITING:
            return frozenset(w for w in range(n)
                             if state.sets[giver_for(w, state.round, n)] is None)
        if state.phase == PLAY:
            return frozenset({_next_player(state)})
        return frozenset()

    def legal(self, state: MFTState, seat: int) -> Legal:
        if seat not in self.to_act(state):
            return Legal(choices=[])
        if state.phase == CATEGORY:
            return Legal(spec=_category_spec(state, seat))
        if state.phase == WRITING:
            return Legal(spec=_writing_spec(state, seat))
        return Legal(choices=[{"play": e} for e in state.hands[seat]])

    def why_not(self, state: MFTState, seat: int) -> str:
        return _not_your_turn(state, seat)

    def advance(self, state: MFTState, seat: int, action: Action) -> None:
        _check_shape(state, action)
        if state.phase == CATEGORY:
            state.categories[seat] = _clean_category(action["category"])
            if all(c is not None for c in state.categories):
                state.phase = WRITING
        elif state.phase == WRITING:
            entries = clean_entries(action["write"])
            state.sets[giver_for(seat, state.round, state.players)] = entries
            if all(s is not None for s in state.sets):
                _start_play(state)
        else:
            entry = _find_sleeve(state.hands[seat], action["play"])
            state.hands[seat].remove(entry)
            state.trick.append((seat, entry))
            if len(state.trick) == state.players:
                _end_trick(state)

    def view(self, state: MFTState, seat: int | None) -> View:
        from .views import view

        return view(state, seat)

    def narrate(self, before: View, after: View, names: Sequence[str]) -> list[str]:
        from .narrate import narrate

        return narrate(before, after, names)

    def is_over(self, state: MFTState) -> bool:
        return state.phase == OVER

    def result(self, state: MFTState) -> Result | None:
        if state.phase != OVER:
            return None
        from .views import copy_round, copy_trick

        details = {
            "hearts_by_round": [list(r["hearts"]) for r in state.rounds],
            "rounds": [copy_round(r) for r in state.rounds],
            "tricks": [copy_trick(t) for t in state.tricks],
        }
        return Result.highest_wins(state.hearts, details)

    # -- for bots ----------------------------------------------------------------
    def rollout_action(self, state: MFTState, seat: int, rng: random.Random) -> Action:
        if state.phase == CATEGORY:
            return {"category": rng.choice(CONTENT.with_examples())}
        if state.phase == WRITING:
            category = state.categories[giver_for(seat, state.round, state.players)]
            return {"write": random_set(category or "", rng)}
        return {"play": rng.choice(state.hands[seat])}

    def determinize(self, view: View, seat: int, rng: random.Random) -> MFTState:
        from .knowledge import determinize

        return determinize(view, seat, rng)

    def bots(self) -> Mapping[str, Any]:
        from .bots import FanAgent, PersonaAgent

        return {"fan": FanAgent, "persona": PersonaAgent}


def random_set(category: str, rng: random.Random) -> list[str]:
    """Six distinct entries for ``category`` at random: its bundled examples, else generic ones."""
    pool = list(CONTENT.examples(category))
    if len(pool) < SET_SIZE:
        pool = list(CONTENT.fallback)
    return rng.sample(pool, SET_SIZE)


# -- checking input ---------------------------------------------------------------
def _check_shape(state: MFTState, action: Action) -> None:
    want = KEY[state.phase]
    if sorted(action) == [want]:
        return
    for phase, other in KEY.items():
        if sorted(action) == [other]:
            raise IllegalAction(
                f"you cannot {VERB[phase]} now: it is time to {VERB[state.phase]}"
                f" (send {{{want!r}: ...}})"
            )
    raise MalformedAction(
        f"expected an action with the single key {want!r} (got {sorted(map(str, action))})"
    )


def _clean_category(value: Any) -> str:
    problem = text_problem(value, "a category")
    if problem:
        raise MalformedAction(problem)
    return str(value).strip()


def clean_entries(value: Any) -> list[str]:
    """Six trimmed, valid, distinct entries (ranks 1–5, then the Broken Heart), or raise."""
    if not isinstance(value, list) or len(value) != SET_SIZE:
        raise MalformedAction(
            "write six entries, in order: your favourite, four more in order of preference,"
            " then a thing you dislike"
        )
    seen: dict[str, int] = {}
    out = []
    for i, entry in enumerate(value):
        problem = text_problem(entry, f"the {LABELS[i]}")
        if problem:
            raise MalformedAction(problem)
        if key(entry) in seen:
            raise MalformedAction(
                f"the {LABELS[i]} repeats the {LABELS[seen[key(entry)]]}: each of the six"
                " entries must be different"
            )
        seen[key(entry)] = i
        out.append(entry.strip())
    return out


def _find_sleeve(hand: list[str], value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAction("name the sleeve to play by what is written on it")
    if value in hand:
        return value
    matches = [e for e in hand if key(e) == key(value)]
    if matches:
        return matches[0]
    raise IllegalAction(
        f"you have no sleeve {value.strip()[:MAX_TEXT]!r} in your hand"
        f" (your hand: {', '.join(hand)})"
    )


def _not_your_turn(state: MFTState, seat: int) -> str:
    if state.phase == CATEGORY:
        return f"seat {seat} has already given a category this round"
    if state.phase == WRITING:
        return f"seat {seat} has already written their six entries this round"
    return f"it is seat {_next_player(state)}'s turn to play, not seat {seat}'s"


# -- legal specs --------------------------------------------------------------------
def _category_spec(state: MFTState, seat: int) -> Text:
    receiver = writer_of(seat, state.round, state.players)
    # Seeded by round and seat only: the game's seed is secret (it shuffled the hands).
    rng = random.Random(f"suggest:{state.round}:{seat}")
    return Text(
        key="category",
        max_length=MAX_TEXT,
        label=f"A category for player {receiver + 1} (your {DIRECTIONS[state.round]} neighbour)",
        about={"for": receiver},
        suggestions=rng.sample(CONTENT.categories, SUGGESTIONS),
        pool=CONTENT.categories,
    )


def _writing_spec(state: MFTState, seat: int) -> Texts:
    giver = giver_for(seat, state.round, state.players)
    category = state.categories[giver] or ""
    examples = list(CONTENT.examples(category))
    return Texts(
        key="write",
        labels=list(LABELS),
        max_length=MAX_TEXT,
        about={"category": category, "for": giver},
        suggestions=examples,
        pool=examples if len(examples) >= SET_SIZE else list(CONTENT.fallback),
    )


# -- how a round unfolds ------------------------------------------------------------
def _next_player(state: MFTState) -> int:
    return (state.marker + len(state.trick)) % state.players


def _start_round(state: MFTState, round_no: int) -> None:
    n = state.players
    state.round = round_no
    state.phase = CATEGORY
    state.categories = [None] * n
    state.sets = [None] * n
    state.hands = [[] for _ in range(n)]
    state.trick = []
    state.trick_number = 0


def _start_play(state: MFTState) -> None:
    # The writer shuffles the sleeves before handing them back.
    for g, ranked in enumerate(state.sets):
        hand = list(ranked or [])
        state.rng.shuffle(hand)
        state.hands[g] = hand
    state.phase = PLAY
    state.trick_number = 1


def _end_trick(state: MFTState) -> None:
    ranks = [rank_of(state.sets[seat] or [], entry) for seat, entry in state.trick]
    plays = [{"seat": seat, "entry": entry, "rank": rank}
             for (seat, entry), rank in zip(state.trick, ranks, strict=True)]
    winner = state.trick[trick_winner(ranks)][0]
    state.hearts[winner] += 1
    state.tricks.append({"round": state.round, "number": state.trick_number,
                         "leader": state.marker, "plays": plays, "winner": winner})
    state.trick = []
    state.marker = (state.marker + 1) % state.players
    if state.trick_number < TRICKS:
        state.trick_number += 1
        return
    _end_round(state)


def _end_round(state: MFTState) -> None:
    n = state.players
    won = [0] * n
    for t in state.tricks:
        if t["round"] == state.round:
            won[t["winner"]] += 1
    state.rounds.append({
        "round": state.round,
        "direction": DIRECTIONS[state.round],
        "categories": list(state.categories),
        "writers": [writer_of(g, state.round, n) for g in range(n)],
        # Once five ranks of a set are shown, the sixth is plain to everyone.
        "sets": [list(s or []) for s in state.sets],
        "unplayed": [h[0] if h else None for h in state.hands],
        "hearts": won,
    })
    if state.round < ROUNDS:
        _start_round(state, state.round + 1)
    else:
        state.phase = OVER
