"""A lab run: bot-only games from one seed, each analysed by replaying its record.

Game ``i`` of a plan is played from seed ``seed + i`` with the bots rotated ``i`` seats
(so that with different bots each plays every seat equally often), then its record is
replayed move by move for the game's own observer (:mod:`parlour.lab.games`), which sees
only what a replay exposes. What a game came to is a small JSON-safe *row*; figures are
made from the rows in game order, so the same plan gives the same figures whatever the
number of processes or machines that played it.

>>> plan = Plan("love-me-not", 2, ("greedy", "random"), games=2, seed=5)
>>> row = play_row(plan, 0)
>>> sorted(row)  # doctest: +NORMALIZE_WHITESPACE
['bots', 'game', 'index', 'kingmaking', 'moves', 'questions', 'scores', 'seed', 'skills',
 'thinking', 'winners']
>>> row["seed"], len(row["scores"])
(5, 2)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from parlour.engine import Action, Agent, Legal, Match, Record, Result, View, play
from parlour.games import get_game

from .games import GameLab, lab_for
from .kingmaking import kingmade
from .plan import Plan
from .questions import FREE, Notes
from .strategy import agent_for

Row = dict[str, Any]
Progress = Callable[[int], None]


class Guesser:
    """Plays like ``agent``, except that each guess is made at random with probability
    ``1 - skill``."""

    def __init__(self, agent: Agent, skill: float, lab: GameLab, seat: int, seed: int) -> None:
        self.agent, self.skill, self.lab, self.seat = agent, skill, lab, seat
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Legal) -> Action:
        action = self.agent.act(view, legal)  # the bot still sees everything it would
        if self.lab.guessing(view, self.seat, legal) and self.rng.random() >= self.skill:
            return legal.random(self.rng)
        return action


class Timed:
    """An agent whose thinking time is added up: the CPU time of its thread, so that other
    jobs on the machine do not count (a note, never a figure)."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.seconds, self.decisions = agent, 0.0, 0

    def act(self, view: View, legal: Legal) -> Action:
        started = time.thread_time()
        action = self.agent.act(view, legal)
        self.seconds += time.thread_time() - started
        self.decisions += 1
        return action


def play_game(plan: Plan, index: int, timed: list[Timed] | None = None) -> Record:
    """Play game ``index`` of the plan to its end; its record. The agents, timed, are
    added to ``timed`` when it is given."""
    return played(plan, index, timed)[0]


def played(plan: Plan, index: int, timed: list[Timed] | None = None) -> tuple[Record, Result]:
    """Play game ``index`` of the plan to its end; its record and result."""
    seed = plan.seed + index
    match = Match.new(get_game(plan.game), plan.players, dict(plan.options), seed)
    skills = plan.skill_of(index)
    lab = lab_for(plan.game)
    agents: list[Agent] = []
    for seat, name in enumerate(plan.seating(index)):
        agent = agent_for(match.game, name, seat, seed * 1009 + seat, plan.scripts, lab.facts)
        if skills is not None:
            agent = Guesser(agent, skills[seat], lab, seat, seed * 7919 + seat)
        agents.append(Timed(agent))
    result = play(match, agents)
    if timed is not None:
        timed.extend(a for a in agents if isinstance(a, Timed))
    return match.record, result


def analyse(record: Record) -> Row:
    """Replay a record move by move for its game's observer; the generic facts (scores,
    winners, moves) and the observer's under ``game``."""
    lab = lab_for(record.game)
    match = Match.new(get_game(record.game), record.players, record.options, record.seed)
    observer = lab.observer(match)
    notes = Notes(record.players)
    for entry in record.actions:
        legal = match.legal(entry["seat"])
        match.act(entry["seat"], entry["action"])
        observer.moved(match, entry["seat"], entry["action"])
        options = FREE if legal.choices is None else len(legal.choices)
        notes.moved(entry["seat"], options, lab.standing(match))
    result = match.result()
    if result is None:
        raise ValueError(f"the record of seed {record.seed} does not reach the end of the game")
    return {"seed": record.seed, "scores": list(result.scores), "winners": list(result.winners),
            "moves": len(record.actions), "game": observer.finish(match, result),
            "questions": notes.finish()}


def play_row(plan: Plan, index: int) -> Row:
    """Play game ``index`` and analyse its record: the row the figures are made from (with
    the bots' thinking time, which no figure uses: it differs from run to run)."""
    timed: list[Timed] = []
    record, result = played(plan, index, timed)
    row = analyse(record)
    if lab_for(plan.game).kingmaking():
        row["kingmaking"] = kingmade(record, result)
    return {"index": index, "bots": plan.seating(index), "skills": plan.skill_of(index), **row,
            "thinking": [[t.seconds, t.decisions] for t in timed]}


def thinking(rows: Sequence[Row]) -> str:
    """Each bot's mean time per decision, in words (CPU time on this machine).

    >>> thinking([{"bots": ["a", "b"], "thinking": [[0.5, 100], [0.0, 10]]}])
    'Time per decision (CPU time, not a figure): a 5.0 ms, b 0.0 ms.'
    """
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    for row in rows:
        for name, (s, n) in zip(row["bots"], row.get("thinking", []), strict=False):
            seconds[name] = seconds.get(name, 0.0) + s
            decisions[name] = decisions.get(name, 0) + n
    parts = [f"{name} {1000 * seconds[name] / max(1, decisions[name]):.1f} ms"
             for name in sorted(seconds)]
    return f"Time per decision (CPU time, not a figure): {', '.join(parts)}."


def play_rows(plan: Plan, start: int, stop: int) -> list[Row]:
    """Games ``start`` to ``stop - 1`` (one worker's share)."""
    return [play_row(plan, i) for i in range(start, stop)]


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Shares of the games for the workers: small enough to show progress and balance the
    load, large enough to keep the overhead low.

    >>> chunks(10, 1)
    [(0, 10)]
    >>> chunks(100, 2)[:3]
    [(0, 6), (6, 12), (12, 18)]
    """
    if workers <= 1:
        return [(0, games)]
    size = max(1, min(200, games // (workers * 8)))
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def run_local(plan: Plan, workers: int, progress: Progress | None = None) -> list[Row]:
    """Every game of the plan, in ``workers`` local processes; rows in game order."""
    if workers <= 1:
        rows = []
        for i in range(plan.games):
            rows.append(play_row(plan, i))
            if progress:
                progress(1)
        return rows
    done: dict[int, list[Row]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[list[Row]], int] = {
            pool.submit(play_rows, plan, a, b): a for a, b in chunks(plan.games, workers)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                rows = future.result()
                done[pending.pop(future)] = rows
                if progress:
                    progress(len(rows))
    return [row for start in sorted(done) for row in done[start]]
