"""Kingmaking: whether a player who could not win decided who did.

At the last decision of each player who lost, the lab tries that decision's other choices
(at most ``TRIED`` of them, drawn from the game's seed) and plays each out with the game's
default bot in every seat. The game is kingmade when, for one such player, none of the
choices would have made them a winner, yet the winner would have changed. Only games of
three or more players are asked (with two, the loser's choices decide nothing but their
own fate).
"""

from __future__ import annotations

import random
from typing import Any

from parlour.bots import make_agent
from parlour.engine import Action, Legal, Match, Record, Result, play
from parlour.games import get_game

TRIED = 4
"""The most other choices tried at a decision."""


def kingmade(record: Record, result: Result) -> bool | None:
    """Whether a losing player's last decision decided the winner (``None``: not asked,
    fewer than three players)."""
    if record.players < 3:
        return None
    actions = record.actions
    for seat in range(record.players):
        if seat in result.winners:
            continue
        last = max((i for i, e in enumerate(actions) if e["seat"] == seat), default=None)
        if last is not None and decides(record, last, set(result.winners)):
            return True
    return False


def decides(record: Record, index: int, winners: set[int]) -> bool:
    """Whether the player of move ``index`` could not have won by choosing otherwise, but
    would have changed the winner."""
    match = _replayed(record, index)
    seat = record.actions[index]["seat"]
    outcomes = [winners]
    for choice in _others(match.legal(seat), record.actions[index]["action"], record.seed):
        outcome = _played_out(record, index, choice)
        if outcome is None:
            continue
        if seat in outcome:
            return False
        outcomes.append(outcome)
    return any(o != winners for o in outcomes)


def _replayed(record: Record, stop: int) -> Match[Any]:
    match = Match.new(get_game(record.game), record.players, record.options, record.seed)
    for entry in record.actions[:stop]:
        match.act(entry["seat"], entry["action"])
    return match


def _others(legal: Legal, chosen: Action, seed: int) -> list[Action]:
    rng = random.Random(seed * 31 + 7)
    if legal.choices is not None:
        others = [a for a in legal.choices if a != chosen]
        rng.shuffle(others)
        return others[:TRIED]
    answers = [legal.random(rng) for _ in range(TRIED)]
    return [a for a in answers if a != chosen]


def _played_out(record: Record, index: int, choice: Action) -> set[int] | None:
    """The winners had move ``index`` been ``choice`` and the default bot played on."""
    match = _replayed(record, index)
    try:
        match.act(record.actions[index]["seat"], choice)
    except ValueError:
        return None  # a free answer the game refuses: no choice to try
    game = match.game
    agents = [make_agent(game, game.default_bot, s, record.seed * 613 + s)
              for s in range(record.players)]
    return set(play(match, agents).winners)
