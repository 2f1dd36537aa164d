"""Love Me Not as an OpenSpiel game: ``pyspiel.load_game("parlour_love_me_not(...)")``.

Parameters: ``matches`` (1, the default, or 3 for best of three), and ``suits``
and ``ranks`` for a smaller deck (:class:`~.position.Variant`; the default 4 × 5
is the real game). Chance deals each hand of a match (seat 0's first hand, seat
1's, then the next turn's, as the engine draws them); then each turn both seats
keep one of their two cards at once (action ``i`` keeps card ``i`` of the deck).
At a simultaneous node, as in OpenSpiel's own simultaneous games,
``legal_actions()`` lists flat joint actions (seat 0's choice varies fastest),
``legal_actions(p)`` seat ``p``'s own, and ``apply_action`` takes a joint action.
The winner of the game gets +1, the loser -1, a tie 0.

>>> import pyspiel
>>> import parlour.rl.openspiel
>>> game = pyspiel.load_game("parlour_love_me_not")
>>> game.information_state_tensor_shape(), game.observation_tensor_shape()
([340], [105])
>>> state = game.new_initial_state()
>>> len(state.chance_outcomes())  # any two of the 20 cards
190
>>> for hand in range(10):  # deal the deck in order: 2H 3H to seat 0, 4H 5H to seat 1, ...
...     state.apply_action(pair_index(game, 2 * hand, 2 * hand + 1))
>>> state.legal_actions(0), state.legal_actions(1), state.legal_actions()
([0, 1], [2, 3], [0, 1, 2, 3])
>>> state.apply_action(1)  # joint action 1: seat 0 keeps 3H, seat 1 keeps 4H
>>> state.information_state_string(0)
'p0; turn 2; hand JH 2D; kept 3H; piled 2H; shown '
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pyspiel

from parlour.engine import IllegalAction, InvalidOptions
from parlour.games.love_me_not import GAME

from . import observe
from .position import Position, Variant

NAME = "parlour_love_me_not"
DEFAULTS = {"matches": 1, "suits": 4, "ranks": 5}
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Parlour Love Me Not",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULTS,
)


class LoveMeNotGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel face of Love Me Not."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        variant = Variant(int(params["suits"]), int(params["ranks"]), int(params["matches"]))
        self.variant = variant
        self.pairs = list(combinations(range(len(variant.cards)), 2))
        self.pair_index = {pair: i for i, pair in enumerate(self.pairs)}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(variant.cards), max_chance_outcomes=len(self.pairs),
            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            # OpenSpiel counts decisions, a simultaneous move as one, and no chance nodes.
            max_game_length=variant.turns * variant.max_matches)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> LoveMeNotSpielState:
        return LoveMeNotSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.variant.hands * self.variant.max_matches

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise InvalidOptions(f"{NAME} observers take no parameters (got {params!r})")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise InvalidOptions(f"{NAME} observes from one seat's view, public and private"
                                 " parts")
        return Observer(self.variant, perfect_recall)


class LoveMeNotSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: one immutable :class:`Position`, so a clone copies nothing."""

    def __init__(self, game: LoveMeNotGame) -> None:
        super().__init__(game)
        self.position = Position.start(game.variant)

    # -- whose turn ---------------------------------------------------------------
    def current_player(self) -> int:
        p = self.position
        return TERMINAL if p.over else CHANCE if p.dealing else SIMULTANEOUS

    def is_terminal(self) -> bool:
        return self.position.over

    def _legal_actions(self, player: int) -> list[int]:
        p = self.position
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            return list(range(len(p.hand(0)) * len(p.hand(1))))
        return sorted(p.hand(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pairs = self.get_game().pair_index
        free = [pairs[pair] for pair in combinations(self.position.undealt(), 2)]
        return [(i, 1.0 / len(free)) for i in free]

    # -- moves ----------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if not self.position.dealing and not self.position.over:
            self._apply_actions(self.joint(action))
            return
        pairs = self.get_game().pairs
        if not 0 <= action < len(pairs):
            raise IllegalAction(f"no chance outcome {action} (0 to {len(pairs) - 1})")
        self.position = self.position.deal(pairs[action])

    def _apply_actions(self, actions: list[int]) -> None:
        if self.position.dealing:
            raise IllegalAction("the hands are still being dealt")
        self.position = self.position.keep((int(actions[0]), int(actions[1])))

    def joint(self, action: int) -> list[int]:
        """Each seat's action in a flat joint action (seat 0's varies fastest)."""
        first, second = sorted(self.position.hand(0)), sorted(self.position.hand(1))
        if not 0 <= action < len(first) * len(second):
            raise IllegalAction(f"no joint action {action} (0 to "
                                f"{len(first) * len(second) - 1})")
        a, b = divmod(action, len(first))
        return [first[b], second[a]]

    def _action_to_string(self, player: int, action: int) -> str:
        names = self.position.variant.cards
        if player == pyspiel.PlayerId.CHANCE:
            a, b = self.get_game().pairs[action]
            return f"deal {names[a]} {names[b]}"
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            a, b = self.joint(action)
            return f"keep {names[a]} / keep {names[b]}"
        return f"keep {names[action]}"

    # -- the end ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        p = self.position
        if not p.over:
            return [0.0, 0.0]
        a, b = p.points if p.variant.matches == 1 else p.wins
        return [0.0, 0.0] if a == b else [1.0, -1.0] if a > b else [-1.0, 1.0]

    def resample_from_infostate(self, player: int, sampler: Any = None,
                                ) -> LoveMeNotSpielState:
        """A state drawn at random among those ``player`` cannot tell from this one."""
        rng = random.Random(_seed(sampler))
        clone = self.get_game().new_initial_state()
        clone.position = resample(self.position, player, rng)
        return clone  # type: ignore[no-any-return]

    def __str__(self) -> str:
        p = self.position
        names = p.variant.cards
        if p.dealing:
            return "dealing: " + " ".join(names[c] for c in p.dealt)
        lines = [f"matches won {p.wins[0]}-{p.wins[1]}"]
        tableau, pile, _ = observe.current(p)
        for s in (0, 1):
            lines.append(f"seat {s}: hand {observe.spell(p.hand(s), names) or '-'}; "
                         f"tableau {observe.spell(tableau[s], names) or '-'}; "
                         f"pile {observe.spell(pile[s], names) or '-'}; "
                         f"shown {observe.shown(p, 1 - s)}")
        return "\n".join(lines)


def _seed(sampler: Any) -> int:
    """64 bits from OpenSpiel's sampler (a ``UniformProbabilitySampler``) or from Python's
    own generator when none is given."""
    if sampler is None:
        return random.getrandbits(64)
    return int(sampler() * 2**53)


def resample(p: Position, seat: int, rng: random.Random) -> Position:
    """The hidden cards of ``p`` drawn afresh, as ``seat`` might imagine them: the game's
    own determinization on the full deck, the same construction on a smaller one."""
    if p.dealing or p.over:
        return p
    if p.variant.full:
        state = p.to_engine()
        imagined = GAME.determinize(GAME.view(state, seat), seat, rng)
        return Position.from_engine(p.variant, imagined)
    return _redraw(p, seat, rng)


def _redraw(p: Position, seat: int, rng: random.Random) -> Position:
    other, turn = 1 - seat, p.turn
    seen = set(p.hand(seat)) | set(p.kept[seat]) | set(p.piled(seat))
    seen |= set(p.kept[other][:observe.shown(p, seat)])
    unseen = [c for c in range(len(p.variant.cards)) if c not in seen]
    rng.shuffle(unseen)
    dealt = list(p.dealt)
    kept = list(p.kept[other])
    for t in range(turn + 1, p.variant.turns):
        for s in (0, 1):
            dealt[4 * t + 2 * s:4 * t + 2 * s + 2] = sorted((unseen.pop(), unseen.pop()))
    for t in range(observe.shown(p, seat)):  # a shown card's partner went to the pile
        hand = sorted((kept[t], unseen.pop()))
        dealt[4 * t + 2 * other:4 * t + 2 * other + 2] = hand
    for t in range(observe.shown(p, seat), turn + 1):
        hand = sorted((unseen.pop(), unseen.pop()))
        dealt[4 * t + 2 * other:4 * t + 2 * other + 2] = hand
        if t < turn:
            kept[t] = hand[rng.getrandbits(1)]
    both = (tuple(kept), p.kept[seat]) if other == 0 else (p.kept[seat], tuple(kept))
    return Position(p.variant, tuple(dealt), both, p.history)


def pair_index(game: LoveMeNotGame, a: int, b: int) -> int:
    """The chance outcome that deals cards ``a`` and ``b``."""
    return game.pair_index[(min(a, b), max(a, b))]


class Observer:
    """Tensors and strings from one seat's knowledge (OpenSpiel's ``PyObserver``)."""

    def __init__(self, variant: Variant, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = (observe.information_state_size(variant) if perfect_recall
                else observe.observation_size(variant))
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: LoveMeNotSpielState, player: int) -> None:
        make = observe.information_state if self.perfect_recall else observe.observation
        make(state.position, player, self.tensor)

    def string_from(self, state: LoveMeNotSpielState, player: int) -> str:
        make = (observe.information_state_string if self.perfect_recall
                else observe.observation_string)
        return make(state.position, player)


pyspiel.register_game(GAME_TYPE, LoveMeNotGame)
