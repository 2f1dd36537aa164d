"""Operations tooling: the engines' benchmarks and the server's load test.

Apart from the designer's lab: nothing but the command line imports it.
"""
