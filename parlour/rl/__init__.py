"""Research interfaces: PettingZoo environments, a batched Love Me Not simulator, an
OpenSpiel game, CFR.

Everything here needs the optional extra ``parlour[rl]`` (NumPy, Numba,
OpenSpiel, PettingZoo). It builds on the engine and the games, and sees a
game only through its views, as every other front end does.
"""

from typing import Any


def env(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of a game: see :mod:`parlour.rl.envs`."""
    from .envs import env as make

    return make(game_id, players, **options)


def parallel_env(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo parallel environment of a game: see :mod:`parlour.rl.parallel`."""
    from .parallel import parallel_env as make

    return make(game_id, players, **options)
