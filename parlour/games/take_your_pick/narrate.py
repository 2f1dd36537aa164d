"""Take Your Pick: what one move made public, in sentences for the table's log.

Only spectator views are compared, so nothing here can give away a reader's
hidden predictions before the Subject answers them. Phrases are quoted because
they are often several words long and read badly run into a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine.narration import Beat, counted, game_over

from .words import POINT, ROLES


def narrate(before: Mapping[str, Any], after: Mapping[str, Any],
            names: Sequence[str]) -> list[str]:
    """Sentences about the card answered, the card now read, and any round or game end."""
    lines: list[str] = []
    new_reads = after["reads"][len(before["reads"]):]
    for read in new_reads:
        lines.append(_pick_line(read, after["reads"], names))
    lines.extend(_round_end_lines(before, after, names))
    reading = after["reading"]
    if reading is not None and reading != before["reading"]:
        lines.append(_reading_line(reading, names))
    return lines


def _quote(phrase: str) -> str:
    return f'"{phrase}"'


def _reading_line(reading: Mapping[str, Any], names: Sequence[str]) -> str:
    a, b = reading["card"]
    return f"{names[reading['reader']]} reads card {reading['number']}: {_quote(a)} or {_quote(b)}?"


def _pick_line(read: Mapping[str, Any], reads: Sequence[Mapping[str, Any]],
               names: Sequence[str]) -> str:
    reader = names[read["reader"]]
    # The reader's points this round, counted from the public log: the seat's
    # round_score is already reset when the pick ended the round.
    points = sum(1 for r in reads if r["round"] == read["round"]
                 and r["reader"] == read["reader"] and r["correct"])
    said = (f"{names[read['subject']]} picks {_quote(read['pick'])}; {reader} predicted"
            f" {_quote(read['guess'])}")
    if read["correct"]:
        return f"{said}: right ({counted(points, POINT)} this round)."
    return f"{said}: wrong, so {reader}'s turn ends with {counted(points, POINT)}."


def _round_end_lines(before: Mapping[str, Any], after: Mapping[str, Any],
                     names: Sequence[str]) -> list[str]:
    if len(after["rounds"]) <= len(before["rounds"]):
        return []
    last = after["rounds"][-1]
    subject = last["subject"]
    lines = [f"Round {last['round']} is over: {names[subject]}, the {ROLES['subject']}, scores"
             f" {counted(last['scores'][subject], POINT)}."]
    if after["over"]:
        scores = [seat["score"] for seat in after["seats"]]
        winners = [s for s, score in enumerate(scores) if score == max(scores)]
        lines.append(game_over(names, winners, counted(max(scores), POINT)))
    elif after["round"] != before["round"]:
        lines.append(f"Round {after['round']}: {names[after['subject']]}"
                     f" is the {ROLES['subject']}.")
    return lines


def beat(before: Mapping[str, Any], after: Mapping[str, Any]) -> Beat | None:
    """The game's end is the finale; a round's end (the Subject's score) a long moment; a
    card read to the Subject, or the Subject's pick, a short one; a hand set in secret,
    none."""
    if after["over"]:
        return "finale"
    if len(after["rounds"]) > len(before["rounds"]):
        return "long"
    read = after["reading"] is not None and after["reading"] != before["reading"]
    return "short" if read or len(after["reads"]) > len(before["reads"]) else None
