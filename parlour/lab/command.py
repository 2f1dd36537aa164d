"""What the ``lab`` command adds to a study beyond its plan: a skill ladder, a sweep, the
designer's lines; and the words that ask for them again (the report's command)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import Any

from parlour.bots import make_agent
from parlour.games import get_game

from .flags import Lines, LinesError
from .series import Sweep, SweepError
from .study import Study


def refine(study: Study, ladder: str | None, sweep: str | None, flag_ratio: float | None,
           lines: Mapping[str, Any]) -> Study:
    """The study with the ladder, the sweep and the lines asked for, each checked."""
    given = dict(lines)
    if flag_ratio is not None:
        given["ratio"] = flag_ratio
    plan = replace(study.plan, lines=Lines.parse(given)) if given else study.plan
    chosen = [x for x in (ladder, sweep, study.vs) if x is not None]
    if len(chosen) > 1:
        raise SweepError("choose one of --vs-options/--vs-cards, --ladder and --sweep")
    rungs: tuple[str, ...] = ()
    if ladder is not None:
        rungs = tuple(b.strip() for b in ladder.split(",") if b.strip())
        if len(rungs) < 2:
            raise LinesError("--ladder names two bots or more")
        game = get_game(plan.game)
        for bot in rungs:
            make_agent(game, bot, 0, 0)
    swept = Sweep.parse(sweep) if sweep is not None else None
    study = replace(study, plan=plan, ladder=rungs, sweep=swept)
    for _, each in study.series():  # a value the game refuses is named before any game
        get_game(each.game).setup(each.players, dict(each.options), each.seed)
    return study


def refinements(study: Study) -> list[str]:
    """The command-line words that ask for the study's ladder, sweep and lines."""
    words: list[str] = []
    if study.ladder:
        words += ["--ladder", ",".join(study.ladder)]
    if study.sweep is not None:
        values = ",".join(json.dumps(v) for v in study.sweep.values)
        words += ["--sweep", f"{study.sweep.name}={values}"]
    lines = study.plan.lines
    if lines != Lines():
        changed = {k: v for k, v in asdict(lines).items() if v != asdict(Lines())[k]}
        words += ["--lines", json.dumps(changed, sort_keys=True)]
    return words
