"""My Favourite Things in the terminal.

Everything players typed (categories, entries) is shown as plain ``Text``,
never parsed as Rich markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.games.my_favourite_things.state import BROKEN_HEART, RANKS
from parlour.games.my_favourite_things.words import BROKEN, HEART


def rank_text(rank: int | None) -> Text:
    """A rank as shown on the ranking card: 1–5, BH for the Broken Heart, ? if hidden."""
    if rank is None:
        return Text("?", style="dim")
    if rank == BROKEN_HEART:
        return Text(BROKEN["abbreviation"], style="bold magenta")
    return Text(str(rank), style="bold")


def who(view: dict[str, Any], seat: int) -> str:
    return "You" if seat == view["seat"] else f"Player {seat + 1}"


def whose(view: dict[str, Any], seat: int) -> str:
    return "Your" if seat == view["seat"] else f"Player {seat + 1}'s"


def header(view: dict[str, Any]) -> Text:
    parts = [f"Round {view['round']} of {view['rounds']}",
             f"categories pass {view['direction']}"]
    if view["phase"] == "play":
        parts.append(f"trick {view['trick_number']} of {view['tricks_per_round']}")
    parts.append(f"first-player marker: {who(view, view['marker'])}")
    return Text(" · ".join(parts), style="bold")


def table(view: dict[str, Any]) -> Table:
    out = Table(title="The table", title_justify="left", show_lines=False)
    for column in ("Player", HEART, "Category", "Hand (ranks hidden)", "Played (rank)"):
        out.add_column(column)
    for info in view["seats"]:
        s = info["seat"]
        name = Text(who(view, s) + (" ◆" if s == view["marker"] else ""))
        category = Text(info["category"]) if info["category"] is not None else Text(
            "(given)" if info["done"] and view["phase"] == "category" else "—", style="dim")
        hand = Text(" | ".join(info["hand"])) if info["hand"] else Text("—", style="dim")
        if view["phase"] in ("category", "writing"):
            # Before play, this column says who has finished the current step.
            hand = Text("done", style="green") if info["done"] else Text("thinking…", style="dim")
        played = Text()
        for i, p in enumerate(info["played"]):
            if i:
                played.append(", ")
            played.append(p["entry"])
            played.append(" ")
            played.append(rank_text(p["rank"]))
        out.add_row(name, Text(str(view["hearts"][s])), category, hand, played)
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
        line.append(f"  → {who(view, last['winner'])} took a heart", style="bold")
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
    lines: list[RenderableType] = []
    target = f"Player {you['write_for'] + 1}"
    if view["phase"] == "category" and you["gave"] is None:
        receiver = view["seats"][view["seat"]]["writer"]
        lines.append(Text(f"Give Player {receiver + 1} a category to write about."))
    if you["to_write"] is not None and you["written"] is None:
        line = Text(f"Write six things on {target}'s cards for: ")
        line.append(you["to_write"], style="bold")
        lines.append(line)
        lines.append(Text("Your favourite first, four more in order, then a thing you dislike "
                          "(the Broken Heart).", style="dim"))
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
