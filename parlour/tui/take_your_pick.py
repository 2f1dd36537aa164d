"""Take Your Pick in the terminal.

Phrases come from decks that people may write themselves, so they are always
shown as plain ``Text`` (never parsed as Rich markup).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.engine.narration import default_name
from parlour.games.take_your_pick.words import QUESTION, ROLES, VARIANTS


def who(view: dict[str, Any], seat: int) -> str:
    return "You" if seat == view["seat"] else default_name(seat)


def card_text(card: list[str], highlight: str | None = None) -> Text:
    """``A / B``, with the highlighted phrase (a prediction) in bold."""
    out = Text()
    for i, phrase in enumerate(card):
        if i:
            out.append(" / ", style="dim")
        out.append(phrase, style="bold cyan" if phrase == highlight else "")
    return out


def header(view: dict[str, Any]) -> Text:
    variant = VARIANTS.get(view["variant"], view["variant"])
    if view["over"]:
        return Text(f"Take Your Pick ({variant}) · game over after {view['rounds_total']}"
                    " rounds", style="bold")
    return Text(f"Take Your Pick ({variant}) · round {view['round']} of {view['rounds_total']}"
                f" · the {ROLES['subject']} is {who(view, view['subject'])}", style="bold")


def status(view: dict[str, Any], seat: int) -> str:
    info = view["seats"][seat]
    if view["over"]:
        return ""
    if info["role"] == "subject":
        return "answering" if view["phase"] == "read" else "waiting for predictions"
    reading = view["reading"]
    if reading is not None and reading["reader"] == seat:
        return f"reading card {reading['number']}"
    if info["missed"]:
        return "missed: turn over"
    if view["phase"] == "arrange":
        return "set" if info["arranged"] else "setting predictions"
    return "done" if info["hand_count"] == 0 else "waiting to read"


def scoreboard(view: dict[str, Any]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("player", "score", "this round", "cards", ""):
        table.add_column(column)
    for seat, info in enumerate(view["seats"]):
        name = who(view, seat) + (f" ({ROLES['subject']})" if info["role"] == "subject" else "")
        table.add_row(Text(name), str(info["score"]), str(info["round_score"]),
                      str(info["hand_count"]), Text(status(view, seat), style="dim"))
    return table


def round_reads(view: dict[str, Any]) -> list[RenderableType]:
    """The cards read this round; before the first is read, those of the round before."""
    shown_round = view["round"]
    reads = [r for r in view["reads"] if r["round"] == shown_round and not view["over"]]
    lines: list[RenderableType] = []
    if not reads and view["rounds"]:
        shown_round = view["rounds"][-1]["round"]
        reads = [r for r in view["reads"] if r["round"] == shown_round]
        lines.append(Text(f"Cards read in round {shown_round}:", style="dim"))
    for r in reads:
        mark = Text(" ✓ " if r["correct"] else " ✗ ",
                    style="bold green" if r["correct"] else "bold red")
        lines.append(Text.assemble(Text(f"{who(view, r['reader'])}: "),
                                   card_text(r["card"], r["guess"]), mark,
                                   Text("picked "), Text(r["pick"], style="bold")))
    return lines


def own_hand(view: dict[str, Any]) -> list[RenderableType]:
    if not view["hand"]:
        return []
    if view["guesses"] is None:
        lines: list[RenderableType] = [Text("Your cards (only you can see them):")]
        lines += [Text.assemble("  ", card_text(c)) for c in view["hand"]]
        return lines
    lines = [Text("Your predictions, in reading order (only you can see them):")]
    for i, (card, guess) in enumerate(zip(view["hand"], view["guesses"], strict=True), 1):
        lines.append(Text.assemble(f"  {i}. ", card_text(card, guess)))
    return lines


def past_rounds(view: dict[str, Any]) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for r in view["rounds"]:
        scores = ", ".join(f"{who(view, s)} {p}" for s, p in enumerate(r["scores"]))
        lines.append(Text(f"Round {r['round']} ({ROLES['subject']} {who(view, r['subject'])}):"
                          f" {scores}",
                          style="dim"))
    return lines


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [header(view), scoreboard(view)]
    parts += past_rounds(view)
    parts += round_reads(view)
    reading = view["reading"]
    if reading is not None:
        verb = "read" if reading["reader"] == view["seat"] else "reads"
        parts.append(Text.assemble(
            Text(f"{who(view, reading['reader'])} {verb}: "),
            card_text(reading["card"]),
            Text(f"  — the {ROLES['subject']} is asked: {QUESTION}", style="dim")))
    parts += own_hand(view)
    parts.append(Text(f"Draw pile {view['draw_count']} · discards {view['discard_count']}",
                      style="dim"))
    return Group(*parts)


def action_label(action: dict[str, Any]) -> str:
    if "pick" in action:
        return f"pick “{action['pick']}”"
    return "predict, in reading order: " + " → ".join(str(g) for g in action["guesses"])
