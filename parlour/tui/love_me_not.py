"""Love Me Not in the terminal: both tableaux and piles, the scoring, every match so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.engine import Result
from parlour.engine.narration import default_name
from parlour.games.love_me_not.words import SUITS, card_text

SCORING = ("Scoring: for each suit, cards in your tableau × cards in your pile; then each jack"
           " in your tableau scores 1 for every card of its suit in the other player's pile.")


def card(code: str | None) -> Text:
    if code is None:
        return Text("[??]", style="dim")
    colour = SUITS[code[1]]["colour"]
    return Text(f"[{card_text(code)}]", style="red" if colour == "red" else "default")


def row(label: str, cards: list[Text]) -> Text:
    return Text.assemble(Text(f"{label:<20}"), *[Text.assemble(c, " ") for c in cards])


def who(view: Mapping[str, Any], seat: int) -> str:
    return "You" if seat == view["seat"] else default_name(seat)


def whose(view: Mapping[str, Any], seat: int) -> str:
    return "Your" if seat == view["seat"] else f"{default_name(seat)}'s"


def side(view: Mapping[str, Any], seat: int) -> list[Text]:
    info = view["seats"][seat]
    tableau = [card(e["card"]) if e["revealed"] or e["card"] is None
               else Text.assemble(card(e["card"]), Text("*", style="dim"))
               for e in info["tableau"]]
    lines = [row(f"{whose(view, seat)} tableau", tableau)]
    pile = [card(c) for c in info["pile"]] if info["pile"] is not None else (
        [card(None)] * info["pile_count"])
    lines.append(row(f"{whose(view, seat)} pile", pile))
    return lines


def header(view: Mapping[str, Any]) -> Text:
    won = view["matches_won"]
    score = f"matches won: {who(view, 0)} {won[0]} – {who(view, 1)} {won[1]}"
    if view["over"]:
        return Text(f"Game over after {len(view['history'])} matches · {score}", style="bold")
    goal = "a single match" if view["best_of"] == 1 else (
        f"first to win {view['best_of'] // 2 + 1} matches")
    ties = sum(1 for m in view["history"] if len(m["winners"]) > 1)
    replayed = f" ({ties} tied, so replayed)" if ties else ""
    return Text(f"Match {view['match']}{replayed} · {goal} · turn {view['turn']} of 5 · {score}",
                style="bold")


def points_line(view: Mapping[str, Any], seat: int, b: Mapping[str, Any]) -> Text:
    """One player's points for a match, term by term: "♥ 2×2 = 4 · J♠ × their 3♠ = 3 → 7"."""
    terms = [f"{SUITS[s['suit']]['sign']} {s['tableau']}×{s['pile']} = {s['points']}"
             for s in b["suits"] if s["points"]]
    terms += [f"{card_text(j['card'])} × their {j['points']}{SUITS[j['card'][1]]['sign']}"
              f" = {j['points']}" for j in b["jacks"]]
    return Text(f"  {who(view, seat)}: {' · '.join(terms) or 'nothing'} → {b['total']}")


def match_lines(view: Mapping[str, Any], number: int, m: Mapping[str, Any]) -> list[Text]:
    points = m["points"]
    if len(m["winners"]) > 1:
        outcome = "a tie: nobody wins it, another match is dealt"
    else:
        outcome = f"{who(view, m['winners'][0])} won it"
    lines = [Text(f"Match {number}: {who(view, 0)} {points[0]} – {who(view, 1)} {points[1]}"
                  f" points ({outcome})", style="bold")]
    lines += [points_line(view, s, m["breakdown"][s]) for s in (0, 1)]
    return lines


def render(view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [header(view), Text(SCORING, style="dim")]
    for number, m in enumerate(view["history"], 1):
        parts.extend(match_lines(view, number, m))
    if view["history"] and not view["over"] and view["turn"] == 1:
        last = view["history"][-1]
        parts.append(Text("Last match, revealed:", style="italic"))
        for seat in (0, 1):
            parts.append(row(f"{whose(view, seat)} tableau",
                             [card(c) for c in last["tableau"][seat]]))
            parts.append(row(f"{whose(view, seat)} pile", [card(c) for c in last["pile"][seat]]))
    order = [view["seat"], 1 - view["seat"]] if view["seat"] is not None else [0, 1]
    for seat in order:
        parts.extend(side(view, seat))
    if view["hand"]:
        parts.append(row("You drew", [card(c) for c in view["hand"]]))
        parts.append(Text("* = face-down, only you can see it", style="dim"))
    return Group(*parts)


def result(outcome: Result, names: list[str]) -> Text:
    """What the scores below count: a single match's points, or matches won."""
    played = len(outcome.details.get("match_points", []))
    if played == 1:
        return Text("The scores are the single match's points.")
    return Text(f"The scores are matches won, over {played} matches (a tied match counts"
                " for nobody).")


def action_label(action: Mapping[str, Any]) -> str:
    return f"keep {card_text(action['keep'])} (the other goes to your pile)"
