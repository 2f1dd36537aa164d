"""Each change of a room is a compare-and-set on the room's version: the bookkeeping both
stores share.

A change carries the version of the room it was made on; its first statement
(``statements.Steps.guard``) changes the room's row only if the row still has that
version. If it changes no row, another process changed the room meanwhile: the change is
refused with ``StoreConflict`` and stores nothing. A room hands over its changes in order
without waiting for each to be stored, so the later changes of the same copy of the
room were made on top of a refused one: they are refused too, unstored, and the copy
stays "broken" (:class:`Chains`) until the room is loaded again under a new epoch.

A store runs a batch on a copy of its chains, kept only if the whole batch commits:
:func:`unstored` before a change's statements, :func:`outcome` after them, and
:func:`failed` for a change that failed in a transaction of its own.

>>> chains = Chains()
>>> chains.broken(("KXMP", 1)), chains.broken(("KXMP", 2))
(False, False)
>>> chains.refused(("KXMP", 1))
>>> chains.broken(("KXMP", 1)), chains.broken(("KXMP", 2))
(True, False)
"""

from __future__ import annotations

from ..errors import StoreConflict
from .changes import Change, NewRoom

Outcome = BaseException | None
"""What became of one change: ``None`` if it is stored, else why not."""

CHAINS_KEPT = 10_000
"""Broken copies remembered (a copy reloaded since never hands over another change)."""


def chain_of(change: Change) -> tuple[str, int] | None:
    """The copy of a room that made a change (a new room belongs to none yet)."""
    return None if isinstance(change, NewRoom) else (change.code, change.epoch)


class Chains:
    """Copies of rooms one of whose changes was refused: their later changes are refused too."""

    def __init__(self) -> None:
        self._broken: set[tuple[str, int]] = set()

    def broken(self, chain: tuple[str, int] | None) -> bool:
        return chain is not None and chain in self._broken

    def refused(self, chain: tuple[str, int] | None) -> None:
        if chain is None:
            return
        if len(self._broken) >= CHAINS_KEPT:
            self._broken.clear()
        self._broken.add(chain)

    def copy(self) -> Chains:
        other = Chains()
        other._broken = set(self._broken)
        return other


def conflict(change: Change) -> StoreConflict:
    if isinstance(change, NewRoom):
        return StoreConflict(f"room code {change.code} is taken")
    return StoreConflict(f"room {change.code} changed meanwhile (it was at version"
                         f" {change.version} here)")


def unstored(chains: Chains, change: Change) -> StoreConflict | None:
    """Why ``change`` is refused before any of its statements runs (its copy is broken)."""
    return conflict(change) if chains.broken(chain_of(change)) else None


def outcome(chains: Chains, change: Change, rows: int) -> Outcome:
    """The change is stored if its compare-and-set changed exactly one row; else it is
    refused, and so is every later change of its copy."""
    if rows == 1:
        return None
    chains.refused(chain_of(change))
    return conflict(change)


def failed(chains: Chains, change: Change, error: BaseException, *, taken: bool) -> Outcome:
    """A change that failed in a transaction of its own is refused, and so is every later
    change of its copy: as a conflict if what it adds is ``taken`` (a code, an action's
    number), else with the database's own error."""
    chains.refused(chain_of(change))
    return conflict(change) if taken else error
