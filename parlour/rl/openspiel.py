"""Love Me Not as an OpenSpiel game. Importing this module registers ``parlour_love_me_not``.

One single match: ten chance nodes deal the hands (seat 0's first hand, seat
1's, then the next turn's, as the engine draws them), then five simultaneous
moves in which each seat keeps one of its two cards (action ``i`` keeps card
``i``, see :mod:`parlour.rl.love_me_not.encode`). The winner gets +1, the
loser -1, a tie 0. The rules are the engine's: a state wraps an engine state,
and everything a player observes comes from that seat's view.

>>> import pyspiel
>>> import parlour.rl.openspiel
>>> game = pyspiel.load_game("parlour_love_me_not")
>>> game.information_state_tensor_shape(), game.observation_tensor_shape()
([340], [105])
>>> state = game.new_initial_state()
>>> len(state.chance_outcomes())  # any two of the 20 cards
190
>>> for hand in range(10):  # deal the deck in order: 2H 3H to seat 0, 4H 5H to seat 1, ...
...     state.apply_action(PAIR_INDEX[2 * hand, 2 * hand + 1])
>>> state.legal_actions(0), state.legal_actions(1)
([0, 1], [2, 3])
>>> state.apply_actions([1, 2])  # seat 0 keeps 3H, seat 1 keeps 4H
>>> state.information_state_string(0)
'p0; turn 2; hand JH 2D; kept 3H; piled 2H; shown '

OpenSpiel's algorithms for sequential games run on the turn-based form
(``pyspiel.convert_to_turn_based``), where seat 1 chooses without seeing
seat 0's simultaneous choice.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import pyspiel

from parlour.engine import IllegalAction, View
from parlour.games.love_me_not import DECK, GAME, LoveMeNotState

from .love_me_not import encode

NAME = "parlour_love_me_not"
HANDS = 2 * encode.TURNS
PAIRS = list(combinations(range(encode.N_CARDS), 2))  # chance outcome i deals PAIRS[i]
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Parlour Love Me Not (single match)",
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
    parameter_specification={},
)

GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=encode.N_CARDS,
    max_chance_outcomes=len(PAIRS),
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=HANDS + encode.TURNS,
)


class LoveMeNotGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel face of a single Love Me Not match."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(GAME_TYPE, GAME_INFO, params or {})

    def new_initial_state(self) -> LoveMeNotSpielState:
        return LoveMeNotSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"{NAME} observers take no parameters (got {params!r})")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError(f"{NAME} observes from one seat's view, public and private parts")
        return Observer(perfect_recall)


class LoveMeNotSpielState(pyspiel.State):  # type: ignore[misc]
    """A match: the hands dealt so far, then the engine's state once all are dealt."""

    def __init__(self, game: LoveMeNotGame) -> None:
        super().__init__(game)
        self.dealt: list[tuple[int, int]] = []
        self.match: LoveMeNotState | None = None

    # -- whose turn ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.match is None:
            return int(pyspiel.PlayerId.CHANCE)
        if GAME.is_over(self.match):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def is_terminal(self) -> bool:
        return self.match is not None and GAME.is_over(self.match)

    def _legal_actions(self, player: int) -> list[int]:
        if self.match is None or GAME.is_over(self.match):
            return []
        return sorted(encode.card_indices(GAME.view(self.match, player)["hand"]))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        used = {c for pair in self.dealt for c in pair}
        free = [PAIR_INDEX[p] for p in combinations(
            [c for c in range(encode.N_CARDS) if c not in used], 2)]
        return [(i, 1.0 / len(free)) for i in free]

    # -- moves ----------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        pair = PAIRS[action]
        if any(c in pair for dealt in self.dealt for c in dealt):
            raise IllegalAction(f"{DECK[pair[0]]} and {DECK[pair[1]]} are not both undealt")
        self.dealt.append(pair)
        if len(self.dealt) == HANDS:
            deck = [DECK[c] for pair in self.dealt for c in pair]
            self.match = GAME.setup(2, {"matches": 1, "deck": deck}, seed=0)

    def _apply_actions(self, actions: list[int]) -> None:
        if self.match is None:
            raise IllegalAction("the hands are still being dealt")
        keeps = [{"keep": DECK[a]} for a in actions]
        for seat, keep in enumerate(keeps):
            hand = GAME.view(self.match, seat)["hand"]
            if keep["keep"] not in hand:
                raise IllegalAction(f"seat {seat} may keep {' or '.join(hand)}, not {keep['keep']}")
        for seat, keep in enumerate(keeps):
            GAME.apply(self.match, seat, keep)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            a, b = PAIRS[action]
            return f"deal {DECK[a]} {DECK[b]}"
        return f"keep {DECK[action]}"

    # -- the end ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        result = GAME.result(self.match) if self.match is not None else None
        if result is None or len(result.winners) == 2:
            return [0.0, 0.0]
        return [1.0 if seat in result.winners else -1.0 for seat in (0, 1)]

    def view(self, seat: int) -> View | None:
        """``seat``'s view of the match, or ``None`` while dealing (nothing seen yet)."""
        return None if self.match is None else GAME.view(self.match, seat)

    def __str__(self) -> str:
        if self.match is None:
            return "dealing: " + " | ".join(f"{DECK[a]} {DECK[b]}" for a, b in self.dealt)
        spectator = GAME.view(self.match, None)
        hands = [" ".join(GAME.view(self.match, s)["hand"]) for s in (0, 1)]
        seats = []
        for s, side in enumerate(spectator["seats"]):
            tableau = " ".join(self.match.tableau[s])
            pile = " ".join(self.match.pile[s])
            shown = sum(e["revealed"] for e in side["tableau"])
            seats.append(f"seat {s}: hand {hands[s] or '-'}; tableau {tableau or '-'};"
                         f" pile {pile or '-'}; shown {shown}")
        return "\n".join(seats)


class Observer:
    """Tensors and strings from one seat's view (OpenSpiel's ``PyObserver`` interface)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = encode.INFORMATION_STATE_SIZE if perfect_recall else encode.OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: LoveMeNotSpielState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            return
        make = encode.information_state if self.perfect_recall else encode.observation
        self.tensor[:] = make(view)

    def string_from(self, state: LoveMeNotSpielState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"p{player} dealing"
        mine, theirs = view["seats"][player], view["seats"][1 - player]
        shown = [e["card"] for e in theirs["tableau"] if e["revealed"]]
        parts = [f"p{player}", f"turn {view['turn']}", "hand " + " ".join(view["hand"])]
        if self.perfect_recall:
            parts += ["kept " + " ".join(e["card"] for e in mine["tableau"]),
                      "piled " + " ".join(mine["pile"]), "shown " + " ".join(shown)]
        else:
            parts += ["tableau " + " ".join(sorted(e["card"] for e in mine["tableau"])),
                      "pile " + " ".join(sorted(mine["pile"])), "shown " + " ".join(sorted(shown))]
        if theirs["pile"] is not None:
            parts.append("their pile " + " ".join(theirs["pile"]))
        return "; ".join(parts)


pyspiel.register_game(GAME_TYPE, LoveMeNotGame)
