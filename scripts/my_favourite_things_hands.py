"""My Favourite Things: the hands the ``fan`` bot writes for categories a person types.

Rerun (the hands in docs/games/my-favourite-things.md):

    .venv/bin/python scripts/my_favourite_things_hands.py "Board games" "Famous bridges" ...

For each category a 3-player game is set up with the given seed, seat 1 gives the
category to seat 2, and the ``fan`` bot in seat 2 writes from its own view, as in play.
Printed: the bundled category it wrote from and how it was found (by one of its names or by
meaning), or "no idea"; the five favourites in order and the Broken Heart.
"""

from __future__ import annotations

import argparse

from parlour.bots import make_agent
from parlour.engine import Match
from parlour.games.my_favourite_things import CONTENT, GAME
from parlour.games.my_favourite_things.meaning import nearest


def hand(category: str, seed: int) -> list[str]:
    """What a ``fan`` in seat 2 writes for ``category`` given by seat 1."""
    match = Match.new(GAME, 3, None, seed)
    for giver in range(3):
        match.act(giver, {"category": category if giver == 1 else "Animals"})
    written: list[str] = make_agent(GAME, "fan", 2, seed).act(match.view(2),
                                                               match.legal(2))["write"]
    match.act(2, {"write": written})  # the game accepts it
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("categories", nargs="+")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    print("| typed | written from | 1 | 2 | 3 | 4 | 5 | ♡ |")
    print("|---|---|---|---|---|---|---|---|")
    for i, category in enumerate(args.categories):
        meant = nearest(category)
        written = hand(category, args.seed + i)
        how = "name" if CONTENT.find(category) is not None else "meaning"
        source = f"{meant.name} (by {how})" if meant is not None else "no idea"
        print(f"| {category} | {source} | " + " | ".join(written) + " |")


if __name__ == "__main__":
    main()
