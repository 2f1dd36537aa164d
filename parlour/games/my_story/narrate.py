"""My Story: sentences for the table's log, from two spectator views around one move.

Most of what a move makes public is in the view's ``log`` of events; the rest (the
occupations chosen at the start, the cards a turn plays, Planning choices, ages, the end)
is read off the difference between the views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.narration import Beat, listing, seat_name

from .cards import played_card_set
from .tracks import TRACKS
from .words import achievement_name, amount, amounts, card_name, reunion_name, words_of

Event = Mapping[str, Any]

ACTS = ("take", "reunion", "grow", "colour", "rest")
MILESTONES = (30, 40)


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """What one move made public, in plain sentences (``[]`` when it showed nothing new),
    in the words of the card set the views name."""
    t = _Teller(words_of(played_card_set(after["card_set"])), names, after)
    events = new_events(before, after)
    acts = [e for e in events if e.get("event") in ACTS]
    others = [e for e in events if e.get("event") not in ACTS]
    out = t.start(before, after) + t.planning(before, after)
    out += [s for e in acts for s in t.event(e)]
    out += t.milestones(before, after)
    out += [s for e in others for s in t.event(e)]
    if after.get("over") and not before.get("over"):
        out.append("Everyone has retired; the game is over.")
    return out + t.plays(before, after)


def new_events(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Event]:
    """The log entries added by the move.

    The log keeps only its last entries, so the old log is aligned with the new one by
    dropping as few old entries as possible. Every event names a card or happens once,
    except "rest"; so that alignment is right unless a rest is hidden by a log full of
    identical rests, which the turn counter gives away.
    """
    old, new = list(before.get("log", [])), list(after.get("log", []))
    options = []
    for dropped in range(len(old) + 1):
        kept = old[dropped:]
        if new[:len(kept)] == kept:
            options.append(new[len(kept):])
    if _rested(before, after):
        options = [o for o in options if any(e.get("event") == "rest" for e in o)] or options
    return options[0]


def _rested(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """A turn that ends before anything was explored or grown ended by resting."""
    turn = before.get("turn")
    return (turn is not None and after.get("turns", 0) > before.get("turns", 0)
            and not turn.get("explored") and not turn.get("grown"))


def cost(event: Event) -> str:
    years, stars = int(event.get("years", 0)), int(event.get("stars", 0))
    parts = [f"{years} year{'' if years == 1 else 's'}"] if years else []
    parts += [amount(stars, "star")] if stars else []
    return f" ({', '.join(parts)})" if parts else ""


class _Teller:
    def __init__(self, words: Mapping[str, Any], names: Sequence[str],
                 after: Mapping[str, Any]) -> None:
        self.words, self.names, self.after = words, names, after

    def who(self, seat: Any) -> str:
        return seat_name(self.names, seat) if isinstance(seat, int) else "Someone"

    def card(self, cid: Any) -> str:
        return card_name(str(cid), self.words)

    def event(self, e: Event) -> list[str]:
        who, kind = self.who(e.get("seat")), e.get("event")
        if kind == "take":
            track = TRACKS.get(str(e.get("track")), str(e.get("track")))
            return [f"{who} takes {self.card(e.get('card'))} from the {track} track{cost(e)}."]
        if kind == "reunion":
            reunion = reunion_name(str(e.get("reunion")), self.words)
            ach = achievement_name(str(e.get("achievement")), self.words)
            return [f"{who} attends {reunion} and takes the {ach} Achievement{cost(e)}."]
        if kind == "grow":
            card = self.words["cards"].get(str(e.get("card"))) or {}
            verb = "switches to" if card.get("kind") == "occupation" else "completes"
            return [f"{who} {verb} {self.card(e.get('card'))}{cost(e)}."]
        if kind == "colour":
            return [f"{who} colours {self.card(e.get('card'))} {e.get('colour')}."]
        if kind == "rest":
            return [f"{who} rests for a year."]
        if kind == "young_heart":
            return [f"{who}'s {self.card(e.get('card'))} leaves the game."]
        if kind == "retire":
            return [f"{who} retires at {e.get('age')}."]
        if kind == "daydream":
            return [self.daydream([self.card(c) for c in e.get("cards", [])])]
        if kind == "reunions":
            return [self.reunions(e.get("age"))]
        return []

    def reunions(self, age: Any) -> str:
        shown = self.after.get("reunions", []) if self.after.get("stage") == age else []
        names = [reunion_name(str(rid), self.words) for rid in shown]
        return f"Reunions open for age {age}: {listing(names)}." if names else \
            f"Reunions open for age {age}."

    def daydream(self, names: list[str]) -> str:
        if not names:
            return "The tracks lose their rightmost cards."
        if len(names) == 1:
            return f"{names[0]} is revealed and leaves the game."
        return f"{names[0]} is revealed: {listing(names[1:])} leave the tracks with it."

    def start(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        if before.get("phase") != "choose" or after.get("phase") == "choose":
            return []
        picks = [f"{self.who(s)} as {self.card(p.get('occupation'))}"
                 for s, p in enumerate(after.get("seats", []))]
        return [f"Starting occupations: {listing(picks)}."] if picks else []

    def plays(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        turn = after.get("turn")
        if not turn:
            return []
        old = before.get("turn") or {}
        same = old.get("seat") == turn.get("seat") and before.get("turns") == after.get("turns")
        seen = set(old.get("played", [])) if same else set()
        fresh = [self.card(c) for c in turn.get("played", []) if c not in seen]
        if not fresh:
            return []
        who = self.who(turn.get("seat"))
        return [f"{who} also plays {listing(fresh)}." if same else
                f"{who} plays {listing(fresh)}."]

    def planning(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """Stopping to play cards (with the resources that makes), a resource picked by a
        'choose' ability, or a conversion of resources."""
        old, turn = before.get("turn"), after.get("turn")
        if not old or not turn or before.get("turns") != after.get("turns"):
            return []
        who = self.who(turn.get("seat"))
        chosen = turn.get("chosen", [])
        stopped = old.get("step") == "more" and turn.get("step") != "more"
        if stopped and turn.get("played") == old.get("played"):
            # Stopping is public (the table sees it), and it sets the turn's resources.
            return [f"{who} stops playing cards, with {amounts(turn.get('pool', {}))} to spend."]
        if len(chosen) > len(old.get("chosen", [])):
            return [f"{who} chooses to gain {amount(1, chosen[-1])}."]
        if turn.get("converted", 0) > old.get("converted", 0):
            was, now = old.get("pool", {}), turn.get("pool", {})
            lost = [(r, was[r] - now.get(r, 0)) for r in was if now.get(r, 0) < was[r]]
            won = [(r, n - was.get(r, 0)) for r, n in now.items() if n > was.get(r, 0)]
            if lost and won:
                return [f"{who} converts {amount(lost[0][1], lost[0][0])} into "
                        f"{amount(won[0][1], won[0][0])}."]
        return []

    def milestones(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        out = []
        pairs = zip(before.get("seats", []), after.get("seats", []), strict=False)
        for s, (was, now) in enumerate(pairs):
            a, b = int(was.get("age", 0)), int(now.get("age", 0))
            if any(a < m <= b for m in MILESTONES):
                out.append(f"{self.who(s)} is now {b}.")
        return out


def beat(before: Mapping[str, Any], after: Mapping[str, Any]) -> Beat | None:
    """The game's end is the finale; the starting occupations, and each turn once it is
    over, a short moment (the table gathers the turn's steps into it); a step within a
    turn (a card played, 1 Money chosen, a track card taken), none."""
    if after.get("over"):
        return "finale"
    if before.get("phase") == "choose" and after.get("phase") != "choose":
        return "short"
    return "short" if after.get("turns", 0) > before.get("turns", 0) else None
