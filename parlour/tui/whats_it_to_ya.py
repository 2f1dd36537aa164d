"""What's It to Ya? in the terminal.

Words come from a deck that people may write themselves, so they are always
shown as plain ``Text``, never read as Rich markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.engine.narration import default_name
from parlour.games.whats_it_to_ya.words import ROLES, TASKS, TOKEN_MEANING


def who(view: dict[str, Any], seat: int) -> str:
    return "You" if seat == view["seat"] else default_name(seat)


def header(view: dict[str, Any]) -> Text:
    if view["over"]:
        return Text(f"What's It to Ya? · game over after {view['rounds']} rounds", style="bold")
    dealer = who(view, view["dealer"])
    return Text(f"What's It to Ya? · round {view['round']} of {view['rounds']} · "
                f"dealer: {dealer} · {view['deck_count']} cards left in the deck", style="bold")


def players_table(view: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left")
    columns = ("seat", "cards won") if view["over"] else ("seat", "role", "ranked?", "cards won")
    for name in columns:
        table.add_column(name)
    for seat in range(view["players"]):
        won = str(view["cards_won"][seat])
        if view["over"]:
            wins = view["winners"] is not None and seat in view["winners"]
            table.add_row(Text(who(view, seat)), Text(won + (" (wins)" if wins else "")))
            continue
        role = ROLES["dealer"] if seat == view["dealer"] else ROLES["guesser"]
        ranked = "yes" if view["submitted"][seat] else "…"
        table.add_row(Text(who(view, seat)), Text(role), Text(ranked), Text(won))
    return table


def words_line(label: str, words: list[str], numbered: bool = False) -> Text:
    parts: list[Text] = [Text(f"{label}: ", style="bold")]
    for i, word in enumerate(words):
        if i:
            parts.append(Text("  ·  ", style="dim"))
        if numbered:
            parts.append(Text(f"{i + 1}. ", style="cyan"))
        parts.append(Text(word))
    return Text.assemble(*parts)


def reveal_table(view: dict[str, Any], entry: dict[str, Any]) -> Table:
    """One round laid open: each card, the dealer's token on it and everyone's guess."""
    dealer = entry["dealer"]
    table = Table(title=f"Round {entry['round']}: {who(view, dealer)} dealt"
                        f" (tokens: {TOKEN_MEANING})", title_justify="left")
    table.add_column("card")
    table.add_column(f"{who(view, dealer)} ({ROLES['dealer']})", justify="center")
    guessers = [s for s in range(view["players"]) if s != dealer]
    for seat in guessers:
        table.add_column(who(view, seat), justify="center")
    order = entry["rankings"][dealer]
    for word in entry["cards"]:
        token = order.index(word) + 1
        cells = [Text(word), Text(str(token), style="bold")]
        for seat in guessers:
            guess = entry["rankings"][seat].index(word) + 1
            cells.append(Text(f"{guess} ✓" if guess == token else str(guess),
                              style="green" if guess == token else "dim"))
        table.add_row(*cells)
    table.add_row(Text("correct", style="bold"), Text(""),
                  *[Text(str(entry["correct"][s]), style="bold") for s in guessers])
    return table


def outcome_lines(view: dict[str, Any], entry: dict[str, Any]) -> list[Text]:
    lines = []
    winners = entry["winners"]
    if len(winners) > 1:
        # Why each tied player gets fewer cards: the rulebook's split table.
        each = len(entry["awarded"][winners[0]])
        lines.append(Text(f"{len(winners)} players tied with {entry['best']} correct: they"
                          f" take {each} card{'' if each == 1 else 's'} each, in the dealer's"
                          f" order from the dealer's left, and the rest are discarded.",
                          style="dim"))
    for seat, cards in enumerate(entry["awarded"]):
        if cards:
            lines.append(words_line(f"{who(view, seat)} take" + ("" if seat == view["seat"]
                                                                  else "s"), cards))
    if not entry["winners"]:
        lines.append(Text("Nobody had a correct answer: the five cards are discarded."))
    if entry["dealer_discarded"] is not None:
        lines.append(words_line(f"{who(view, entry['dealer'])} ({ROLES['dealer']}) discards",
                                [entry["dealer_discarded"]]))
    elif entry["winners"] and len(entry["discarded"]):
        lines.append(words_line("Discarded", entry["discarded"]))
    return lines


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [header(view), players_table(view)]
    if view["history"]:
        last = view["history"][-1]
        parts.append(reveal_table(view, last))
        parts.extend(outcome_lines(view, last))
    if not view["over"]:
        parts.append(words_line("On the table", view["table"]))
        if view["my_ranking"] is not None:
            parts.append(words_line(f"Your ranking ({TOKEN_MEANING})", view["my_ranking"],
                                    numbered=True))
        elif view["seat"] is not None:
            parts.append(Text(f"Your move: {task(view)}", style="italic"))
    return Group(*parts)


def task(view: dict[str, Any]) -> str:
    """What the seat is to do this round, naming the dealer."""
    if view["dealer"] == view["seat"]:
        return TASKS["dealer"]
    return TASKS["guesser"].format(dealer=default_name(view["dealer"]))


def action_label(action: dict[str, Any]) -> str:
    return "rank: " + " > ".join(str(w) for w in action.get("rank", []))
