"""Operations tooling: the engines' benchmarks and the server's load test.

Apart from the designer's lab: nothing but the command line imports it. The load test
(``parlour.perf.load``, ``fleet``) needs the optional extra ``perf``.
"""

EXTRA_MODULES = ("aiohttp", "httpx")
"""The modules of the ``perf`` extra (pyproject.toml) that the load test imports."""
