"""Research interfaces: a batched Love Me Not simulator, an OpenSpiel game, CFR.

Everything here needs the optional extra ``parlour[rl]`` (NumPy, Numba,
OpenSpiel, PettingZoo). It builds on the engine and the games, and sees a
game only through its views, as every other front end does.
"""
