"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration imagines one full state consistent with the bot's view
(``game.determinize``: the hidden part drawn at random, never read), then
walks a tree of action histories shared by all those imagined states.
Children are chosen by UCB among the actions available in this imagining,
counting how often each was available. Simultaneous choices are taken in
seat order, the bot's own first, so opponents are never credited with
knowing a choice they would not see.

Where the bot's own move is free input (a ranking, typed text), the search
runs over a handful of candidates: the game's own default bot's proposal
plus distinct moves sampled by the game's rollout policy.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from parlour.engine import Action, Agent, Game, Legal, RandomAgent, View


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


class _Node:
    __slots__ = ("action", "avail", "children", "seat", "visits", "wins")

    def __init__(self, action: Action | None, seat: int) -> None:
        self.action = action
        self.seat = seat  # the seat that made the move leading here
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.wins = 0.0

    def ucb(self, c: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.wins / self.visits + c * math.sqrt(math.log(max(self.avail, 1)) / self.visits)


class MCTSAgent:
    """Searches ``iterations`` imagined games per move; reward is the share of the win."""

    def __init__(self, game: Game[Any], seat: int, seed: int, iterations: int = 200,
                 exploration: float = 0.7, width: int = 8) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.c = exploration
        self.width = width
        own = game.bots().get(game.default_bot)
        self.hint: Agent = own(game, seat, seed) if own else RandomAgent(game, seat, seed)

    def act(self, view: View, legal: Legal) -> Action:
        choices = legal.choices if legal.choices is not None else self._candidates(view, legal)
        if len(choices) == 1:
            return choices[0]
        root = _Node(None, -1)
        for _ in range(self.iterations):
            state = self.game.determinize(view, self.seat, self.rng)
            self._iterate(root, state, choices)
        allowed = {_key(a) for a in choices}
        best = max((n for k, n in root.children.items() if k in allowed),
                   key=lambda n: n.visits, default=None)
        return best.action if best is not None and best.action is not None else choices[0]

    def _candidates(self, view: View, legal: Legal) -> list[Action]:
        hint = self.hint.act(view, legal)
        found = {_key(hint): hint}
        for _ in range(3 * self.width):
            if len(found) >= self.width:
                break
            state = self.game.determinize(view, self.seat, self.rng)
            action = self.game.rollout_action(state, self.seat, self.rng)
            found.setdefault(_key(action), action)
        return list(found.values())

    def _mover(self, state: Any) -> int | None:
        seats = self.game.to_act(state)
        if not seats:
            return None
        return self.seat if self.seat in seats else min(seats)

    def _iterate(self, root: _Node, state: Any, root_choices: list[Action]) -> None:
        game, node, path = self.game, root, [root]
        # Selection and expansion.
        while (seat := self._mover(state)) is not None:
            choices = root_choices if node is root else game.legal(state, seat).choices
            if not choices:
                game.apply(state, seat, game.rollout_action(state, seat, self.rng))
                continue
            options = {_key(a): a for a in choices}
            untried = [k for k in options if k not in node.children]
            for k in options:
                if k in node.children:
                    node.children[k].avail += 1
            if untried:
                k = self.rng.choice(untried)
                child = _Node(options[k], seat)
                child.avail = 1
                node.children[k] = child
                game.apply(state, seat, options[k])
                node = child
                path.append(node)
                break
            node = max((node.children[k] for k in options), key=lambda n: n.ucb(self.c))
            game.apply(state, seat, options[_key(node.action or {})])
            path.append(node)
        # Rollout.
        while (seat := self._mover(state)) is not None:
            game.apply(state, seat, game.rollout_action(state, seat, self.rng))
        result = game.result(state)
        winners = result.winners if result else []
        for n in path:
            n.visits += 1
            if n.seat in winners:
                n.wins += 1.0 / len(winners)
