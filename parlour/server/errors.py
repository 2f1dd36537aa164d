"""What a room refuses, as types: the HTTP API maps each to its status, the websocket
sends its message to the one connection that asked.

>>> issubclass(RateLimited, RoomError) and issubclass(RoomError, ValueError)
True
>>> str(NotFound("there is no room 'KXMP'"))
"there is no room 'KXMP'"
"""

from __future__ import annotations

from parlour.engine import ParlourError


class RoomError(ParlourError):
    """A request the room refuses; the message is shown to the person who asked.

    A bad request unless a subclass says otherwise; nothing was changed.
    """


class NotFound(RoomError):
    """No such room, game or content file."""


class RateLimited(RoomError):
    """Too many requests from one address (rooms created in the last hour)."""


class NotFinished(RoomError):
    """What is shown only once the game is over (the record, the replay)."""


class NotAllowed(RoomError):
    """What only some people may see (a finished game's record: its players and host)."""


class Unreplayable(RoomError):
    """A stored record that the engine can no longer replay (a rules change, a bug)."""


class StoreConflict(RoomError):
    """The move could not be stored (another process stored one first): the room was reloaded."""


class StoreUnavailable(RoomError):
    """The database did not answer (busy, restarting): nothing was changed; try again."""


class ServeError(ValueError):
    """The server cannot run as asked (``--forwarded-allow-ips`` naming something that is
    not an address, say); the message says why."""
