"""The observation layouts of My Favourite Things, What's It to Ya?, Take Your Pick and
My Story (Love Me Not has its own, :mod:`parlour.rl.love_me_not.encode`).

Each is a :class:`~.schema.Layout` of the seat's view and a vocabulary of the
game's bundled content plus the words its rules use (phases, resources, action
keys, small numbers as ``#n``). ``docs/research.md`` lists every field.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, get_args

from parlour.games.my_favourite_things.state import Phase as FavouritesPhase
from parlour.games.my_story.state import Phase as StoryPhase
from parlour.games.my_story.state import Step as StoryStep
from parlour.games.take_your_pick.rules import Phase as PickPhase

from .schema import Layout
from .vocabulary import Vocabulary, content_words

NUMBERS = [f"#{n}" for n in range(100)] + ["#True", "#False"]


def _one_of(values: Iterable[str]) -> str:
    return "one of " + "|".join(values)


WHATS_IT_TO_YA = [
    ("players", "num"), ("round", "num"), ("rounds", "num"), ("dealer_turns", "num"),
    ("deck_count", "num"), ("total_cards", "num"), ("over", "num"),
    ("dealer", "seat"), ("first_dealer", "seat"),
    ("submitted[*]", "num"), ("cards_won[*]", "num"),
    ("table", "words 5"), ("my_ranking", "words 5"),
    ("history[-1:].dealer", "seat"), ("history[-1:].cards", "words 5"),
    ("history[-1:].rankings[*]", "words 5"), ("history[-1:].correct[*]", "num"),
    ("history[-1:].best", "num"),
]

TAKE_YOUR_PICK = [
    ("players", "num"), ("variant", "one of standard|large-group"),
    ("cards_per_reader", "num"), ("subject_turns", "num"), ("round", "num"),
    ("rounds_total", "num"), ("phase", _one_of(get_args(PickPhase))), ("subject", "seat"),
    ("first_subject", "seat"), ("deck_size", "num"), ("draw_count", "num"),
    ("discard_count", "num"), ("over", "num"),
    ("seats[*].role", "one of subject|reader"), ("seats[*].score", "num"),
    ("seats[*].round_score", "num"), ("seats[*].hand_count", "num"),
    ("seats[*].arranged", "num"), ("seats[*].missed", "num"),
    ("reading.reader", "seat"), ("reading.number", "num"), ("reading.card", "words 2"),
    ("hand", "words 6"), ("guesses", "words 3"),
    ("reads[-6:].reader", "seat"), ("reads[-6:].card", "words 2"),
    ("reads[-6:].guess", "word"), ("reads[-6:].pick", "word"), ("reads[-6:].correct", "num"),
]

MY_FAVOURITE_THINGS = [
    ("players", "num"), ("round", "num"), ("rounds", "num"),
    ("phase", _one_of(get_args(FavouritesPhase))), ("direction", "one of left|right"),
    ("first_player", "seat"), ("marker", "seat"), ("trick_number", "num"),
    ("tricks_per_round", "num"), ("to_act", "seats"), ("hearts[*]", "num"), ("over", "num"),
    ("seats[*].writer", "seat"), ("seats[*].done", "num"), ("seats[*].category", "word"),
    ("seats[*].hand", "words 6"), ("seats[*].played[:6].entry", "word"),
    ("seats[*].played[:6].rank", "num"),
    ("trick.leader", "seat"), ("trick.plays[:6].seat", "seat"),
    ("trick.plays[:6].entry", "word"),
    ("tricks[-1:].winner", "seat"), ("tricks[-1:].plays[:6].seat", "seat"),
    ("tricks[-1:].plays[:6].entry", "word"), ("tricks[-1:].plays[:6].rank", "num"),
    ("you.write_for", "seat"), ("you.gave", "word"), ("you.to_write", "word"),
    ("you.written", "words 6"), ("you.suggestions", "words 24"),
]

MY_STORY = [
    ("players", "num"), ("phase", _one_of(get_args(StoryPhase))), ("to_act", "seats"),
    ("turns", "num"), ("stage", "num"), ("life_deck_count", "num"),
    ("work_deck_count", "num"), ("achievement_deck_count", "num"), ("over", "num"),
    ("life_track", "words 5"), ("work_track", "words 5"), ("reunions", "words 4"),
    ("achievements", "words 6"), ("bonus_supply", "words 6"), ("removed", "words 8"),
    ("turn.seat", "seat"), ("turn.step", _one_of(get_args(StoryStep))),
    ("turn.pool.money", "num"), ("turn.pool.heart", "num"), ("turn.pool.smile", "num"),
    ("turn.pool.house", "num"), ("turn.extra", "num"), ("turn.converted", "num"),
    ("turn.explored", "num"), ("turn.grown", "num"), ("turn.played", "words 10"),
    ("turn.chosen", "words 4"),
    ("seats[*].age", "num"), ("seats[*].stamp", "num"), ("seats[*].retired", "num"),
    ("seats[*].chosen", "num"), ("seats[*].draw_count", "num"),
    ("seats[*].unseen_in_draw", "num"), ("seats[*].colours", "num"),
    ("seats[*].occupation", "word"), ("seats[*].cv", "words 12"),
    ("seats[*].achievements", "words 6"), ("seats[*].discard", "words 24"),
    ("seats[*].draw_known", "words 16"), ("seats[*].gone", "words 4"),
    ("private.draw", "words 24"), ("private.dealt", "words 6"), ("private.pick", "word"),
    ("private.secret", "word"),
]

_OWNER = re.compile(r"@\d+$")


def _starter(word: str) -> str:
    """A starting card without its owner's seat (``salary-b@1`` -> ``salary-b``)."""
    return _OWNER.sub("", word)


def _words(package: str, filename: str, fields: list[tuple[str, str]],
           extra: Iterable[str] = ()) -> set[str]:
    found = content_words(package, filename) | set(NUMBERS) | set(extra)
    for _, kind in fields:
        if kind.startswith("one of "):
            found |= set(kind.removeprefix("one of ").split("|"))
    return found


# game id -> (fields, most players, bundled words, how a word is normalised)
LAYOUTS: dict[str, tuple[list[tuple[str, str]], int, Callable[[], set[str]],
                         Callable[[str], str]]] = {
    "whats-it-to-ya": (WHATS_IT_TO_YA, 6, lambda: _words(
        "parlour.games.whats_it_to_ya", "cards.json", WHATS_IT_TO_YA, ["rank"]), str),
    "take-your-pick": (TAKE_YOUR_PICK, 12, lambda: _words(
        "parlour.games.take_your_pick", "pairs.json", TAKE_YOUR_PICK, ["guesses", "pick"]),
        str),
    "my-favourite-things": (MY_FAVOURITE_THINGS, 6, lambda: _words(
        "parlour.games.my_favourite_things", "categories.json", MY_FAVOURITE_THINGS,
        ["category", "write", "play"]), str),
    "my-story": (MY_STORY, 4, lambda: _words(
        "parlour.games.my_story", "cards.json", MY_STORY,
        ["take", "colour", "convert", "gain", "achievement", "slot", "stars", "occupation",
         "end", "play_more", "grow", "reunion", "salary-a", "salary-b", "hobby",
         "education", "best-friends", "life", "work", "red", "blue", "green", "yellow"]),
        _starter),
}


def layout(game_id: str) -> Layout:
    """A fresh layout (with its own table of new words) for ``game_id``."""
    fields, seats, words, normal = LAYOUTS[game_id]
    return Layout(fields, seats, Vocabulary(words(), normal=normal))


def action_tokens(action: dict[str, Any], vocabulary: Vocabulary, size: int) -> list[int]:
    """An action as at most ``size`` tokens: each key, then its value's words (numbers and
    yes/no as ``#n``, ``#True``, ``#False``)."""
    out: list[int] = []
    for key, value in action.items():
        out.append(vocabulary.token(key))
        for item in value if isinstance(value, list) else [value]:
            word = f"#{item}" if isinstance(item, bool | int) else item
            out.append(vocabulary.token(word))
    return out[:size]
