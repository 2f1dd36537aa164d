"""My Story's words: what the log, the terminal and the browser call each piece.

Everything a person needs to name and explain a card comes from here: its name and
kind, what it gives when played, its CV Bonus, what it costs, its ability in plain words,
the slots' costs and the resources' names. :func:`card_words` builds them for any card
set, :func:`words_of` once per card set; ``WORDS`` are the bundled set's.

>>> amounts({"years": 1, "money": 2, "heart": 1})
'1 year, 2 Money and 1 Heart & Cross'
>>> card_name("O01"), card_name("salary-b@3")
('Organic Farmer', 'Salary')
>>> ability_text({"kind": "per_gained", "resource": "house", "gain": "money"})
'for each House you gain, gain 1 more Money'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from parlour.engine.narration import listing

from .cards import Card, CardSet, Cost, default_card_set, played_card_set
from .payments import grow_cost
from .tracks import TRACKS

ORDER = ("years", "money", "book", "heart", "house", "smile", "star")
"""Icons in the order a cost is read: time first, then the resources, then Stars."""

RESOURCES: dict[str, dict[str, str]] = {
    "money": {"name": "Money", "plural": "Money", "icon": "$"},
    "book": {"name": "Book", "plural": "Books", "icon": "B"},
    "heart": {"name": "Heart & Cross", "plural": "Hearts & Crosses", "icon": "♥"},
    "house": {"name": "House", "plural": "Houses", "icon": "H"},
    "smile": {"name": "Smile", "plural": "Smiles", "icon": "S"},
    "star": {"name": "Star", "plural": "Stars", "icon": "*"},
    "years": {"name": "year", "plural": "years", "icon": "y"},
}
KINDS = {"life_story": "Life Story", "occupation": "Occupation", "project": "Project",
         "bonus_resource": "Bonus Resource card", "starting": "starting card",
         "daydreaming": "Daydreaming", "lottery_ticket": "Lottery Ticket"}


def amount(n: int, icon: str) -> str:
    """``2 Books``, ``1 year``."""
    names = RESOURCES.get(icon, {"name": icon, "plural": icon})
    return f"{n} {names['name'] if n == 1 else names['plural']}"


def amounts(cost: Cost, none: str = "nothing") -> str:
    """An icon map in words, in reading order (``none`` when it is empty)."""
    parts = [amount(cost[k], k) for k in ORDER if cost.get(k)]
    parts += [amount(n, k) for k, n in cost.items() if n and k not in ORDER]
    return listing(parts) if parts else none


def ability_text(effect: Mapping[str, Any]) -> str:
    """One ability effect (the rulebook's Iconography) in plain words."""
    kind = effect["kind"]

    def name(key: str) -> str:
        return RESOURCES[effect[key]]["name"]

    if kind == "bonus_card":
        return f"take the Bonus {name('resource')} card into your CV (you choose its colour)"
    if kind == "choose":
        return "each turn, gain " + " or ".join(amount(1, r) for r in effect["resources"])
    if kind == "per_gained":
        return f"for each {name('resource')} you gain, gain 1 more {name('gain')}"
    if kind == "per_colour_played":
        return f"for each {effect['colour']} card you play, gain 1 {name('gain')}"
    if kind == "convert":
        return (f"turn {amount(effect['count'], effect['resource'])} into 1 {name('to')}, "
                "as often as you like")
    if kind == "extra_cards":
        n = effect["count"]
        cards = f"card{'' if abs(n) == 1 else 's'}"
        return f"play {n} more {cards} each turn" if n > 0 else \
            f"play {-n} {cards} fewer each turn"
    if kind == "per_icon_card":
        n = effect["extra_cards"]
        return (f"for each card with a {name('resource')} you play, you may play {n} more "
                f"card{'' if n == 1 else 's'}")
    return str(kind)


def _card(card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"name": card.name, "kind": card.kind, "colours": list(card.colours),
                           "play": dict(card.play), "bonus": dict(card.bonus),
                           "ability": [ability_text(e) for e in card.ability],
                           "effects": [dict(e) for e in card.ability], "vp": card.vp}
    if card.kind in ("life_story", "occupation", "project"):
        out["requirement"] = dict(card.requirement)  # a Life Story's slot adds its own
    if card.kind in ("occupation", "project"):
        out["grow"] = grow_cost(card)  # to switch to it (with its Switching Year) / complete it
    if card.kind == "occupation":
        out["switching_year"] = card.switching_year
    if card.leaves_at is not None:
        out["leaves_at"] = card.leaves_at
    if card.resource is not None:
        out["resource"] = card.resource
    return out


def card_words(card_set: CardSet) -> dict[str, Any]:
    """The words of a card set, JSON-safe (what the browser is sent)."""
    return {
        "resources": RESOURCES,
        "colours": dict(card_set.colours),
        "kinds": KINDS,
        "tracks": TRACKS,
        "hand_size": card_set.hand_size,
        "max_time": card_set.max_time,
        "slots": {"life": [dict(s) for s in card_set.life_slots],
                  "work": [dict(s) for s in card_set.work_slots]},
        "cards": {cid: _card(card) for cid, card in card_set.cards.items()},
        "reunions": {rid: {"name": r.name, "age": r.age, "requirement": dict(r.requirement)}
                     for rid, r in card_set.reunions.items()},
        "achievements": {aid: {"name": a.name, "text": a.text, "score": dict(a.score)}
                         for aid, a in card_set.achievements.items()},
    }


def words_of(card_set: CardSet) -> dict[str, Any]:
    """The words of a card set, made once (a narration asks for them at every move)."""
    return _words_keyed(card_set.key)


@lru_cache(maxsize=16)
def _words_keyed(key: str) -> dict[str, Any]:
    return card_words(played_card_set(key))


WORDS: dict[str, Any] = words_of(default_card_set())
"""The bundled standard card set's words."""


def card_name(cid: str, words: Mapping[str, Any] = WORDS) -> str:
    """A card's printed name (its id if the card set does not know it)."""
    card = words["cards"].get(cid)
    return str(card["name"]) if card else str(cid)


def reunion_name(rid: str, words: Mapping[str, Any] = WORDS) -> str:
    reunion = words["reunions"].get(rid)
    return str(reunion["name"]) if reunion else str(rid)


def achievement_name(aid: str, words: Mapping[str, Any] = WORDS) -> str:
    achievement = words["achievements"].get(aid)
    return str(achievement["name"]) if achievement else str(aid)
