"""What a seat knows, and full states drawn at random that agree with it (for search bots).

Hidden in My Story: the order of every deck (the two track decks, the
Reunion and Achievement piles, each player's draw pile), the starting
occupation each opponent shuffled into their deck (until it is played), and
the occupations dealt to the others before everyone has chosen.
"""

from __future__ import annotations

import random

from parlour.engine import View, generator, shuffle

from .cards import CardSet, played_card_set
from .setup import SPECIALS
from .state import MyStoryState, SeatState, Turn
from .tracks import REUNION_AGES


def seen_cards(view: View) -> set[str]:
    """Every card id the viewing seat can see or place (its own hidden pile included)."""
    seen: set[str] = set(view["life_track"]) | set(view["work_track"]) | set(view["removed"])
    if view["turn"]:
        seen.update(view["turn"]["played"])
    for p in view["seats"]:
        seen.update(p["cv"], p["discard"], p["draw_known"], p["gone"])
    private = view["private"]
    seen.update(private.get("draw", []), private.get("dealt", []))
    for key in ("pick", "secret"):
        if private.get(key):
            seen.add(private[key])
    return seen


def determinize(view: View, seat: int, rng: random.Random,
                card_set: CardSet | None = None) -> MyStoryState:
    """A full state consistent with ``seat``'s view: the unseen cards dealt at random
    from the card set the view names (or ``card_set``, its card set found already)."""
    cards = card_set or played_card_set(view["card_set"])
    n = SPECIALS[view["players"]]
    seen = seen_cards(view)
    life = [c.id for c in cards.of_kind("life_story") + cards.of_kind("lottery_ticket")[:n]
            if c.id not in seen]
    work = [c.id for c in cards.of_kind("occupation") + cards.of_kind("project")
            + cards.of_kind("daydreaming")[:n] if c.id not in seen]
    shuffle(rng, life)
    shuffle(rng, work)
    seats: list[SeatState] = []
    for s, p in enumerate(view["seats"]):
        me = SeatState(discard=list(p["discard"]), cv=list(p["cv"]), occupation=p["occupation"],
                       colours=dict(p["colours"]), achievements=list(p["achievements"]),
                       gone=list(p["gone"]), age=p["age"], stamp=p["stamp"],
                       retired=p["retired"])
        if s == seat:
            private = view["private"]
            me.draw, me.dealt = list(private["draw"]), list(private["dealt"])
            me.pick, me.secret = private["pick"], private["secret"]
        elif view["phase"] == "choose":
            me.dealt = sorted(_take_first(cards, work, 2))
            me.pick = me.dealt[0] if p["chosen"] else None
        else:
            me.draw = list(p["draw_known"])
            if p["unseen_in_draw"]:
                me.secret = _take_first(cards, work, 1)[0]
                me.draw.append(me.secret)
        shuffle(rng, me.draw)
        seats.append(me)
    state = MyStoryState(seed=0, rng=generator(rng.getrandbits(64)), seats=seats,
                         card_set=cards, life_deck=life, work_deck=work)
    state.life_track, state.work_track = list(view["life_track"]), list(view["work_track"])
    state.stage = view["stage"]
    state.reunions, state.achievements = list(view["reunions"]), list(view["achievements"])
    for age in REUNION_AGES:
        pile = [r.id for r in cards.reunions_for(age) if r.id not in state.reunions]
        shuffle(rng, pile)
        shown = [r for r in state.reunions if cards.reunions[r].age == age]
        state.reunion_decks[age] = shown + pile
    taken = {a for p in view["seats"] for a in p["achievements"]}
    state.achievement_deck = [a for a in cards.achievements
                              if a not in taken and a not in state.achievements
                              and a not in view["removed"]]
    shuffle(rng, state.achievement_deck)
    state.bonus_supply = list(view["bonus_supply"])
    state.removed = list(view["removed"])
    state.phase = view["phase"]
    state.turn = Turn.from_json(view["turn"]) if view["turn"] else None
    state.first_round = list(view["first_round"])
    state.next_stamp = view["next_stamp"]
    state.turns = view["turns"]
    state.log = [dict(e) for e in view["log"]]
    return state


def _take_first(cards: CardSet, pile: list[str], k: int) -> list[str]:
    """Remove and return the first ``k`` starting occupations (switching year 1) of a pile."""
    out: list[str] = []
    for cid in list(pile):
        card = cards.cards[cid]
        if len(out) < k and card.kind == "occupation" and card.switching_year == 1:
            out.append(cid)
            pile.remove(cid)
    return out
