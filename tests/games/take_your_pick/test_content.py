"""Take Your Pick: the built-in phrase pairs and the deck rules."""

from __future__ import annotations

import functools
import itertools
import json
import re

import pytest
import snowballstemmer

from parlour.engine import ContentError
from parlour.games.take_your_pick.content import (
    BUILTIN,
    MAX_PHRASE,
    TRAIT_OF,
    TRAITS,
    check_deck,
    load_builtin,
)


def test_at_least_200_pairs_with_no_phrase_twice() -> None:
    assert len(BUILTIN) == 262
    phrases = [p.casefold() for card in BUILTIN for p in card]
    assert len(phrases) == len(set(phrases)) == 524
    assert len(set(BUILTIN)) == len(BUILTIN)
    assert all(0 < len(p) <= MAX_PHRASE for card in BUILTIN for p in card)


def test_every_built_in_card_leans_on_a_trait() -> None:
    assert set(TRAIT_OF) == set(BUILTIN)
    assert len(TRAITS) == 9
    assert TRAIT_OF[("Tiptoe in", "Cannonball")] == "bold"


@pytest.mark.parametrize(("deck", "message"), [
    ("In, Out", "non-empty list"),
    ([], "non-empty list"),
    ([["In", "Out"], ["Up"]], "entry 1: a card is a pair"),
    ([["In", 3]], "entry 0: a phrase must be text"),
    ([["In", " "]], "entry 0: a phrase cannot be empty"),
    ([["In", " Out"]], "spaces at its start or end"),
    ([["In", "x" * (MAX_PHRASE + 1)]], f"longer than {MAX_PHRASE}"),
    ([["Same", "same"]], "already on this entry"),
    ([["In", "Out"], ["Up", "Down"], ["Out", "About"]], "entry 2: the phrase 'Out' is already"
                                                       " on entry 0"),
])
def test_bad_decks_name_the_bad_entry(deck: object, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        check_deck(deck, "deck")


def test_a_broken_pairs_file_is_refused_at_load() -> None:
    with pytest.raises(ContentError, match=r"pairs\.json entry 1"):
        load_builtin(json.dumps({"traits": {"bold": [["a", "b"], ["c"]]}}))
    with pytest.raises(ContentError, match="'traits'"):
        load_builtin(json.dumps({"pairs": []}))
    cards, traits = load_builtin(json.dumps({"traits": {"x": [["a", "b"]], "y": [["c", "d"]]}}))
    assert cards == [("a", "b"), ("c", "d")] and traits[("c", "d")] == "y"


# -- one idea, one card ---------------------------------------------------------------------
STEMMER = snowballstemmer.stemmer("english")
LITTLE_WORDS = {"a", "an", "and", "at", "in", "it", "of", "on", "the", "to", "your", "you"}


@functools.cache
def stems(phrase: str) -> tuple[str, ...]:
    """The phrase's stems: "Sweet crepe" -> ("sweet", "crepe")."""
    return tuple(STEMMER.stemWord(t) for t in re.findall(r"[a-z]+", phrase.casefold())
                 if t not in LITTLE_WORDS)


def holds(longer: str, shorter: str) -> bool:
    """Whether ``longer`` says all of ``shorter`` in a row: "Hot chocolate" holds "Chocolate"."""
    inner, outer = stems(shorter), stems(longer)
    return bool(inner) and any(outer[i:i + len(inner)] == inner
                               for i in range(len(outer) - len(inner) + 1))


def test_no_phrase_is_said_again_inside_another_card() -> None:
    found = [f"{b!r} (on {y}) holds {a!r} (on {x})"
             for x, y in itertools.permutations(BUILTIN, 2) for a in x for b in y if holds(b, a)]
    assert found == []


# The two ends of ideas that many cards could ask about in other words. A card whose two
# phrases both fall under poles asks that idea; two such cards ask one idea twice.
POLES: dict[str, set[str]] = {
    "quiet": {"quiet", "shy", "reserved", "introvert", "wallflower", "timid", "soft-spoken",
              "whisper", "inside voice"},
    "loud": {"loud", "chatty", "outgoing", "extrovert", "life of the party", "talkative",
             "shout", "outside voice"},
    "cautious": {"cautious", "careful", "play it safe", "safe bet", "look before you leap",
                 "wait and see", "fence sitter", "tiptoe in", "safety net", "shallow end", "tame"},
    "daring": {"daring", "bold", "risk taker", "go all in", "long shot", "leap first",
               "jump right in", "cannonball", "tightrope", "deep end", "wild", "reckless"},
    "messy": {"messy", "chaos", "cluttered desk", "pile it up", "untidy", "disorganized"},
    "tidy": {"tidy", "order", "clean desk", "file it away", "neat", "organized"},
    "spontaneous": {"spontaneous", "wing it", "go with the flow", "improvise", "free spirit",
                    "impulsive"},
    "planned": {"planned", "make a list", "stick to the schedule", "rehearse",
                "creature of habit", "planner"},
    "late": {"last minute", "procrastinator", "late"},
    "early": {"ahead of time", "early finisher", "early"},
    "lenient": {"rules are suggestions", "loose", "lenient"},
    "strict": {"rules are rules", "strict"},
    "serious": {"serious", "earnest", "sensible", "dignified", "solemn", "proper", "stern",
                "composed", "sober", "strictly business"},
    "silly": {"silly", "goofy", "ridiculous", "clownish", "whimsical", "zany", "mischievous",
              "giddy", "bubbly", "fun and games"},
    "grown-up": {"mature", "grown-up"},
    "childlike": {"immature", "kid at heart", "childlike"},
    "straight-faced": {"straight face", "straight man", "poker face"},
    "laughing": {"giggles", "class clown"},
    "grumpy": {"grumpy", "sigh", "gloomy"},
    "cheerful": {"cheerful", "laugh", "sunny"},
    "feeling": {"heart", "gut feeling", "feelings", "instinct", "intuition", "sentimental",
                "feel it out", "emotional"},
    "reasoning": {"head", "pros and cons", "facts", "analysis", "evidence", "rational",
                  "figure it out", "logical"},
    "doer": {"doer", "hands-on", "practice"},
    "thinker": {"thinker", "theory"},
    "arts": {"artist", "poetry", "colors", "arts"},
    "sciences": {"scientist", "physics", "numbers", "science"},
    "resting": {"couch", "nap", "cozy blanket", "lounge chair", "sofa"},
    "exercising": {"treadmill", "jog", "morning run", "hiking boots", "workout"},
    "slow": {"slow", "stroll", "tortoise", "snail"},
    "fast": {"fast", "sprint", "hare", "speedy"},
    "watching": {"spectator", "watch the game", "observer", "audience", "onlooker"},
    "taking part": {"player", "play the game", "participant", "stage"},
    "calm": {"chill", "calm", "laid-back"},
    "driven": {"hustle", "restless", "driven"},
    "novelty": {"modern", "trendy", "trendsetter", "innovator", "experiment", "new"},
    "tradition": {"vintage", "timeless", "traditionalist", "preserver", "tradition", "old"},
    "future": {"future", "tomorrow"},
    "past": {"past", "yesterday"},
    "city": {"city", "downtown", "urban"},
    "country": {"country", "backwoods", "countryside", "rural"},
    "paved": {"concrete", "pavement", "sidewalk", "parking lot", "tarmac"},
    "wild ground": {"grass", "sand", "dirt road", "meadow"},
    "comfort": {"hotel", "room service"},
    "roughing it": {"tent", "sleeping bag"},
    "tower": {"skyscraper", "glass tower"},
    "cottage": {"treehouse", "stone cottage"},
    "din": {"traffic", "elevator music"},
    "natural sound": {"birdsong", "crickets"},
    "savory": {"salty", "savory crepe", "savory"},
    "sweet": {"sweet", "sweet crepe", "sugary"},
    "skimming": {"skim it", "sign right away"},
    "thorough": {"read every word", "read the fine print"},
    "marked way": {"follow the map", "known path"},
    "off the map": {"get lost on purpose", "unmarked trail"},
    "sheltered": {"sheltered harbor", "quiet life"},
    "adventurous": {"open sea", "big adventure"},
    "few": {"small circle", "lone wolf"},
    "many": {"big crowd", "pack animal"},
    "unseen": {"blend in", "back row"},
    "seen": {"stand out", "front row"},
}
POLE_OF = {phrase: pole for pole, phrases in POLES.items() for phrase in phrases}


def idea(card: tuple[str, str]) -> frozenset[str] | None:
    """The idea a card asks about, if both its phrases are poles of one."""
    poles = {POLE_OF.get(p.casefold()) for p in card}
    return frozenset(p for p in poles if p) if None not in poles and len(poles) == 2 else None


def test_the_idea_check_finds_the_cards_that_repeat_quiet_or_loud() -> None:
    cards = [("Quiet", "Loud"), ("Introvert", "Extrovert"), ("Shy", "Chatty"),
             ("Reserved", "Outgoing")]
    assert {idea(c) for c in cards} == {frozenset({"quiet", "loud"})}
    assert idea(("Night in", "Night out")) is None  # a situation of its own


def test_no_two_cards_ask_one_idea() -> None:
    seen: dict[frozenset[str], tuple[str, str]] = {}
    repeats = []
    for card in BUILTIN:
        asked = idea(card)
        if asked is not None and asked in seen:
            repeats.append(f"{card} asks what {seen[asked]} asks")
        elif asked is not None:
            seen[asked] = card
    assert repeats == []
