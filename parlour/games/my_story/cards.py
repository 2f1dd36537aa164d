"""My Story's card set: loaded from JSON and validated at start.

The rulebook fixes the components and their counts but not what is printed
on each card, so the printed contents are data (``cards.json``); a box owner
can enter their own printed cards in the same format (documented field by
field in ``docs/games/my-story.md``) and load them with :func:`load_card_set`.

Every card set has a ``key`` (a bundled set's name, or ``own-`` and a digest of its
document) that the views carry, so the parts that see only views (narration, search bots)
play the set the state plays: :func:`played_card_set` finds it while a game holds it.

>>> cs = default_card_set()
>>> len(cs.of_kind("life_story")), len(cs.of_kind("occupation")), len(cs.of_kind("project"))
(37, 25, 22)
>>> cs.cards["O01"].name
'Organic Farmer'
"""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

from parlour.engine import ContentError, text_problem

RESOURCES = ("money", "book", "heart", "house", "smile")
STAR = "star"
YEARS = "years"
COLOURS = ("yellow", "blue", "green", "red")
MAX_PLAYERS = 4

# How many of each kind the rulebook's components list prescribes.
KIND_COUNTS = {
    "life_story": 37,
    "occupation": 25,
    "project": 22,
    "bonus_resource": 5,
    "daydreaming": 2,
    "lottery_ticket": 2,
}
ACHIEVEMENTS = 14
STARTING_CARDS = 7
SLOTS = 5

# Ability effects the engine interprets (the rulebook's Iconography section).
EFFECTS: dict[str, tuple[str, ...]] = {
    "bonus_card": ("resource",),
    "choose": ("resources",),
    "per_gained": ("resource", "gain"),
    "per_colour_played": ("colour", "gain"),
    "convert": ("resource", "count", "to"),
    "extra_cards": ("count",),
    "per_icon_card": ("resource", "extra_cards"),
}
MEASURES: dict[str, tuple[str, ...]] = {
    "count": ("zone",),
    "colour_max": ("zone",),
    "colour_sets": ("zone",),
    "distinct_colours": ("zone",),
    "icons": ("zone", "resources"),
}
ZONES = ("deck", "cv", "all")
CARD_KINDS = (*KIND_COUNTS, "starting")


Cost = Mapping[str, int]


@dataclass(frozen=True)
class Card:
    """One physical card (starting cards exist once per seat, ids ``salary-a@0``)."""

    id: str
    kind: str
    name: str
    colours: tuple[str, ...] = ()
    play: Cost = field(default_factory=dict)
    bonus: Cost = field(default_factory=dict)
    ability: tuple[Mapping[str, Any], ...] = ()
    requirement: Cost = field(default_factory=dict)
    vp: int = 0
    switching_year: int = 0
    resource: str | None = None
    leaves_at: int | None = None
    owner: int | None = None

    @property
    def has_vp(self) -> bool:
        return self.vp > 0


@dataclass(frozen=True)
class Reunion:
    id: str
    name: str
    age: int
    requirement: Cost


@dataclass(frozen=True)
class Achievement:
    id: str
    name: str
    text: str
    measure: Mapping[str, Any]
    score: Mapping[str, Any]


@dataclass(frozen=True)
class CardSet:
    """Every fact printed on the components."""

    name: str
    colours: Mapping[str, str]
    hand_size: int
    max_time: int
    life_slots: tuple[Cost, ...]
    work_slots: tuple[Cost, ...]
    cards: Mapping[str, Card]
    starting: tuple[tuple[Card, ...], ...]  # per seat, the seven starting cards
    reunions: Mapping[str, Reunion]
    achievements: Mapping[str, Achievement]
    key: str = ""  # what views call it: see played_card_set

    def __deepcopy__(self, memo: dict[int, Any]) -> CardSet:
        return self  # printed cards never change: copies of a state share them

    def of_kind(self, kind: str) -> list[Card]:
        return list(self._kinds.get(kind, ()))

    @cached_property
    def _kinds(self) -> dict[str, tuple[Card, ...]]:
        # Grouped once: every determinization of a search bot deals from these lists.
        kinds: dict[str, list[Card]] = {}
        for c in self.cards.values():
            if c.owner is None:
                kinds.setdefault(c.kind, []).append(c)
        return {k: tuple(v) for k, v in kinds.items()}

    def starting_occupations(self) -> list[Card]:
        return [c for c in self.of_kind("occupation") if c.switching_year == 1]

    def reunions_for(self, age: int) -> list[Reunion]:
        return [r for r in self.reunions.values() if r.age == age]


# -- validation helpers ---------------------------------------------------------------
def _fail(where: str, message: str) -> ContentError:
    return ContentError(f"card set: {where}: {message}")


def _get(entry: Mapping[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    if key not in entry:
        if default is not None:
            return default
        raise _fail(where, f"missing field {key!r}")
    value = entry[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _fail(where, f"field {key!r} must be a whole number (got {value!r})")
    if kind is not int and not isinstance(value, kind):
        raise _fail(where, f"field {key!r} must be a {kind.__name__} (got {value!r})")
    return value


MAX_NAME = 60
MAX_TEXT = 300
"""The longest name (of a card, a set...) and the longest card text a card set may hold."""


def _text(entry: Mapping[str, Any], key: str, where: str, limit: int = MAX_NAME) -> str:
    """A field of text that players are shown, held to the rules of typed text
    (``text_problem``: no control or invisible characters, no direction overrides)."""
    value: str = _get(entry, key, str, where)
    problem = text_problem(value, f"field {key!r}", limit)
    if problem:
        raise _fail(where, problem)
    return value


def _cost(value: Any, where: str, *, allow_years: bool, allow_star: bool) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _fail(where, f"must be an object of icon counts (got {value!r})")
    allowed = set(RESOURCES) | ({YEARS} if allow_years else set())
    allowed |= {STAR} if allow_star else set()
    out: dict[str, int] = {}
    for key, n in value.items():
        if key not in allowed:
            raise _fail(where, f"unknown icon {key!r} (allowed: {', '.join(sorted(allowed))})")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise _fail(where, f"icon {key!r} needs a whole number ≥ 0 (got {n!r})")
        if n:
            out[key] = n
    return out


def _colours(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or any(c not in COLOURS for c in value) or \
            len(set(value)) != len(value):
        raise _fail(where, f"'colours' must list distinct colours from {', '.join(COLOURS)}")
    return tuple(value)


def _effect(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or value.get("kind") not in EFFECTS:
        raise _fail(where, f"an ability effect needs 'kind' in {', '.join(EFFECTS)}")
    kind = value["kind"]
    for key in EFFECTS[kind]:
        if key not in value:
            raise _fail(where, f"effect {kind!r} needs field {key!r}")
    for key in ("resource", "gain", "to"):
        if key in value and value[key] not in (*RESOURCES, STAR):
            raise _fail(where, f"effect {kind!r}: {key!r} must be a resource or 'star'")
    if "resources" in value and (not isinstance(value["resources"], list) or not value["resources"]
                                 or any(r not in RESOURCES for r in value["resources"])):
        raise _fail(where, f"effect {kind!r}: 'resources' must list resources")
    if "colour" in value and value["colour"] not in COLOURS:
        raise _fail(where, f"effect {kind!r}: unknown colour {value['colour']!r}")
    for key in ("count", "extra_cards"):
        if key in value and (isinstance(value[key], bool) or not isinstance(value[key], int)):
            raise _fail(where, f"effect {kind!r}: {key!r} must be a whole number")
    if kind == "bonus_card" and value["resource"] not in RESOURCES:
        raise _fail(where, "effect 'bonus_card' needs one of the five resources")
    return dict(value)


def _card(entry: Any, where: str) -> Card:
    if not isinstance(entry, dict):
        raise _fail(where, "a card must be an object")
    cid = _get(entry, "id", str, where)
    kind = _get(entry, "kind", str, where)
    where = f"{where} ({cid})"
    if kind not in KIND_COUNTS:
        raise _fail(where, f"unknown kind {kind!r} (kinds: {', '.join(KIND_COUNTS)})")
    if "@" in cid:
        raise _fail(where, "'@' is reserved for starting cards")
    name = _text(entry, "name", where)
    if kind in ("daydreaming", "lottery_ticket"):
        return Card(cid, kind, name)
    if kind == "bonus_resource":
        resource = _get(entry, "resource", str, where)
        if resource not in RESOURCES:
            raise _fail(where, f"'resource' must be one of {', '.join(RESOURCES)}")
        return Card(cid, kind, name, bonus={resource: 1}, resource=resource)
    colours = _colours(_get(entry, "colours", list, where), where)
    play = _cost(_get(entry, "play", dict, where), f"{where} play", allow_years=False,
                 allow_star=True)
    req = _cost(_get(entry, "requirement", dict, where), f"{where} requirement",
                allow_years=True, allow_star=False)
    if kind == "life_story":
        vp = _get(entry, "vp", int, where)
        return Card(cid, kind, name, colours, play, requirement=req, vp=vp)
    bonus = _cost(_get(entry, "bonus", dict, where), f"{where} bonus", allow_years=False,
                  allow_star=True)
    ability = tuple(_effect(e, f"{where} ability") for e in _get(entry, "ability", list, where))
    if kind == "occupation":
        year = _get(entry, "switching_year", int, where)
        if year < 1:
            raise _fail(where, "'switching_year' must be at least 1")
        return Card(cid, kind, name, colours, play, bonus, ability, req, switching_year=year)
    vp = _get(entry, "vp", int, where)
    return Card(cid, kind, name, colours, play, bonus, ability, req, vp=vp)


def _starting(entries: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(entries, list):
        raise _fail("starting_cards", "must be a list")
    templates: list[tuple[str, str, int, tuple[str, ...], dict[str, int], int | None]] = []
    for i, entry in enumerate(entries):
        where = f"starting_cards[{i}]"
        if not isinstance(entry, dict):
            raise _fail(where, "must be an object")
        tid = _get(entry, "id", str, where)
        copies = _get(entry, "copies", int, where, 1)
        if not 1 <= copies <= STARTING_CARDS:
            raise _fail(where, f"'copies' must be 1 to {STARTING_CARDS} (got {copies})")
        leaves = entry.get("leaves_at")
        if leaves is not None and (isinstance(leaves, bool) or not isinstance(leaves, int)):
            raise _fail(where, "'leaves_at' must be an age")
        templates.append((tid, _text(entry, "name", where), copies,
                          _colours(_get(entry, "colours", list, where), where),
                          _cost(_get(entry, "play", dict, where), where, allow_years=False,
                                allow_star=True), leaves))
    if sum(t[2] for t in templates) != STARTING_CARDS:
        raise _fail("starting_cards", f"each player needs exactly {STARTING_CARDS} starting cards")
    per_seat = []
    for seat in range(MAX_PLAYERS):
        cards = []
        for tid, name, copies, colours, play, leaves in templates:
            for c in range(copies):
                suffix = f"-{'abcdefg'[c]}" if copies > 1 else ""
                cards.append(Card(f"{tid}{suffix}@{seat}", "starting", name, colours, play,
                                  leaves_at=leaves, owner=seat))
        per_seat.append(tuple(cards))
    return tuple(per_seat)


def _measure(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or value.get("kind") not in MEASURES:
        raise _fail(where, f"'measure' needs 'kind' in {', '.join(MEASURES)}")
    for key in MEASURES[value["kind"]]:
        if key not in value:
            raise _fail(where, f"measure {value['kind']!r} needs field {key!r}")
    if value["zone"] not in ZONES:
        raise _fail(where, f"'zone' must be one of {', '.join(ZONES)}")
    kinds = value.get("kinds", [])
    if not isinstance(kinds, list) or any(k not in CARD_KINDS for k in kinds):
        raise _fail(where, f"'kinds' must list card kinds from {', '.join(CARD_KINDS)}")
    if "resources" in value and (not isinstance(value["resources"], list)
                                 or any(r not in RESOURCES for r in value["resources"])):
        raise _fail(where, "'resources' must list resources")
    return dict(value)


def _score(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) != 1:
        raise _fail(where, "'score' needs exactly one of 'tiers', 'per', 'most'")
    (key, arg), = value.items()
    if key == "tiers":
        ok = isinstance(arg, list) and all(
            isinstance(t, list) and len(t) == 2 and all(isinstance(x, int) for x in t) for t in arg)
        if not ok:
            raise _fail(where, "'tiers' must be [[threshold, vp], ...]")
    elif key in ("per", "most"):
        if isinstance(arg, bool) or not isinstance(arg, int):
            raise _fail(where, f"{key!r} must be a whole number of VP")
    else:
        raise _fail(where, f"unknown scoring {key!r} (use 'tiers', 'per' or 'most')")
    return dict(value)


def _slots(value: Any, where: str) -> tuple[dict[str, int], ...]:
    if not isinstance(value, list) or len(value) != SLOTS:
        raise _fail(where, f"must list the requirements of the {SLOTS} slots, left to right")
    return tuple(_cost(v, f"{where}[{i}]", allow_years=True, allow_star=False)
                 for i, v in enumerate(value))


def same_names(given: Iterable[Any], names: Iterable[str]) -> bool:
    """Whether ``given`` holds exactly ``names``, in any order (and nothing but text).

    >>> same_names(["book", "money"], ["money", "book"]), same_names(["book", 5], ["book"])
    (True, False)
    """
    items = list(given)
    return all(isinstance(i, str) for i in items) and sorted(items) == sorted(names)


def parse_card_set(data: Any, key: str | None = None) -> CardSet:
    """Validate a decoded card-set document and build the :class:`CardSet`, called ``key``
    (by default ``own-`` and a digest of the document)."""
    if not isinstance(data, dict) or data.get("format") != "parlour-my-story-cards":
        raise _fail("document", "expected an object with \"format\": \"parlour-my-story-cards\"")
    if not same_names(_get(data, "resources", list, "document"), RESOURCES) or \
            data.get("wildcard") != STAR:
        raise _fail("document", f"'resources' must be {', '.join(RESOURCES)} and 'wildcard' "
                                f"must be {STAR!r} (the icons the rules know)")
    colours = _get(data, "colours", dict, "document")
    if not same_names(colours, COLOURS) or not same_names(colours.values(), RESOURCES[:4]):
        raise _fail("colours", "must map yellow, blue, green, red to money, book, heart, house")
    cards: dict[str, Card] = {}
    for i, entry in enumerate(_get(data, "cards", list, "document")):
        card = _card(entry, f"cards[{i}]")
        if card.id in cards:
            raise _fail(f"cards[{i}]", f"duplicate id {card.id!r}")
        cards[card.id] = card
    for kind, want in KIND_COUNTS.items():
        have = sum(1 for c in cards.values() if c.kind == kind)
        if have != want:
            raise _fail("cards", f"the box holds {want} {kind} cards (found {have})")
    firsts = sum(1 for c in cards.values() if c.kind == "occupation" and c.switching_year == 1)
    if firsts < 2 * MAX_PLAYERS:
        raise _fail("cards", f"at least {2 * MAX_PLAYERS} occupations need switching_year 1 "
                             f"(two per player at four players; found {firsts})")
    bonus_res = sorted(c.resource or "" for c in cards.values() if c.kind == "bonus_resource")
    if bonus_res != sorted(RESOURCES):
        raise _fail("cards", "the five bonus_resource cards must be one per resource")
    starting = _starting(data.get("starting_cards"))
    for seat_cards in starting:
        for card in seat_cards:
            cards[card.id] = card
    reunions: dict[str, Reunion] = {}
    for i, entry in enumerate(_get(data, "reunions", list, "document")):
        where = f"reunions[{i}]"
        rid = _get(entry, "id", str, where)
        age = _get(entry, "age", int, where)
        if age not in (30, 40) or rid in reunions:
            raise _fail(where, "needs a unique id and 'age' 30 or 40")
        reunions[rid] = Reunion(rid, _text(entry, "name", where), age,
                                _cost(_get(entry, "requirement", dict, where), where,
                                      allow_years=True, allow_star=False))
    for age in (30, 40):
        if sum(1 for r in reunions.values() if r.age == age) != 4:
            raise _fail("reunions", f"the box holds 4 age-{age} Reunion cards")
    achievements: dict[str, Achievement] = {}
    for i, entry in enumerate(_get(data, "achievements", list, "document")):
        where = f"achievements[{i}]"
        aid = _get(entry, "id", str, where)
        if aid in achievements:
            raise _fail(where, f"duplicate id {aid!r}")
        achievements[aid] = Achievement(aid, _text(entry, "name", where),
                                        _text(entry, "text", where, MAX_TEXT),
                                        _measure(entry.get("measure"), where),
                                        _score(entry.get("score"), where))
    if len(achievements) != ACHIEVEMENTS:
        raise _fail("achievements", f"the box holds {ACHIEVEMENTS} Achievement cards")
    hand = _get(data, "hand_size", int, "document")
    max_time = _get(data, "max_time_per_payment", int, "document")
    if hand < 1 or max_time < 0:
        raise _fail("document", "'hand_size' must be ≥ 1 and 'max_time_per_payment' ≥ 0")
    card_set = CardSet(
        name=_text(data, "name", "document"),
        colours=dict(colours),
        hand_size=hand,
        max_time=max_time,
        life_slots=_slots(data.get("life_story_slots"), "life_story_slots"),
        work_slots=_slots(data.get("work_slots"), "work_slots"),
        cards=cards,
        starting=starting,
        reunions=reunions,
        achievements=achievements,
        key=key or _digest(data),
    )
    # A document read again gives the set already played, so the key finds a live one.
    return _PLAYED.setdefault(card_set.key, card_set)


def _digest(data: Any) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return "own-" + hashlib.sha256(canonical.encode()).hexdigest()[:16]


_PLAYED: weakref.WeakValueDictionary[str, CardSet] = weakref.WeakValueDictionary()
"""Every card set that something (a game, a state) still holds, by key."""


def played_card_set(key: str) -> CardSet:
    """The card set a view names (its ``card_set``): a bundled one, or one that a game in
    this process plays."""
    found = _PLAYED.get(key)
    if found is not None:
        return found
    if key in BUNDLED:
        return bundled_card_set(key)
    raise ContentError(f"card set: no game here plays the card set {key!r}")


def load_card_set(path: str | Path, key: str | None = None) -> CardSet:
    """Read and validate a card-set JSON file (``key`` as :func:`parse_card_set`)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ContentError(f"card set: cannot read {path}: {exc}") from exc
    return parse_card_set(data, key)


BUNDLED = {"standard": "cards.json", "third-edition": "cards-third-edition.json",
           "second-edition": "cards-second-edition.json", "first-draft": "cards-first-draft.json"}
"""The card sets that come with the game, by the name the ``card_set`` option gives them:
the standard set (the fourth edition, measured with the search bot in the seats too), the
third edition (which gave back some cheap turns), the second edition (rebalanced by the
lab, with no free turn at all) and the first draft (as first written); the older three are
kept to compare, and so that a record made with one replays with it."""
STANDARD = "standard"
DEFAULT_PATH = Path(__file__).with_name(BUNDLED[STANDARD])


@cache
def bundled_card_set(name: str) -> CardSet:
    """A card set that comes with the game, by name (see ``BUNDLED``)."""
    if name not in BUNDLED:
        raise ContentError(f"card set: no bundled set {name!r} (sets: {', '.join(BUNDLED)})")
    return load_card_set(Path(__file__).with_name(BUNDLED[name]), key=name)


def default_card_set() -> CardSet:
    """The bundled standard card set."""
    return bundled_card_set(STANDARD)


def card_set_from(document: Any) -> CardSet:
    """A card set given as a decoded document (the ``cards`` option), validated once and
    then shared by every game that plays it."""
    return _parsed(json.dumps(document, sort_keys=True, separators=(",", ":")))


@lru_cache(maxsize=16)
def _parsed(canonical: str) -> CardSet:
    return parse_card_set(json.loads(canonical))
