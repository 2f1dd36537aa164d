"""Typed errors. Every one is a ``ValueError`` whose message a person can read.

>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations


class ParlourError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(ParlourError):
    """An action that the rules do not allow now; the state is unchanged."""


class MalformedAction(IllegalAction):
    """An action whose shape is wrong (missing key, wrong type, unknown card...)."""


class NotYourTurn(IllegalAction):
    """A seat tried to act when it may not."""


class GameOver(IllegalAction):
    """An action was sent to a game that has ended."""


class InvalidOptions(ParlourError):
    """Options or a player count that the game does not accept."""


class ContentError(InvalidOptions):
    """Content that breaks its schema: a card set, a word deck, categories, phrase pairs,
    bundled or given as an option. The message names the bad entry."""


class UnknownGame(ParlourError):
    """No game is registered under that id."""


class UnknownBot(ParlourError):
    """No bot of that name exists for the game."""


class RecordError(ParlourError):
    """A match record that cannot be read or replayed.

    ``index`` is the position of the offending action, or ``None`` when the
    record itself (game, players, options) is at fault.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
