"""My Story in the terminal: the age track, both card tracks, reunions, each life's CV."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.engine import Result
from parlour.games.my_story.words import WORDS, achievement_name, card_name, reunion_name

CARDS: Mapping[str, Any] = WORDS["cards"]
ICON = {k: v["icon"] for k, v in WORDS["resources"].items()}
COLOUR_STYLE = {"yellow": "yellow", "blue": "blue", "green": "green", "red": "red"}
LEGEND = "$ Money · B Book · + Heart & Cross · H House · S Smile · * Star (any) · y Year"


def icons(cost: Mapping[str, int]) -> str:
    """Icons in a fixed order: years first, then the resources, then Stars."""
    order = ["years", "money", "book", "heart", "house", "smile", "star"]
    return " ".join(f"{ICON[k]}{cost[k]}" for k in order if cost.get(k)) or "–"


def name(cid: str) -> Text:
    card = CARDS.get(cid)
    if card is None:
        return Text(cid)
    style = COLOUR_STYLE.get(card["colours"][0], "") if card["colours"] else ""
    return Text(card["name"], style=style)


def colours(cid: str, chosen: Mapping[str, str] | None = None) -> Text:
    cols = (chosen[cid],) if chosen and cid in chosen else CARDS[cid]["colours"]
    text = Text()
    for c in cols:
        text.append("■", style=COLOUR_STYLE[c])
    return text if cols else Text("□", style="dim")


def _track(view: Mapping[str, Any], which: str) -> Table:
    life = which == "life"
    cards = view["life_track"] if life else view["work_track"]
    slots = WORDS["slots"][which]
    deck = view["life_deck_count"] if life else view["work_deck_count"]
    title = f"{'Life Story' if life else 'Occupation & Project'} track ({deck} in deck)"
    table = Table(title=title, title_justify="left", expand=False)
    for col in ("slot", "card", "colour", "gives when played", "CV Bonus", "VP", "to take"):
        table.add_column(col)
    for i, cid in enumerate(cards):
        card = CARDS[cid]
        cost = {**slots[i]}
        if life:
            cost = {k: cost.get(k, 0) + card["requirement"].get(k, 0)
                    for k in {*cost, *card["requirement"]}}
        kind = card["kind"].replace("_", " ")
        label = Text.assemble(name(cid), Text(f" ({kind})", style="dim"))
        table.add_row(str(i + 1), label, colours(cid), icons(card["play"]),
                      "–" if life else icons(card["bonus"]), str(card["vp"] or ""), icons(cost))
    return table


def _seat_block(view: Mapping[str, Any], s: int) -> Table:
    p = view["seats"][s]
    who = "You" if s == view["seat"] else f"Player {s + 1}"
    state = " · retired" if p["retired"] else ""
    title = f"{who} (player {s + 1}) · age {p['age']}{state}"
    table = Table(title=title, title_justify="left", show_header=True)
    for col in ("CV card", "colour", "Bonus", "ability / VP"):
        table.add_column(col)
    for cid in p["cv"]:
        card = CARDS[cid]
        note = ""
        if cid == p["occupation"]:
            note = "current: " + "; ".join(card["ability"])
        elif card["kind"] == "project":
            note = f"{card['vp']} VP" + ("; " + "; ".join(card["ability"])
                                         if card["ability"] else "")
        table.add_row(name(cid), colours(cid, p["colours"]), icons(card["bonus"]), note)
    achieved = ", ".join(WORDS["achievements"][a]["name"] for a in p["achievements"]) or "none"
    table.caption = (f"deck: {p['draw_count']} to draw, {len(p['discard'])} discarded · "
                     f"achievements: {achieved}")
    table.caption_justify = "left"
    return table


def _reunions(view: Mapping[str, Any]) -> RenderableType:
    if not view["stage"]:
        return Text("Reunions open when every player has reached 30.", style="dim")
    table = Table(title=f"Age-{view['stage']} Reunions", title_justify="left")
    table.add_column("reunion")
    table.add_column("to attend")
    for rid in view["reunions"]:
        r = WORDS["reunions"][rid]
        table.add_row(r["name"], icons(r["requirement"]))
    ach = Table(title="Achievements on the board", title_justify="left")
    ach.add_column("achievement")
    ach.add_column("scores")
    for aid in view["achievements"]:
        a = WORDS["achievements"][aid]
        ach.add_row(a["name"], a["text"])
    return Group(table, ach)


def _turn(view: Mapping[str, Any]) -> RenderableType:
    turn = view["turn"]
    if not turn:
        return Text("")
    who = "Your" if turn["seat"] == view["seat"] else f"Player {turn['seat'] + 1}'s"
    played = Text(f"{who} turn · played: ", style="bold")
    for i, cid in enumerate(turn["played"]):
        if i:
            played.append(", ")
        played.append_text(name(cid))
    pool = Text(f"resources this turn: {icons(turn['pool'])}")
    done = [w for w, flag in (("explored", turn["explored"]), ("grown", turn["grown"])) if flag]
    status = Text(f"step: {turn['step']}" + (f" · already {', '.join(done)}" if done else ""),
                  style="dim")
    return Group(played, pool, status)


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    order = " → ".join(f"P{s + 1} ({view['seats'][s]['age']})" for s in view["marker_order"])
    parts.append(Text(f"My Story · turn {view['turns'] + 1} · age track, youngest first: {order}",
                      style="bold"))
    if view["phase"] == "choose":
        dealt = view["private"].get("dealt") or []
        if dealt:
            parts.append(Text("Choose your starting occupation:", style="bold"))
            parts.extend(Text.assemble("  ", name(c), f"  gives {icons(CARDS[c]['play'])}"
                                       f", CV Bonus {icons(CARDS[c]['bonus'])}, "
                                       + "; ".join(CARDS[c]["ability"]))
                         for c in dealt)
    parts.append(_track(view, "life"))
    parts.append(_track(view, "work"))
    parts.append(_reunions(view))
    seats = list(range(view["players"]))
    if view["seat"] is not None:
        seats = [view["seat"]] + [s for s in seats if s != view["seat"]]
    parts.extend(_seat_block(view, s) for s in seats)
    private = view["private"]
    if private.get("draw"):
        counts = Counter(card_name(c) for c in private["draw"])
        parts.append(Text("Your draw pile holds (order unknown): " + ", ".join(
            f"{n}×{k}" if n > 1 else k for k, n in sorted(counts.items()))))
    parts.append(_turn(view))
    for e in view["log"][-4:]:
        parts.append(Text(_log_line(e), style="dim"))
    parts.append(Text(LEGEND, style="dim"))
    return Group(*parts)


def _log_line(e: Mapping[str, Any]) -> str:
    who = f"P{e['seat'] + 1}" if e["seat"] >= 0 else "table"
    event = e["event"]
    if event == "take":
        return f"{who} took {card_name(e['card'])} ({e['years']} years)"
    if event == "grow":
        return f"{who} put {card_name(e['card'])} in their CV ({e['years']} years)"
    if event == "reunion":
        return (f"{who} attended {reunion_name(e['reunion'])} and took "
                f"{achievement_name(e['achievement'])} ({e['years']} years)")
    if event == "daydream":
        return f"{card_name(e['cards'][0])}: {len(e['cards']) - 1} track cards removed"
    if event == "reunions":
        return f"Everyone has reached {e['age']}: new Reunions and Achievements"
    if event == "retire":
        return f"{who} retired at {e['age']}"
    if event == "young_heart":
        return f"{who}'s {card_name(e['card'])} left the game"
    return f"{who} {event}"


def action_label(action: dict[str, Any]) -> str:
    stars = action.get("stars", 0)
    pay = f", using {stars} Star{'s' if stars != 1 else ''}" if stars else ""
    if "occupation" in action:
        return f"start as {card_name(action['occupation'])}"
    if "play_more" in action:
        return "play another card" if action["play_more"] else "stop playing cards"
    if "gain" in action:
        return f"gain 1 {action['gain']}"
    if "convert" in action:
        return f"convert {action['convert']} time(s)"
    if "colour" in action:
        return f"colour the Bonus Resource card {action['colour']}"
    if "take" in action:
        track = "Life Story" if action["take"] == "life" else "Occupation & Project"
        return f"take the {track} card in slot {action['slot'] + 1}{pay}"
    if "reunion" in action:
        return (f"attend {reunion_name(action['reunion'])} for "
                f"{achievement_name(action['achievement'])}{pay}")
    if "grow" in action:
        card = CARDS[action["grow"]]
        verb = "complete" if card["kind"] == "project" else "switch to"
        return f"{verb} {card['name']}{pay}"
    if "end" in action:
        return "end the turn"
    if "rest" in action:
        return "rest (nothing can be done): 1 year passes"
    return str(action)


def result(outcome: Result, names: list[str]) -> Table:
    """The score sheet: one row per scoring area, one column per player."""
    table = Table(title="Score sheet")
    table.add_column("")
    for name_ in names:
        table.add_column(name_, justify="right")
    for line in outcome.details.get("score_sheet", []):
        table.add_row(str(line["area"]).replace("_", " "), *(f"{p:g}" for p in line["points"]))
    return table
