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
from parlour.games.take_your_pick.words import QUESTION, ROLES, TASKS, VARIANTS


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
    # Once the game is over only the scores mean anything.
    columns = ("player", "score") if view["over"] else (
        "player", "score", "this round", "cards in hand", "")
    for column in columns:
        table.add_column(column)
    for seat, info in enumerate(view["seats"]):
        name = who(view, seat) + (f" ({ROLES['subject']})" if info["role"] == "subject" else "")
        row: list[Text] = [Text(name), Text(str(info["score"])), Text(str(info["round_score"])),
                           Text(str(info["hand_count"])), Text(status(view, seat), style="dim")]
        table.add_row(*row[:len(columns)])
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
        mark = Text(" ✓" if r["correct"] else " ✗",
                    style="bold green" if r["correct"] else "bold red")
        lines.append(Text.assemble(Text(f"{who(view, r['reader'])}: "),
                                   card_text(r["card"], r["guess"]),
                                   Text(f" — predicted {r['guess']}, {who(view, r['subject'])}"
                                        f" picked {r['pick']}"), mark))
    return lines


def own_hand(view: dict[str, Any]) -> list[RenderableType]:
    """The seat's hand this round, kept whole after a miss: each card, its prediction and
    what became of it."""
    held = [h for h in view["held"] if h["round"] == view["round"] and not view["over"]]
    if not held:
        return []
    hand = held[-1]
    if hand["guesses"] is None:
        lines: list[RenderableType] = [Text("Your cards (only you can see them):")]
        lines += [Text.assemble("  ", card_text(c)) for c in hand["cards"]]
        return lines
    picks = [r["pick"] for r in view["reads"]
             if r["round"] == view["round"] and r["reader"] == view["seat"]]
    missed = view["seats"][view["seat"]]["missed"]
    lines = [Text("Your predictions (in bold), in reading order (only you can see them):")]
    for i, (card, guess) in enumerate(zip(hand["cards"], hand["guesses"], strict=True)):
        if i < len(picks):
            right = picks[i] == guess
            note = Text(f" {'✓' if right else '✗'} picked {picks[i]}",
                        style="green" if right else "red")
        else:
            note = Text(" not read: your turn ended at the miss" if missed else "", style="dim")
        lines.append(Text.assemble(f"  {i + 1}. ", card_text(card, guess), note))
    return lines


def task(view: dict[str, Any]) -> str | None:
    """What the seat is to do now, in words a newcomer understands, or None."""
    seat, subject = view["seat"], view["subject"]
    if view["over"] or seat is None:
        return None
    one_card = view["cards_per_reader"] == 1
    if seat == subject:
        if view["phase"] == "arrange":
            return TASKS["subject_one_card" if one_card else "subject"]
        return f"{QUESTION} Pick one, honestly."
    if view["phase"] == "arrange" and not view["seats"][seat]["arranged"]:
        key = "reader_one_card" if one_card else "reader"
        return TASKS[key].format(subject=default_name(subject))
    return None


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
        reader, subject = who(view, reading["reader"]), who(view, view["subject"])
        verb = "read" if reading["reader"] == view["seat"] else "reads"
        line = Text.assemble(Text(f"{reader} {verb} to {subject.replace('You', 'you')}: "),
                             card_text(reading["card"]))
        if view["subject"] != view["seat"]:
            line.append(f"  — {subject} is asked: {QUESTION}", style="dim")
        parts.append(line)
    parts += own_hand(view)
    todo = task(view)
    if todo is not None:
        parts.append(Text(f"Your move: {todo}", style="italic"))
    parts.append(Text(f"Draw pile {view['draw_count']} · discards {view['discard_count']}",
                      style="dim"))
    return Group(*parts)


def action_label(action: dict[str, Any]) -> str:
    if "pick" in action:
        return f"pick “{action['pick']}”"
    return "predict, in reading order: " + " → ".join(str(g) for g in action["guesses"])
