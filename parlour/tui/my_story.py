"""My Story in the terminal: the age track, both card tracks, reunions, each life so far.

Every name, cost and ability comes from the words of the card set being played (the game's
``words(options)``), which :class:`MyStoryScreens` is made with; the view names pieces by
id. Slots are numbered 1–5 from the left, as on the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.engine import Result
from parlour.engine.narration import default_name, listing
from parlour.games.my_story import words as card_set_words
from parlour.games.my_story.payments import add_costs, paid
from parlour.games.my_story.state import RETIREMENT_AGE
from parlour.games.my_story.words import ORDER, RESOURCES, amount, amounts

from .renderers import Renderer

ICON = {k: v["icon"] for k, v in RESOURCES.items()}
COLOUR_STYLE = {"yellow": "yellow", "blue": "blue", "green": "green", "red": "red"}
LEGEND = " · ".join(f"{ICON[k]} {RESOURCES[k]['name']}" for k in ORDER) + \
    " (a Star stands for any resource)"
BONUS_RULE = ("A CV card gives its Bonus on each turn you play a card of its colour "
              "(a colourless one: every turn).")


STEP_NOW = {
    "more": "Planning: your Smile-card ability lets you play another card from your deck.",
    "choose": "Planning: your ability gives one resource this turn; choose which.",
    "convert": "Planning: you may convert resources (your ability).",
    "colour": "Choose your new Bonus Resource card's colour: its Bonus comes on turns you "
              "play a card of that colour.",
}


# -- small pieces ----------------------------------------------------------------------------
def icons(cost: Mapping[str, int], none: str = "–") -> str:
    """Icons in reading order: years first, then the resources, then Stars (``y1 $2 ♥1``)."""
    return " ".join(f"{ICON[k]}{cost[k]}" for k in ORDER if cost.get(k)) or none


def player(seat: int, view: Mapping[str, Any]) -> str:
    return "You" if seat == view.get("seat") else default_name(seat)


def screens(words: Mapping[str, Any]) -> Renderer:
    """The renderer the terminal's registry makes, with the words of the set played."""
    return MyStoryScreens(words)


class MyStoryScreens:
    """My Story's screens, naming the pieces in ``words`` (a card set's words)."""

    def __init__(self, words: Mapping[str, Any]) -> None:
        self.words = words
        self.cards: Mapping[str, Any] = words["cards"]
        self.shown: dict[str, Any] = {}
        """The view last rendered: the terminal asks for a move right after showing the
        seat's view, so an action is labelled against what the player sees."""

    def card_name(self, cid: str) -> str:
        return card_set_words.card_name(cid, self.words)

    def reunion_name(self, rid: str) -> str:
        return card_set_words.reunion_name(rid, self.words)

    def achievement_name(self, aid: str) -> str:
        return card_set_words.achievement_name(aid, self.words)

    def name(self, cid: str) -> Text:
        """A card's name in its first colour."""
        card = self.cards.get(cid)
        if card is None:
            return Text(cid)
        style = COLOUR_STYLE.get(card["colours"][0], "") if card["colours"] else ""
        return Text(card["name"], style=style)

    def names(self, cids: Sequence[str]) -> str:
        """Cards by name, repeated ones counted: ``2×Salary, Hobby``."""
        counts = Counter(self.card_name(c) for c in cids)
        return ", ".join(f"{n}×{k}" if n > 1 else k for k, n in counts.items())

    def colours(self, cid: str, chosen: Mapping[str, str] | None = None) -> Text:
        cols = (chosen[cid],) if chosen and cid in chosen else self.cards[cid]["colours"]
        text = Text()
        for i, c in enumerate(cols):
            text.append(" " if i else "")
            text.append(f"■ {c}", style=COLOUR_STYLE[c])
        return text if cols else Text("□ none", style="dim")

    def kind(self, cid: str) -> str:
        return str(self.words["kinds"].get(self.cards[cid]["kind"], self.cards[cid]["kind"]))

    def grow_terms(self, cid: str) -> str:
        """What completing a Project or switching to an Occupation costs, in icons."""
        card = self.cards[cid]
        if card["kind"] == "occupation":
            need = icons(card["requirement"]) + " + " if card["requirement"] else ""
            return f"switch: {need}{amount(card['switching_year'], 'years')} (Switching Year)"
        return f"complete: {icons(card['grow'], 'free')}"

    def in_cv(self, cid: str) -> str:
        """What a card does once in a CV: its Bonus, and its ability."""
        card = self.cards[cid]
        bits = [f"Bonus {icons(card['bonus'])}"] if card["bonus"] else []
        if card["ability"]:
            when = "as your Occupation" if card["kind"] == "occupation" else "ability"
            bits.append(f"{when}: " + "; ".join(card["ability"]))
        return "\n".join(bits) or "–"

    def _header(self, view: Mapping[str, Any]) -> Text:
        order = " → ".join(f"{player(s, view)} ({view['seats'][s]['age']})"
                           for s in view["marker_order"])
        if view["over"]:
            return Text(f"My Story · over after {view['turns']} turns · final ages: {order}",
                        style="bold")
        return Text(f"My Story · turn {view['turns'] + 1} · the youngest plays next; age track, "
                    f"youngest first: {order} · retire at {RETIREMENT_AGE}", style="bold")

    def _life_track(self, view: Mapping[str, Any]) -> Table:
        table = Table(title=f"Life Story track ({view['life_deck_count']} in the deck): "
                            "taken cards go to your discard pile, then into your deck",
                      title_justify="left")
        for col in ("slot", "Life Story", "colour", "when played", "VP", "to take"):
            table.add_column(col)
        for i, cid in enumerate(view["life_track"]):
            card = self.cards[cid]
            cost = add_costs(self.words["slots"]["life"][i], card["requirement"])
            table.add_row(str(i + 1), self.name(cid), self.colours(cid), icons(card["play"]),
                          str(card["vp"] or ""), icons(cost, "free"))
        return table

    def _work_track(self, view: Mapping[str, Any]) -> Table:
        table = Table(title=f"Occupation & Project track ({view['work_deck_count']} in the deck): "
                            "taken into your deck; when you play one, you may complete it "
                            "(Project) or switch to it (Occupation) into your CV",
                      title_justify="left")
        for col in ("slot", "card", "colour", "when played", "in your CV", "VP", "to take",
                    "then"):
            table.add_column(col)
        for i, cid in enumerate(view["work_track"]):
            card = self.cards[cid]
            label = Text.assemble(self.name(cid), Text(f" ({self.kind(cid)})", style="dim"))
            table.add_row(str(i + 1), label, self.colours(cid), icons(card["play"]),
                          self.in_cv(cid),
                          str(card["vp"] or ""), icons(self.words["slots"]["work"][i], "free"),
                          self.grow_terms(cid))
        return table

    def _reunions(self, view: Mapping[str, Any]) -> RenderableType:
        if not view["stage"]:
            return Text("Reunions open when every player has reached 30: then you may pay a "
                        "Reunion's cost to take an Achievement (scored at the end).", style="dim")
        table = Table(title=f"Age-{view['stage']} Reunions: pay one to take an Achievement",
                      title_justify="left")
        table.add_column("reunion")
        table.add_column("to attend")
        for rid in view["reunions"]:
            cost = self.words["reunions"][rid]["requirement"]
            table.add_row(self.reunion_name(rid), icons(cost, "free"))
        progress = view.get("private", {}).get("progress", {})
        ach = Table(title="Achievements on the board", title_justify="left")
        ach.add_column("achievement")
        ach.add_column("scores at the end")
        if progress:
            ach.add_column("yours now (next)")
        for aid in view["achievements"]:
            row = [self.achievement_name(aid), self.words["achievements"][aid]["text"]]
            ach.add_row(*row, *([self._progress(aid, progress[aid])] if aid in progress else []))
        return Group(table, ach)

    def _progress(self, aid: str, p: Mapping[str, int]) -> str:
        """``3 → 0 VP (6 for 3 VP)``: the count now, its points, and the next tier."""
        score = self.words["achievements"][aid]["score"]
        tiers = [t for t in score.get("tiers", []) if t[0] > p["count"]]
        goal = f" ({tiers[0][0]} for {tiers[0][1]} VP)" if tiers else ""
        return f"{p['count']} → {p['points']} VP{goal}"

    def _seat_block(self, view: Mapping[str, Any], s: int) -> RenderableType:
        p = view["seats"][s]
        who = f"You ({default_name(s)})" if s == view["seat"] else default_name(s)
        retired = " · retired" if p["retired"] else ""
        table = Table(title=f"{who} · age {p['age']}{retired} · CV", title_justify="left")
        for col in ("CV card", "colour", "Bonus", "ability / VP"):
            table.add_column(col)
        for cid in p["cv"]:
            card = self.cards[cid]
            note = ""
            if cid == p["occupation"]:
                note = "current Occupation: " + "; ".join(card["ability"])
            elif card["kind"] == "occupation":
                note = "former Occupation: its Bonus only"
            elif card["kind"] == "project":
                note = "; ".join([f"{card['vp']} VP", *card["ability"]])
            table.add_row(self.name(cid), self.colours(cid, p["colours"]), icons(card["bonus"]),
                          note)
        return Group(table, Text("\n".join(self._pile_lines(view, s))))

    def _pile_lines(self, view: Mapping[str, Any], s: int) -> list[str]:
        p = view["seats"][s]
        mine = s == view["seat"]
        draw = f"Draw pile: {p['draw_count']} card{'' if p['draw_count'] == 1 else 's'}"
        if mine and view["private"].get("draw"):
            draw += f" (order unknown): {self.names(view['private']['draw'])}"
        elif not mine and p["draw_known"]:
            draw += f": {self.names(p['draw_known'])}"
            if p["unseen_in_draw"]:
                draw += " and their other starting occupation (unseen)"
        lines = [draw, f"Discard pile (newest last): {self.names(p['discard']) or 'empty'}"]
        progress = view["private"].get("progress", {}) if mine else {}
        held = [self.achievement_name(a)
                + (f" ({progress[a]['points']} VP now)" if a in progress else "")
                for a in p["achievements"]]
        lines.append(f"Achievements: {', '.join(held) or 'none'}")
        if p["gone"]:
            lines.append(f"Left the game: {self.names(p['gone'])}")
        return lines

    def _now(self, turn: Mapping[str, Any]) -> str:
        if turn["step"] in STEP_NOW:
            return STEP_NOW[turn["step"]]
        if turn["grown"]:
            return "Done: end the turn."
        if turn["explored"]:
            return ("Self-Growing: you may complete a Project or switch to an Occupation you "
                    "played this turn, or end the turn.")
        return ("Explore (take one card from a track, or attend a Reunion), then you may grow "
                "(complete a Project or switch to an Occupation you played this turn); growing "
                "first ends Exploring. Missing resources cost 1 year each (at most "
                f"{self.words['max_time']} per payment); unspent resources are lost.")

    def _turn(self, view: Mapping[str, Any]) -> RenderableType:
        turn = view["turn"]
        if not turn:
            return Text("")
        who = player(turn["seat"], view)
        played = Text(f"{who} played: ", style="bold")
        for i, cid in enumerate(turn["played"]):
            played.append(", " if i else "")
            played.append_text(self.name(cid))
        pool = "counted once you stop playing cards" if turn["step"] == "more" else \
            amounts(turn["pool"])
        return Group(played, Text(f"Resources this turn: {pool}"),
                     Text(f"Now: {self._now(turn)}", style="italic"))

    def _choosing(self, view: Mapping[str, Any]) -> list[RenderableType]:
        dealt = view["private"].get("dealt") or []
        if not dealt:
            return []
        out: list[RenderableType] = [Text(
            "Keep one of these as your starting Occupation (it starts your CV); the other is "
            "shuffled into your deck with your 7 starting cards.", style="bold")]
        for cid in dealt:
            card = self.cards[cid]
            out.append(Text.assemble("  ", self.name(cid), " ", self.colours(cid),
                                     f": when played {icons(card['play'])}; in your CV "
                                     + self.in_cv(cid).replace("\n", "; ")))
        starting = [c for c, card in self.cards.items()
                    if card["kind"] == "starting" and c.endswith(f"@{view['seat']}")]
        cards = self.cards
        described = Counter(f"{self.card_name(c)} ({'/'.join(cards[c]['colours']) or 'no colour'}, "
                            f"{icons(self.cards[c]['play'])}"
                            + (f"; leaves the game at {self.cards[c]['leaves_at']})"
                               if "leaves_at" in self.cards[c] else ")") for c in starting)
        out.append(Text("Your starting cards: " + ", ".join(
            f"{n}×{k}" if n > 1 else k for k, n in described.items())))
        return out

    def render(self, view: Mapping[str, Any]) -> RenderableType:
        self.shown.clear()
        self.shown.update(view)
        parts: list[RenderableType] = [self._header(view)]
        if view["phase"] == "choose":
            parts.extend(self._choosing(view))
        parts += [self._life_track(view), self._work_track(view), self._reunions(view)]
        seats = list(range(view["players"])) if view["phase"] != "choose" else []
        if view["seat"] is not None and seats:
            seats = [view["seat"]] + [s for s in seats if s != view["seat"]]
        parts.extend(self._seat_block(view, s) for s in seats)
        parts.append(self._turn(view))
        parts.append(Text(LEGEND + "\n" + BONUS_RULE, style="dim"))
        return Group(*parts)

    def _pay(self, view: Mapping[str, Any], req: Mapping[str, int], stars: int) -> str:
        pool = (view.get("turn") or {}).get("pool", {})
        cost = paid(pool, req, stars)
        return f"pay {amounts(cost)}" if cost else "free"

    def _effect(self, view: Mapping[str, Any], kind_: str, index: int) -> Mapping[str, Any] | None:
        """The active effect of a kind the turn is asking about (occupation, then CV Projects)."""
        me = view["seats"][view["turn"]["seat"]]
        sources = [me["occupation"]] + [c for c in me["cv"] if self.cards[c]["kind"] == "project"]
        found = [e for c in sources if c for e in self.cards[c]["effects"] if e["kind"] == kind_]
        return found[index] if index < len(found) else None

    def action_label(self, action: dict[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """A move in words, with what it costs; ``view`` is the mover's (by default the view
        last rendered)."""
        view = view if view is not None else self.shown
        stars = action.get("stars", 0)
        if "occupation" in action:
            return f"keep {self.card_name(action['occupation'])} (the other goes into your deck)"
        if "play_more" in action:
            return "play another card" if action["play_more"] else "stop playing cards"
        if "gain" in action:
            return f"gain {amount(1, action['gain'])}"
        if "convert" in action:
            return self._convert_label(view, action["convert"])
        if "colour" in action:
            waiting = (view.get("turn") or {}).get("colour_for") or []
            card = self.card_name(waiting[0]) if waiting else "the Bonus Resource card"
            return f"colour {card} {action['colour']}"
        if "take" in action:
            return self._take_label(view, action["take"], action["slot"], stars)
        if "reunion" in action:
            req = self.words["reunions"][action["reunion"]]["requirement"]
            aid = action["achievement"]
            progress = view.get("private", {}).get("progress", {})
            now = f" (yours now: {self._progress(aid, progress[aid])})" if aid in progress else ""
            return (f"attend {self.reunion_name(action['reunion'])} and take "
                    f"{self.achievement_name(aid)}{now}: {self._pay(view, req, stars)}")
        if "grow" in action:
            return self._grow_label(view, action["grow"], stars)
        if "end" in action:
            return "end the turn (your played cards go to your discard pile)"
        if "rest" in action:
            return "rest (nothing can be done): 1 year passes"
        return str(action)

    def _take_label(self, view: Mapping[str, Any], where: str, slot: int, stars: int) -> str:
        track = view.get(f"{where}_track") or []
        if slot >= len(track):
            return f"take the card in slot {slot + 1} of the {self.words['tracks'][where]} track"
        cid = track[slot]
        req = self.words["slots"][where][slot]
        if where == "life":
            req = add_costs(req, self.cards[cid]["requirement"])
        vp = f", {self.cards[cid]['vp']} VP" if self.cards[cid]["vp"] else ""
        if self.cards[cid]["kind"] == "project" and vp:
            vp += " once completed"
        pay = self._pay(view, req, stars)
        return f"take {self.card_name(cid)} ({self.kind(cid)}{vp}; slot {slot + 1}): {pay}"

    def _grow_label(self, view: Mapping[str, Any], cid: str, stars: int) -> str:
        card = self.cards[cid]
        does = "".join(f"; {a}" for a in card["ability"])
        if card["kind"] == "project":
            vp = f", {card['vp']} VP" if card["vp"] else ""
            pay = self._pay(view, card["grow"], stars)
            return f"complete {card['name']} (Project{vp}{does}): {pay}"
        pool = (view.get("turn") or {}).get("pool", {})
        years, switching = paid(pool, card["grow"], stars).get("years", 0), card["switching_year"]
        note = "its Switching Year" if years == switching else \
            f"{amount(switching, 'years')} of them its Switching Year"
        pay = self._pay(view, card["grow"], stars)
        return (f"switch to {card['name']} (Occupation{does}): {pay} "
                f"({note})")

    def _convert_label(self, view: Mapping[str, Any], times: int) -> str:
        turn = view.get("turn") or {}
        effect = self._effect(view, "convert", turn.get("converted", 0)) if turn else None
        if effect is None:
            return f"convert {times} time{'' if times == 1 else 's'}"
        if times == 0:
            return "convert nothing"
        return (f"convert {amount(times * effect['count'], effect['resource'])} into "
                f"{amount(times, effect['to'])}")

    def result(self, outcome: Result, names_: Sequence[str]) -> RenderableType:
        """The score sheet (one row per scoring area), then what made it: the Achievements that
        scored and each resource's icon counts with the majority points they won."""
        details = outcome.details
        sheet = Table(title="Score sheet")
        sheet.add_column("")
        for n in names_:
            sheet.add_column(n, justify="right")
        for line in details.get("score_sheet", []):
            sheet.add_row(str(line["area"]).replace("_", " "), *(f"{p:g}" for p in line["points"]))
        parts: list[RenderableType] = [sheet]
        if "achievements" in details:
            scored = Table(title="Achievements scored")
            scored.add_column("")
            scored.add_column("achievements (VP each)")
            for n, held in zip(names_, details["achievements"], strict=False):
                scored.add_row(n, ", ".join(f"{self.achievement_name(a)} {vp}"
                                            for a, vp in held.items()) or "none")
            parts.append(scored)
        if "majority_points" in details:
            parts.append(self._majorities(details, names_))
        if details.get("tiebreak") in ("cv", "shared"):
            cv = details.get("cv_cards", [])
            tied = listing([f"{names_[s]} {cv[s]}" for s in range(len(names_))
                            if outcome.scores[s] == max(outcome.scores)])
            verdict = "the most CV cards wins" if details["tiebreak"] == "cv" else \
                "equal there too, so the win is shared"
            parts.append(Text(f"A tie on VP; CV cards: {tied}: {verdict}."))
        return Group(*parts)

    def _majorities(self, details: Mapping[str, Any], names_: Sequence[str]) -> Table:
        table = Table(title="Resource majorities: icons in each deck and CV (5 VP for the most, "
                            "2 for the second; ties score in full)")
        table.add_column("")
        for n in names_:
            table.add_column(n, justify="right")
        counts = details.get("resource_icons", [])
        for r, points in details["majority_points"].items():
            table.add_row(RESOURCES[r]["plural"],
                          *(f"{c[r]} → {p} VP" for c, p in zip(counts, points, strict=False)))
        return table
