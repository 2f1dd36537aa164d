"""My Favourite Things: the game's facts and the state of a game in progress.

>>> RANKS
(1, 2, 3, 4, 5, 0)
>>> writer_of(0, 1, 4), writer_of(0, 2, 4)
(1, 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from .content import CONTENT, Content

ROUNDS = 2
TRICKS = 5
BROKEN_HEART = 0
RANKS = (1, 2, 3, 4, 5, BROKEN_HEART)
"""The rank behind each position of a written set: five favourites in order, then the dislike."""
LABELS = ("1st favourite", "2nd favourite", "3rd favourite", "4th favourite",
          "5th favourite", "Broken Heart (a thing you dislike)")
"""The six boxes a writer fills, in rank order."""
DIRECTIONS = {1: "left", 2: "right"}
"""Where categories go in each round: to the left neighbour in round 1, the right in round 2."""

Phase = Literal["category", "writing", "play", "over"]
CATEGORY: Phase = "category"
WRITING: Phase = "writing"
PLAY: Phase = "play"
OVER: Phase = "over"


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


class Play(TypedDict):
    """One sleeve of a finished trick, its rank revealed."""

    seat: int
    entry: str
    rank: int


class TrickRecord(TypedDict):
    """A finished trick, as everyone saw it revealed."""

    round: int
    number: int
    leader: int
    plays: list[Play]
    winner: int
    won_by: str  # why: "broken_heart", "lowest" or "lowest_first" (rules.won_by)


class RoundSummary(TypedDict):
    """A finished round, every set shown (the unplayed sixth sleeve too)."""

    round: int
    direction: str
    categories: list[str | None]
    writers: list[int]
    sets: list[list[str]]
    unplayed: list[str | None]
    hearts: list[int]


def copy_trick(trick: TrickRecord) -> TrickRecord:
    """A finished trick's record, copied (cheaper than a deep copy; views are built often)."""
    return {**trick, "plays": [{**p} for p in trick["plays"]]}


def copy_round(summary: RoundSummary) -> RoundSummary:
    """A finished round's summary, copied."""
    return {**summary, "categories": list(summary["categories"]),
            "writers": list(summary["writers"]), "sets": [list(s) for s in summary["sets"]],
            "unplayed": list(summary["unplayed"]), "hearts": list(summary["hearts"])}


@dataclass
class MyFavouriteThingsState:
    """Everything about a game in progress; only the game's view lets it out.

    Per round, indexed by the giver (who is also the holder of the sleeves):
    ``categories[g]`` is the category ``g`` gave, ``sets[g]`` the entries
    written on ``g``'s cards in rank order (1–5, then the Broken Heart), and
    ``hands[g]`` the entries still in ``g``'s hand, in shuffled order; ``ideas[g]`` the
    categories suggested to ``g`` for giving.
    """

    seed: int
    rng: random.Random
    players: int
    first_player: int
    marker: int
    round: int = 1
    phase: Phase = CATEGORY
    categories: list[str | None] = field(default_factory=list)
    sets: list[list[str] | None] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    ideas: list[list[str]] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_number: int = 0
    hearts: list[int] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    rounds: list[RoundSummary] = field(default_factory=list)
    content: Content = CONTENT  # the categories offered as ideas: the bundled ones, or own
