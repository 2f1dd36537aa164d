"""Scripted strategies written as data, so that a designer can force a line of play
without Python ("always switch to Banker", as Dominion simulators let you script).

A script is a JSON object::

    {"name": "Banker first", "fallback": "heuristic",
     "prefer": [{"grow": "O21"}, {"take": "work", "card": "O21"}]}

At each decision the bot takes the first rule of ``prefer`` that some legal action
matches, and plays the first such action; where no rule matches, the ``fallback`` bot
decides. An action matches a rule when each of the rule's fields has the action's value
(a list in a rule: any of its values). Besides the action's own fields a rule may name
what the game's lab tells of it (``GameLab.facts``: for My Story, ``card``, the card a
``take`` picks from its track). The bot sees only its own seat's view, as every bot does.

On the command line a script is a bot named ``script:FILE.json`` (``--bots``); the file is
read once, when the run is planned.

>>> s = Script.parse({"name": "keep hearts", "prefer": [{"keep": ["5H", "4H"]}]})
>>> s.matches({"keep": "4H"}, s.rules[0]), s.fallback
(True, 'random')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Game, Legal, ParlourError, View

PREFIX = "script:"
Facts = Callable[[View, Action], Mapping[str, Any]]


class ScriptError(ParlourError):
    """A strategy script that cannot be read or is not in the documented form."""


@dataclass(frozen=True)
class Script:
    """A strategy as data: rules in order of preference, and the bot for the rest."""

    name: str
    rules: tuple[Mapping[str, Any], ...]
    fallback: str = "random"

    @classmethod
    def parse(cls, data: Any, where: str = "script") -> Script:
        if not isinstance(data, dict):
            raise ScriptError(f"{where}: a script is a JSON object")
        prefer = data.get("prefer")
        if not isinstance(prefer, list) or not all(isinstance(r, dict) and r for r in prefer):
            raise ScriptError(f"{where}: 'prefer' must be a list of rules, each an object "
                              "of fields to match")
        fallback = data.get("fallback", "random")
        if not isinstance(fallback, str) or fallback.startswith(PREFIX):
            raise ScriptError(f"{where}: 'fallback' must name a bot (not another script)")
        return cls(str(data.get("name", where)), tuple(prefer), fallback)

    @staticmethod
    def matches(facts: Mapping[str, Any], rule: Mapping[str, Any]) -> bool:
        for key, wanted in rule.items():
            if key not in facts:
                return False
            have = facts[key]
            if not (have in wanted if isinstance(wanted, list) else have == wanted):
                return False
        return True

    def choose(self, view: View, legal: Sequence[Action], facts: Facts) -> Action | None:
        """The first legal action that matches the first rule any matches; else None."""
        described = [(a, {**a, **facts(view, a)}) for a in legal]
        for rule in self.rules:
            for action, known in described:
                if self.matches(known, rule):
                    return action
        return None


class ScriptedAgent:
    """Plays a script, its fallback bot deciding where no rule matches."""

    def __init__(self, script: Script, fallback: Agent, facts: Facts) -> None:
        self.script, self.fallback, self.facts = script, fallback, facts

    def act(self, view: View, legal: Legal) -> Action:
        if legal.choices is not None:
            chosen = self.script.choose(view, legal.choices, self.facts)
            if chosen is not None:
                return chosen
        return self.fallback.act(view, legal)


def load(name: str) -> Script:
    """The script a bot name ``script:FILE.json`` names, read and checked."""
    path = Path(name[len(PREFIX):])
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScriptError(f"{name}: cannot read it ({exc})") from None
    return Script.parse(data, name)


def scripts_of(names: Sequence[str]) -> dict[str, Script]:
    """Every script among the bot names, read once (a plan carries them to its workers)."""
    return {n: load(n) for n in dict.fromkeys(names) if n.startswith(PREFIX)}


def agent_for(game: Game[Any], name: str, seat: int, seed: int,
              scripts: Mapping[str, Script], facts: Facts) -> Agent:
    """The bot ``name`` for ``seat``: a script (with its fallback) or a named bot."""
    if not name.startswith(PREFIX):
        return make_agent(game, name, seat, seed)
    script = scripts.get(name)
    if script is None:
        raise ScriptError(f"{name}: the script was not read when the run was planned")
    return ScriptedAgent(script, make_agent(game, script.fallback, seat, seed), facts)


def check_bots(game: Game[Any], names: Sequence[str]) -> dict[str, Script]:
    """Every bot name checked before a game is played (an unknown bot, a bad script, a
    script's unknown fallback are refused); the scripts among them, read."""
    scripts = scripts_of(names)
    for seat, name in enumerate(names):
        make_agent(game, scripts[name].fallback if name in scripts else name, seat, 0)
    return scripts
