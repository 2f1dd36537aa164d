"""What the lab notes while a My Story record is replayed: each turn's seat, years and
what it did, the cards taken and grown, the Reunions attended, what the current Occupation
gave each Planning, and what every Achievement would have scored at the end.

The observer reads the replayed state after each move: the ages (a turn's cost in years),
the public log of events (what was taken, completed, attended) and the final score sheet.
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Action, Match, Result
from parlour.games.my_story import MyStoryState
from parlour.games.my_story.abilities import planned_gain
from parlour.games.my_story.payments import add_costs
from parlour.games.my_story.scoring import AREAS, achievement_points, measure
from parlour.games.my_story.state import Turn

from .. import Observer


class StoryObserver(Observer):
    """Follows turns (who, how many years, what was done) and the public events."""

    def __init__(self, match: Match[Any]) -> None:
        self.turns: list[tuple[int, int, str]] = []  # seat, years, what the turn did
        self.doing: list[str] = []
        self.start_age = 0
        self.seen: object | None = None
        self.firsts: list[str] = []
        self.dealt = [list(p.dealt) for p in match.state.seats]
        self.takes: list[tuple[str, int, int]] = []  # card, seat, units paid (resources+years)
        self.grows: list[tuple[str, int]] = []  # card, seat
        self.reunions: list[tuple[str, int]] = []  # achievement, seat
        self.pools: list[tuple[str, float, int]] = []  # occupation, its yield, seat
        self.pooled = False
        self.life_out: int | None = None  # the turn the Life Story track first ran short

    def moved(self, match: Match[Any], seat: int, action: Action) -> None:
        state: MyStoryState = match.state
        if not self.firsts and state.phase != "choose":
            self.firsts = [p.cv[0] for p in state.seats]
            self._start(state)
            return
        for event in self._new_events(state):
            self._event(state, event)
        if len(self.turns) < state.turns:  # this move ended the mover's turn
            self.turns.append((seat, state.seats[seat].age - self.start_age,
                               "+".join(self.doing) or "nothing"))
            if self.life_out is None and len(state.life_track) < 5:
                self.life_out = state.turns
            self._start(state)
        elif state.turn is not None and state.turn.step == "act" and not self.pooled:
            self._pool(state)

    def _start(self, state: MyStoryState) -> None:
        self.doing, self.pooled = [], False
        if state.turn is not None:
            self.start_age = state.seats[state.turn.seat].age
            if state.turn.step == "act":
                self._pool(state)

    def _pool(self, state: MyStoryState) -> None:
        assert state.turn is not None
        occupation = state.seats[state.turn.seat].occupation or ""
        self.pools.append((occupation, occupation_yield(state, state.turn), state.turn.seat))
        self.pooled = True

    def _new_events(self, state: MyStoryState) -> list[dict[str, Any]]:
        log = state.log
        start = next((i + 1 for i in range(len(log) - 1, -1, -1) if log[i] is self.seen), 0)
        if log:
            self.seen = log[-1]
        return log[start:]

    def _event(self, state: MyStoryState, event: dict[str, Any]) -> None:
        kind, seat = event["event"], event["seat"]
        if kind == "take":
            life = event["track"] == "life"
            self.doing.append("life story" if life else "work card")
            slots = state.card_set.life_slots if life else state.card_set.work_slots
            cost = add_costs(state.card(event["card"]).requirement if life else {},
                             slots[event["slot"]])
            # Every unit of a cost is paid by a resource, a Star or a year.
            self.takes.append((event["card"], seat, sum(cost.values())))
        elif kind == "grow":
            card = state.card(event["card"])
            self.doing.append("completes a project" if card.kind == "project" else "switches")
            self.grows.append((event["card"], seat))
        elif kind == "reunion":
            self.doing.append("reunion")
            self.reunions.append((event["achievement"], seat))
        elif kind == "rest":
            self.doing.append("rest")

    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        details = result.details
        sheet = {line["area"]: line["points"] for line in details["score_sheet"]}
        return {
            "firsts": self.firsts,
            "dealt": self.dealt,
            "turns": [list(t) for t in self.turns],
            "takes": [list(t) for t in self.takes],
            "grows": [list(t) for t in self.grows],
            "reunions": [list(t) for t in self.reunions],
            "pools": [list(p) for p in self.pools],
            "areas": {a: sheet[a] for a in AREAS},
            "achievements": details["achievements"],
            "could_score": could_score(match.state),
            "life_out": self.life_out,
        }


def could_score(state: MyStoryState) -> list[dict[str, int]]:
    """Per player, what every Achievement would have scored them at the end."""
    cards = state.card_set
    return [{aid: achievement_points(cards, state.seats, s, ach,
                                     measure(cards, state.seats[s], ach.measure))
             for aid, ach in cards.achievements.items()} for s in range(state.players)]


def occupation_yield(state: MyStoryState, turn: Turn) -> float:
    """What the current Occupation gave this turn's Planning, in resources: its Bonus and
    automatic abilities (the gain with it less the gain without it), one resource per
    choice it offered, and the icons of the cards its "+1" and Smile abilities let the
    player play (a conversion only reshapes resources, so it counts nothing)."""
    me = state.seats[turn.seat]
    occupation = me.occupation
    if occupation is None:
        return 0.0
    card = state.card(occupation)
    played = turn.played
    every = sum(planned_gain(state, turn.seat, played).values())
    cv = me.cv
    me.occupation, me.cv = None, [c for c in cv if c != occupation]
    try:
        without = sum(planned_gain(state, turn.seat, played).values())
    finally:
        me.occupation, me.cv = occupation, cv
    effects = card.ability
    choices = sum(1 for e in effects if e["kind"] == "choose")
    extra = sum(int(e["count"]) for e in effects if e["kind"] == "extra_cards")
    if any(e["kind"] == "per_icon_card" for e in effects):
        extra += turn.extra
    per_card = sum(sum(state.card(c).play.values()) for c in played) / max(1, len(played))
    return float(every - without + choices + extra * per_card)
