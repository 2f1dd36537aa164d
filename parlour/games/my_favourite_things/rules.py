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
from typing import Any

from parlour.engine import (
    Action,
    ContentError,
    Game,
    IllegalAction,
    InvalidOptions,
    Legal,
    MalformedAction,
    Option,
    Result,
    Text,
    Texts,
    clean_text,
    generator,
)
from parlour.engine.narration import default_name

from .content import CONTENT, MAX_TEXT, SET_SIZE, Category, Content, key, parse
from .meaning import nearest
from .state import (
    BROKEN_HEART,
    CATEGORY,
    DIRECTIONS,
    LABELS,
    OVER,
    PLAY,
    ROUNDS,
    TRICKS,
    WRITING,
    MyFavouriteThingsState,
    Phase,
    copy_round,
    copy_trick,
    giver_for,
    rank_of,
    writer_of,
)

VERB: dict[Phase, str] = {CATEGORY: "give a category", WRITING: "write entries",
                          PLAY: "play a sleeve"}
KEY: dict[Phase, str] = {CATEGORY: "category", WRITING: "write", PLAY: "play"}
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


def won_by(ranks: list[int]) -> str:
    """Why the trick's winner won, for the table to say: ``broken_heart`` (it beats a 1),
    ``lowest`` (the lowest rank), ``lowest_first`` (the lowest, tied, played first).

    >>> won_by([1, BROKEN_HEART, 3]), won_by([4, 2, 3]), won_by([2, 5, 2])
    ('broken_heart', 'lowest', 'lowest_first')
    """
    winner = ranks[trick_winner(ranks)]
    if winner == BROKEN_HEART and 1 in ranks:
        return "broken_heart"
    return "lowest_first" if ranks.count(winner) > 1 else "lowest"


class MyFavouriteThings(Game[MyFavouriteThingsState]):
    """The rules of My Favourite Things, on the engine contract."""

    id = "my-favourite-things"
    title = "My Favourite Things"
    min_players = 3
    max_players = 6
    default_bot = "fan"
    options = (
        Option("first_player", int, 0, "the seat that holds the first-player marker at the start",
               minimum=0, maximum=5, seat=True),
        Option("categories", list, None, "your own categories, offered as ideas and given by "
               "the bots: entries like those of the bundled categories.json", content=True),
    )

    def new_state(self, players: int, options: dict[str, Any],
                  seed: int) -> MyFavouriteThingsState:
        first = options["first_player"]
        if first >= players:
            raise InvalidOptions(
                f"option 'first_player' must be a seat from 0 to {players - 1} (got {first})"
            )
        state = MyFavouriteThingsState(seed=seed, rng=generator(seed), players=players,
                                       first_player=first, marker=first, hearts=[0] * players,
                                       content=own_categories(options["categories"]))
        _start_round(state, 1)
        return state

    def players(self, state: MyFavouriteThingsState) -> int:
        return state.players

    def to_act(self, state: MyFavouriteThingsState) -> frozenset[int]:
        return seats_to_act(state)

    def legal(self, state: MyFavouriteThingsState, seat: int) -> Legal:
        if seat not in seats_to_act(state):
            return Legal(choices=[])
        if state.phase == PLAY:
            return Legal(choices=[{"play": e} for e in state.hands[seat]])
        return Legal(spec=input_spec(state, seat))

    def why_not(self, state: MyFavouriteThingsState, seat: int) -> str:
        who = default_name(seat)
        if state.phase == CATEGORY:
            return f"{who} has already given a category this round"
        if state.phase == WRITING:
            return f"{who} has already written their six entries this round"
        return f"it is {default_name(next_player(state))}'s turn to play, not {who}'s"

    def advance(self, state: MyFavouriteThingsState, seat: int, action: Action) -> None:
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

    def is_over(self, state: MyFavouriteThingsState) -> bool:
        return state.phase == OVER

    def result(self, state: MyFavouriteThingsState) -> Result | None:
        if state.phase != OVER:
            return None
        details = {
            "hearts_by_round": [list(r["hearts"]) for r in state.rounds],
            "rounds": [copy_round(r) for r in state.rounds],
            "tricks": [copy_trick(t) for t in state.tricks],
        }
        return Result.highest_wins(state.hearts, details)


def seats_to_act(state: MyFavouriteThingsState) -> frozenset[int]:
    """The seats that may act now: every seat still to give or write, or the next to play."""
    n = state.players
    if state.phase == CATEGORY:
        return frozenset(g for g in range(n) if state.categories[g] is None)
    if state.phase == WRITING:
        return frozenset(w for w in range(n)
                         if state.sets[giver_for(w, state.round, n)] is None)
    if state.phase == PLAY:
        return frozenset({next_player(state)})
    return frozenset()


def next_player(state: MyFavouriteThingsState) -> int:
    """Whose turn it is to play a sleeve into the open trick."""
    return (state.marker + len(state.trick)) % state.players


def own_categories(value: Any) -> Content:
    """The categories of option ``categories`` (the bundled ones when it is not given)."""
    if value is None:
        return CONTENT
    try:
        return parse({"categories": value, "no_idea": list(CONTENT.no_idea)})
    except ContentError as exc:
        raise ContentError(f"option 'categories': {exc}") from None


def meaning(category: str, content: Content = CONTENT) -> Category | None:
    """The category ``category`` means: one of the game's own by name, else a bundled one."""
    own = content.find(category) if content is not CONTENT else None
    return own or nearest(category)


def pool_for(category: str, content: Content = CONTENT) -> tuple[str, ...]:
    """What a random writer draws from for ``category``: the entries of the category it
    means, or, when it means none, ways of saying so."""
    meant = meaning(category, content)
    return meant.entries if meant is not None else CONTENT.no_idea


def random_set(category: str, rng: random.Random, content: Content = CONTENT) -> list[str]:
    """Six distinct entries for ``category`` at random, from :func:`pool_for`."""
    return rng.sample(pool_for(category, content), SET_SIZE)


# -- checking input ---------------------------------------------------------------
def _check_shape(state: MyFavouriteThingsState, action: Action) -> None:
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
    return clean_text(value, "a category", MAX_TEXT)


def clean_entries(value: Any) -> list[str]:
    """Six trimmed, valid, distinct entries (ranks 1–5, then the Broken Heart), or raise."""
    if not isinstance(value, list) or len(value) != SET_SIZE:
        raise MalformedAction(
            "write six entries, in order: your favourite, four more in order of preference,"
            " then a thing you dislike"
        )
    seen: dict[str, int] = {}
    out = []
    for i, text in enumerate(value):
        entry = clean_text(text, f"the {LABELS[i]}", MAX_TEXT)
        if key(entry) in seen:
            raise MalformedAction(
                f"the {LABELS[i]} repeats the {LABELS[seen[key(entry)]]}: each of the six"
                " entries must be different"
            )
        seen[key(entry)] = i
        out.append(entry)
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


# -- what a seat may type -------------------------------------------------------------
def input_spec(state: MyFavouriteThingsState, seat: int) -> Text | Texts:
    """The free input of a seat that is to give a category or to write its six entries."""
    if state.phase == CATEGORY:
        return _category_spec(state, seat)
    return _writing_spec(state, seat)


def _category_spec(state: MyFavouriteThingsState, seat: int) -> Text:
    receiver = writer_of(seat, state.round, state.players)
    return Text(
        key="category",
        max_length=MAX_TEXT,
        label=f"A category for {default_name(receiver)}"
              f" (your {DIRECTIONS[state.round]} neighbour)",
        about={"for": receiver},
        suggestions=list(state.ideas[seat]),
        pool=state.content.names,
    )


def _writing_spec(state: MyFavouriteThingsState, seat: int) -> Texts:
    giver = giver_for(seat, state.round, state.players)
    category = state.categories[giver] or ""
    meant = meaning(category, state.content)
    return Texts(
        key="write",
        labels=list(LABELS),
        max_length=MAX_TEXT,
        about={"category": category, "for": giver,
               "ideas_from": meant.name if meant is not None else None,
               "loved": len(meant.loved) if meant is not None else 0},
        suggestions=meant.entries if meant is not None else (),
        pool=pool_for(category, state.content),
    )


# -- how a round unfolds ------------------------------------------------------------
def _start_round(state: MyFavouriteThingsState, round_no: int) -> None:
    n = state.players
    state.round = round_no
    state.phase = CATEGORY
    state.categories = [None] * n
    state.sets = [None] * n
    state.hands = [[] for _ in range(n)]
    # The ideas come from the game's seed, but from a stream of their own: what they show
    # says nothing of how the sleeves will be shuffled.
    ideas = generator(state.seed, f"ideas:{round_no}")
    names = state.content.names
    state.ideas = [ideas.sample(names, min(SUGGESTIONS, len(names))) for _ in range(n)]
    state.trick = []
    state.trick_number = 0


def _start_play(state: MyFavouriteThingsState) -> None:
    # The writer shuffles the sleeves before handing them back.
    for g, ranked in enumerate(state.sets):
        hand = list(ranked or [])
        state.rng.shuffle(hand)
        state.hands[g] = hand
    state.phase = PLAY
    state.trick_number = 1


def _end_trick(state: MyFavouriteThingsState) -> None:
    ranks = [rank_of(state.sets[seat] or [], entry) for seat, entry in state.trick]
    winner = state.trick[trick_winner(ranks)][0]
    state.hearts[winner] += 1
    state.tricks.append({
        "round": state.round, "number": state.trick_number, "leader": state.marker,
        "plays": [{"seat": seat, "entry": entry, "rank": rank}
                  for (seat, entry), rank in zip(state.trick, ranks, strict=True)],
        "winner": winner,
        "won_by": won_by(ranks),
    })
    state.trick = []
    state.marker = (state.marker + 1) % state.players
    if state.trick_number < TRICKS:
        state.trick_number += 1
        return
    _end_round(state)


def _end_round(state: MyFavouriteThingsState) -> None:
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
        "sets": [list(s or []) for s in state.sets],
        "unplayed": [h[0] if h else None for h in state.hands],
        "hearts": won,
    })
    if state.round < ROUNDS:
        _start_round(state, state.round + 1)
    else:
        state.phase = OVER
