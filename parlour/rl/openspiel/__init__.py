"""Love Me Not as an OpenSpiel game. Importing this package registers ``parlour_love_me_not``
(see :mod:`.game`)."""

from .game import NAME, LoveMeNotGame, LoveMeNotSpielState, pair_index, resample
from .position import Position, Variant

__all__ = ["NAME", "LoveMeNotGame", "LoveMeNotSpielState", "Position", "Variant", "pair_index",
           "resample"]
