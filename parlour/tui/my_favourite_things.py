"""My Favourite Things in the terminal.

Everything players typed (categories, entries) is shown as plain ``Text``,
never parsed as Rich markup. The renderer knows seats, not display names, so it
names them as the engine does by default ("Player 2") and the viewer as "You".
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.engine.narration import default_name
from parlour.games.my_favourite_things.state import BROKEN_HEART, RANKS
from parlour.games.my_favourite_things.words import BROKEN, HEART, rank_symbol

HOW = {
    "category": "Each player chooses a category for a neighbour. The neighbour writes their"
                " favourites in it on the chooser's cards, and the chooser then plays those"
                " cards without knowing their ranks.",
    "writing": "Write your favourite (1), four more in order (2–5), then something you"
               f" dislike (the {BROKEN['name']} {BROKEN['symbol']}). The cards go back shuffled:"
               " only you will know which is which.",
    "play": "Each trick, everyone plays one sleeve. The lowest rank wins a heart, but a"
            f" {BROKEN['name']} {BROKEN['symbol']} wins if someone played a 1. ◆ leads.",
}


STEP = {"category": "choosing…", "writing": "writing…"}


def rank_text(rank: int | None) -> Text:
    """A rank as shown on the ranking card: 1–5, ♡ for the Broken Heart, ? if hidden."""
    style = "dim" if rank is None else "bold magenta" if rank == BROKEN_HEART else "bold"
    return Text(rank_symbol(rank), style=style)


def who(view: dict[str, Any], seat: int) -> str:
    return "You" if seat == view["seat"] else default_name(seat)


def whose(view: dict[str, Any], seat: int) -> str:
    return "Your" if seat == view["seat"] else f"{default_name(seat)}'s"


def quoted(text: str, style: str = "bold") -> Text:
    return Text.assemble("“", (text, style), "”")


def header(view: dict[str, Any]) -> Text:
    if view["over"]:
        return Text(f"Game over after {view['rounds']} rounds", style="bold")
    parts = [f"Round {view['round']} of {view['rounds']}",
             f"categories go to the {view['direction']} neighbour"]
    if view["phase"] == "play":
        parts.append(f"trick {view['trick_number']} of {view['tricks_per_round']}")
    return Text(" · ".join(parts), style="bold")


def table(view: dict[str, Any]) -> Table:
    playing = view["phase"] == "play"
    out = Table(title="The table", title_justify="left", show_lines=False)
    for column in ("Player", HEART, "Their cards are about", "Written by",
                   "Hand (ranks hidden)" if playing else "This step", "Played (rank)"):
        out.add_column(column)
    for info in view["seats"]:
        s = info["seat"]
        name = Text(who(view, s) + (" ◆" if playing and s == view["marker"] else ""))
        category = quoted(info["category"], "") if info["category"] is not None else Text(
            "(secret until all are chosen)" if info["done"] and view["phase"] == "category"
            else "—", style="dim")
        if playing:
            hand = Text(" | ".join(info["hand"])) if info["hand"] else Text("—", style="dim")
        elif view["phase"] in STEP:
            hand = Text("done", style="green") if info["done"] else Text(
                STEP[view["phase"]], style="dim")
        else:
            hand = Text("—", style="dim")
        played = Text()
        for i, p in enumerate(info["played"]):
            if i:
                played.append(", ")
            played.append(p["entry"])
            played.append(" ")
            played.append(rank_text(p["rank"]))
        out.add_row(name, Text(str(view["hearts"][s])), category, Text(who(view, info["writer"])),
                    hand, played)
    return out


def trick_lines(view: dict[str, Any]) -> list[RenderableType]:
    lines: list[RenderableType] = []
    if view["tricks"]:
        last = view["tricks"][-1]
        line = Text(f"Last trick (round {last['round']}, trick {last['number']}): ")
        for i, p in enumerate(last["plays"]):
            if i:
                line.append(" · ")
            line.append(f"{who(view, p['seat'])} ")
            line.append(p["entry"], style="italic")
            line.append(" ")
            line.append(rank_text(p["rank"]))
        line.append(f"  → {who(view, last['winner'])} won a heart", style="bold")
        lines.append(line)
    trick = view["trick"]
    if trick is not None:
        line = Text(f"This trick (led by {who(view, trick['leader'])}): ")
        if not trick["plays"]:
            line.append("nothing played yet", style="dim")
        for i, p in enumerate(trick["plays"]):
            if i:
                line.append(" · ")
            line.append(f"{who(view, p['seat'])} ")
            line.append(p["entry"], style="italic")
            line.append(" ")
            line.append(rank_text(None))
        lines.append(line)
    return lines


def private_lines(view: dict[str, Any]) -> list[RenderableType]:
    you = view.get("you")
    if not you:
        return []
    me = view["seats"][view["seat"]]
    writer, target = default_name(me["writer"]), default_name(you["write_for"])
    lines: list[RenderableType] = []
    if view["phase"] in HOW:
        lines.append(Text(HOW[view["phase"]], style="dim"))
    if view["phase"] == "category" and you["gave"] is None:
        lines.append(Text(f"Choose a category for {writer} (your {view['direction']}"
                          f" neighbour): {writer} writes in it on your cards, and you will"
                          " play them."))
    if you["to_write"] is not None and you["written"] is None:
        lines.append(Text.assemble(f"Write on {target}'s cards, about ", quoted(you["to_write"]),
                                   f" ({target} chose it for you)."))
    if view["phase"] == "play" and me["category"] is not None:
        lines.append(Text.assemble(
            f"Your hand: the sleeves {writer} wrote about ", quoted(me["category"]),
            f". Guess their ranks from what {writer} likes."))
    if you["written"] is not None:
        line = Text(f"You wrote on {target}'s cards (only you know these ranks): ")
        for i, entry in enumerate(you["written"]):
            if i:
                line.append(", ")
            line.append(rank_text(RANKS[i]))
            line.append(" ")
            line.append(entry)
        lines.append(line)
    if you["suggestions"]:
        lines.append(Text("Ideas: " + ", ".join(you["suggestions"]), style="dim"))
    return lines


def history_lines(view: dict[str, Any]) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for r in view["history"]:
        lines.append(Text(f"Round {r['round']}: hearts "
                          + ", ".join(f"{who(view, s)} {h}" for s, h in enumerate(r["hearts"]))))
        for s, left in enumerate(r["unplayed"]):
            if left is None:
                continue
            line = Text(f"  {whose(view, s)} unplayed sleeve: ")
            line.append(left, style="italic")
            line.append(" ")
            line.append(rank_text(RANKS[r["sets"][s].index(left)]))
            lines.append(line)
    if view["over"]:
        names = " and ".join(who(view, w) for w in view["winners"])
        verb = "share the victory" if len(view["winners"]) > 1 else (
            "win" if names == "You" else "wins")
        lines.append(Text(f"Game over: {names} {verb}!", style="bold green"))
    return lines


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [header(view), table(view)]
    parts += trick_lines(view)
    parts += private_lines(view)
    parts += history_lines(view)
    return Group(*parts)


def action_label(action: dict[str, Any]) -> str:
    if "play" in action:
        return f"play “{action['play']}”"
    return ", ".join(f"{k}: {v}" for k, v in action.items())
