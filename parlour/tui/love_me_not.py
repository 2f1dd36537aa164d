"""Love Me Not in the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.games.love_me_not.words import SUITS, card_text


def card(code: str | None) -> Text:
    if code is None:
        return Text("[??]", style="dim")
    colour = SUITS[code[1]]["colour"]
    return Text(f"[{card_text(code)}]", style="red" if colour == "red" else "default")


def row(label: str, cards: list[Text]) -> Text:
    return Text.assemble(Text(f"{label:<20}"), *[Text.assemble(c, " ") for c in cards])


def side(view: dict[str, Any], seat: int) -> list[Text]:
    info = view["seats"][seat]
    who = "Your" if seat == view["seat"] else f"Player {seat + 1}'s"
    tableau = [card(e["card"]) if e["revealed"] or e["card"] is None
               else Text.assemble(card(e["card"]), Text("*", style="dim"))
               for e in info["tableau"]]
    lines = [row(f"{who} tableau", tableau)]
    pile = [card(c) for c in info["pile"]] if info["pile"] is not None else (
        [card(None)] * info["pile_count"])
    lines.append(row(f"{who} pile", pile))
    return lines


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [Text(
        f"Match {view['match']} of best-of-{view['best_of']} · turn {view['turn']} of 5 · "
        f"matches won {view['matches_won'][0]}–{view['matches_won'][1]}", style="bold")]
    for m_no, m in enumerate(view["history"], 1):
        parts.append(Text(f"Match {m_no}: player 1 {m['points'][0]} – player 2 "
                          f"{m['points'][1]} points"))
    if view["history"] and not view["over"] and view["turn"] == 1:
        last = view["history"][-1]
        parts.append(Text("Last match, revealed:", style="italic"))
        for seat in (0, 1):
            parts.append(row(f"Player {seat + 1}'s tableau",
                                [card(c) for c in last["tableau"][seat]]))
            parts.append(row(f"Player {seat + 1}'s pile", [card(c) for c in last["pile"][seat]]))
    order = [view["seat"], 1 - view["seat"]] if view["seat"] is not None else [0, 1]
    for seat in order:
        parts.extend(side(view, seat))
    if view["hand"]:
        parts.append(row("You drew", [card(c) for c in view["hand"]]))
    parts.append(Text("* = face-down, only you can see it", style="dim"))
    return Group(*parts)


def action_label(action: dict[str, Any]) -> str:
    return f"keep {card_text(action['keep'])} (the other goes to your pile)"
