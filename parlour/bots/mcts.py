"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration imagines one full state consistent with the bot's view
(``game.determinize``: the hidden part drawn at random, never read), then
walks a tree of action histories shared by all those imagined states.
Children are chosen by UCB among the actions available in this imagining,
counting how often each was available. Simultaneous choices are taken in
seat order, the bot's own first, so opponents are never credited with
knowing a choice they would not see.

A game may guide the search with parts of its own (see ``parlour.engine.Parts``):

- ``rollout``: the playout policy (random by default);
- ``evaluate`` and ``horizon``: playouts stop after ``horizon`` moves and the game
  judges the state reached (each seat's expected share of the win) instead of playing
  to the end;
- ``order``: a node widens progressively, trying the game's best-ranked actions first
  and admitting about the square root of its visits (Coulom 2007; Chaslot et al. 2008).

Where the bot's own move is free input (a ranking, typed text), the search
runs over a handful of candidates: the game's own default bot's proposal
plus distinct moves sampled by the game's rollout policy.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Hashable
from typing import Any

from parlour.engine import Action, Agent, Game, Legal, RandomAgent, View


def _key(action: Action) -> Hashable:
    """A hashable name for an action: its items, or its JSON when a value is a list."""
    items = tuple(sorted(action.items())) if len(action) > 1 else tuple(action.items())
    try:
        hash(items)
    except TypeError:
        return json.dumps(action, sort_keys=True)
    return items


class _Node:
    __slots__ = ("action", "avail", "children", "ranked", "seat", "visits", "wins")

    def __init__(self, action: Action | None, seat: int) -> None:
        self.action = action
        self.seat = seat  # the seat that made the move leading here
        self.children: dict[Hashable, _Node] = {}
        self.ranked: dict[Hashable, int] | None = None  # the game's order, found on a first visit
        self.visits = 0
        self.avail = 0
        self.wins = 0.0

    def ucb(self, c: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.wins / self.visits + c * math.sqrt(math.log(max(self.avail, 1)) / self.visits)


class MCTSAgent:
    """Searches ``iterations`` imagined games per move; reward is the share of the win.

    ``horizon`` caps the moves of a playout when the game can judge a state (default: the
    game's own); ``widening`` turns progressive widening off (``False``) where the game
    ranks its actions.
    """

    def __init__(self, game: Game[Any], seat: int, seed: int, iterations: int = 200,
                 exploration: float = 0.7, width: int = 8, horizon: int | None = None,
                 widening: bool = True) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.c = exploration
        self.width = width
        self.horizon = horizon if horizon is not None else game.parts.horizon
        if game.parts.evaluate is None:
            self.horizon = None
        self.widening = widening and game.parts.order is not None
        own = game.bots().get(game.default_bot)
        self.hint: Agent = own(game, seat, seed) if own else RandomAgent(game, seat, seed)

    def act(self, view: View, legal: Legal) -> Action:
        choices = legal.choices if legal.choices is not None else self._candidates(view, legal)
        if len(choices) == 1:
            return choices[0]
        root = _Node(None, -1)
        options = {_key(a): a for a in choices}
        for _ in range(self.iterations):
            state = self.game.determinize(view, self.seat, self.rng)
            self._iterate(root, state, options)
        best = max((n for k, n in root.children.items() if k in options),
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

    def _admitted(self, node: _Node, state: Any, seat: int,
                  options: dict[Hashable, Action]) -> list[Hashable]:
        """The options the node may try now: all of them, or with progressive widening the
        game's best-ranked ones, about the square root of the node's visits."""
        if not self.widening or len(options) == 1:
            return list(options)
        if node.ranked is None:
            ranked = self.game.order(state, seat, list(options.values()))
            node.ranked = {_key(a): i for i, a in enumerate(ranked)}
        # The first ranked options this imagining has, then any the ranking never saw, in
        # their own order (what a stable sort by rank gives, without sorting every visit).
        limit = 1 + math.isqrt(node.visits)
        admitted = [k for k in node.ranked if k in options][:limit]
        if len(admitted) < limit:
            admitted += [k for k in options if k not in node.ranked][:limit - len(admitted)]
        return admitted

    def _iterate(self, root: _Node, state: Any, root_options: dict[Hashable, Action]) -> None:
        game, node, path = self.game, root, [root]
        # Selection and expansion.
        while (seat := self._mover(state)) is not None:
            if node is root:
                options = root_options
            else:
                choices = game.legal(state, seat).choices
                if not choices:
                    game.apply(state, seat, game.rollout_action(state, seat, self.rng))
                    continue
                options = {_key(a): a for a in choices}
            admitted = self._admitted(node, state, seat, options)
            untried = [k for k in admitted if k not in node.children]
            for k in admitted:
                if k in node.children:
                    node.children[k].avail += 1
            if untried:
                k = untried[0] if self.widening else self.rng.choice(untried)
                child = _Node(options[k], seat)
                child.avail = 1
                node.children[k] = child
                game.apply(state, seat, options[k])
                node = child
                path.append(node)
                break
            k = max(admitted, key=lambda k: node.children[k].ucb(self.c))
            node = node.children[k]
            game.apply(state, seat, options[k])
            path.append(node)
        # Playout, to the end or to the horizon.
        moves = 0
        while (seat := self._mover(state)) is not None and \
                (self.horizon is None or moves < self.horizon):
            game.apply(state, seat, game.rollout_action(state, seat, self.rng))
            moves += 1
        shares = self._shares(state)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.wins += shares[n.seat]

    def _shares(self, state: Any) -> list[float]:
        """Each seat's share of the win: the result at the end, else the game's judgement."""
        players = self.game.players(state)
        result = self.game.result(state)
        if result is None:
            judged = self.game.evaluate(state)
            assert judged is not None  # a playout stops early only where the game judges
            return judged
        winners = result.winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
