"""What one seat of a :class:`~.position.Position` has seen, as tensors and strings.

The layout is :mod:`parlour.rl.love_me_not.encode`'s for a deck of ``n`` cards and
``T`` turns (the full game: ``n`` = 20, ``T`` = 5, the same floats as the
PettingZoo environment's first 105):

- observation: hand, own tableau, own pile, the opponent's face-up tableau, the
  opponent's pile once the match is over (``n`` each), then the turn, one-hot (``T``);
- information state: per turn the card kept, the card piled and the opponent's card
  once face up (``3n`` a turn), then the hand and the opponent's pile (``2n``);
- best of three adds to both the score and the two latest matches
  (:data:`parlour.rl.love_me_not.encode.MATCH_SIZE` floats for ``n`` = 20).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..love_me_not.encode import EARLIER_MATCHES
from .position import Match, Position, Variant

Vector = npt.NDArray[np.float32]


def match_size(v: Variant) -> int:
    """Floats of the score block: none for a single match."""
    return 0 if v.matches == 1 else 4 + EARLIER_MATCHES * (3 + len(v.cards))


def observation_size(v: Variant) -> int:
    return 5 * len(v.cards) + v.turns + match_size(v)


def information_state_size(v: Variant) -> int:
    return (3 * v.turns + 2) * len(v.cards) + match_size(v)


def current(p: Position) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                                   bool]:
    """This match's tableaux and piles, and whether it is over (the last match, when the
    game is over)."""
    if p.over:
        last = p.history[-1]
        return last.tableau, last.pile, True
    return p.kept, (p.piled(0), p.piled(1)), False


def shown(p: Position, seat: int) -> int:
    """How many of the opponent's tableau cards ``seat`` sees face up."""
    if p.over:
        return p.variant.turns
    return max(p.turn - 1, 0) if not p.dealing else 0


def observation(p: Position, seat: int, out: Vector) -> None:
    n = len(p.variant.cards)
    out.fill(0)
    tableau, pile, over = current(p)
    other = 1 - seat
    out[list(p.hand(seat))] = 1
    out[[n + c for c in tableau[seat]]] = 1
    out[[2 * n + c for c in pile[seat]]] = 1
    out[[3 * n + c for c in tableau[other][:shown(p, seat)]]] = 1
    if over:
        out[[4 * n + c for c in pile[other]]] = 1
    turn = p.variant.turns - 1 if over else min(p.turn, p.variant.turns - 1)
    out[5 * n + turn] = 1
    _match_block(p, seat, out[5 * n + p.variant.turns:])


def information_state(p: Position, seat: int, out: Vector) -> None:
    n, turns = len(p.variant.cards), p.variant.turns
    out.fill(0)
    tableau, pile, over = current(p)
    other = 1 - seat
    planes = out[:3 * turns * n].reshape(turns, 3, n)
    for t, c in enumerate(tableau[seat]):
        planes[t, 0, c] = 1
    for t, c in enumerate(pile[seat]):
        planes[t, 1, c] = 1
    for t, c in enumerate(tableau[other][:shown(p, seat)]):
        planes[t, 2, c] = 1
    rest = out[3 * turns * n:]
    rest[list(p.hand(seat))] = 1
    if over:
        rest[[n + c for c in pile[other]]] = 1
    _match_block(p, seat, out[(3 * turns + 2) * n:])


def _match_block(p: Position, seat: int, out: Vector) -> None:
    if p.variant.matches == 1:
        return
    n = len(p.variant.cards)
    wins = p.wins
    out[:4] = (1.0, wins[seat], wins[1 - seat], len(p.history) - sum(wins))
    earlier = p.history[:-1] if p.over else p.history
    for i, m in enumerate(reversed(earlier[-EARLIER_MATCHES:])):
        block = out[4 + i * (3 + n):4 + (i + 1) * (3 + n)]
        block[:3] = (1.0, m.points[seat], m.points[1 - seat])
        block[[3 + c for c in m.tableau[1 - seat]]] = 1


def information_state_string(p: Position, seat: int) -> str:
    names = p.variant.cards
    tableau, pile, over = current(p)
    other = 1 - seat
    parts = [f"p{seat}"]
    for m in p.history[:-1] if over else p.history:
        parts.append("match " + _match_string(m, seat, names))
    if p.dealing:
        return "; ".join([*parts, "dealing"])
    turn = p.variant.turns if over else p.turn + 1
    parts += [f"turn {turn}", "hand " + spell(p.hand(seat), names),
              "kept " + spell(tableau[seat], names), "piled " + spell(pile[seat], names),
              "shown " + spell(tableau[other][:shown(p, seat)], names)]
    if over:
        parts.append("their pile " + spell(pile[other], names))
    return "; ".join(parts)


def observation_string(p: Position, seat: int) -> str:
    names = p.variant.cards
    tableau, pile, over = current(p)
    other = 1 - seat
    wins = p.wins
    parts = [f"p{seat}", f"won {wins[seat]}-{wins[1 - seat]}"]
    if p.dealing:
        return "; ".join([*parts, "dealing"])
    turn = p.variant.turns if over else p.turn + 1
    parts += [f"turn {turn}", "hand " + spell(p.hand(seat), names),
              "tableau " + spell(sorted(tableau[seat]), names),
              "pile " + spell(sorted(pile[seat]), names),
              "shown " + spell(sorted(tableau[other][:shown(p, seat)]), names)]
    if over:
        parts.append("their pile " + spell(pile[other], names))
    return "; ".join(parts)


def spell(cards: tuple[int, ...] | list[int], names: tuple[str, ...]) -> str:
    return " ".join(names[c] for c in cards)


def _match_string(m: Match, seat: int, names: tuple[str, ...]) -> str:
    return (f"{m.points[seat]}-{m.points[1 - seat]} kept {spell(m.tableau[seat], names)}"
            f" / {spell(m.tableau[1 - seat], names)}")
