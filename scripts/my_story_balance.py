"""My Story balance: win shares by seat and by starting occupation, bots in every seat.

Rerun (the figures in docs/games/my-story.md):

    nice .venv/bin/python scripts/my_story_balance.py --games 5000 --players 2 3 4

Prints Markdown tables; a seat or starting occupation "passes" when its win
rate is at most 1.25 x its fair share (1 / players).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from parlour.bots import make_agent
from parlour.engine import Action, Agent, Legal, Match, View, play
from parlour.games.my_story import GAME
from parlour.lab.stats import wilson

LIMIT = 1.25


class RandomPick:
    """Keeps one of the two dealt occupations at random, then plays like ``agent``."""

    def __init__(self, agent: Agent, rng: random.Random) -> None:
        self.agent, self.rng = agent, rng

    def act(self, view: View, legal: Legal) -> Action:
        choices = legal.choices or []
        if choices and "occupation" in choices[0]:
            return self.rng.choice(choices)
        return self.agent.act(view, legal)


def one_game(players: int, bot: str, seed: int,
             random_pick: bool = False) -> tuple[list[int], list[str], list[float]]:
    """One game: (winners, starting occupation per seat, scores).

    With ``random_pick`` each seat keeps one of its two dealt occupations at random
    (the bot plays the rest), so every starting occupation is measured evenly.
    """
    match = Match.new(GAME, players, None, seed)
    agents: list[Agent] = [make_agent(GAME, bot, s, seed * 7 + s) for s in range(players)]
    if random_pick:
        picker = random.Random(seed)  # one stream for all seats, asked in seat order
        agents = [RandomPick(agent, picker) for agent in agents]
    result = play(match, agents)
    firsts = [p.cv[0] for p in match.state.seats]
    return result.winners, firsts, result.scores


def run(players: int, games: int, bot: str, first_seed: int, random_pick: bool = False) -> None:
    fair = 1 / players
    seat_wins = [0.0] * players
    occ_games: dict[str, int] = defaultdict(int)
    occ_wins: dict[str, float] = defaultdict(float)
    total = [0.0] * players
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        winners, firsts, scores = one_game(players, bot, seed, random_pick)
        for s in range(players):
            occ_games[firsts[s]] += 1
            total[s] += scores[s]
        for w in winners:
            seat_wins[w] += 1 / len(winners)
            occ_wins[firsts[w]] += 1 / len(winners)
    secs = time.perf_counter() - started
    how = " (starting occupations picked at random)" if random_pick else ""
    print(f"\n### {players} players: {games} games, `{bot}` in every seat{how} ({secs:.0f} s)\n")
    print(f"Fair share {fair:.3f}; limit {LIMIT} x fair = {LIMIT * fair:.3f}.\n")
    print("| seat | win rate | 95% CI | x fair | mean VP | ok |")
    print("|---|---|---|---|---|---|")
    for s in range(players):
        rate = seat_wins[s] / games
        lo, hi = wilson(seat_wins[s], games)
        ok = "yes" if rate <= LIMIT * fair else "NO"
        print(f"| {s} | {rate:.3f} | {lo:.3f}–{hi:.3f} | {rate / fair:.2f} | "
              f"{total[s] / games:.1f} | {ok} |")
    print("\n| starting occupation | chosen | win rate | 95% CI | x fair | ok |")
    print("|---|---|---|---|---|---|")
    for cid in sorted(occ_games, key=lambda c: -occ_wins[c] / occ_games[c]):
        n = occ_games[cid]
        rate = occ_wins[cid] / n
        lo, hi = wilson(occ_wins[cid], n)
        ok = "yes" if rate <= LIMIT * fair else "NO"
        print(f"| {cid} {GAME.card_set.cards[cid].name} | {n} | {rate:.3f} | {lo:.3f}–{hi:.3f} | "
              f"{rate / fair:.2f} | {ok} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--random-pick", action="store_true",
                        help="keep a random one of the two dealt occupations")
    args = parser.parse_args()
    for players in args.players:
        run(players, args.games, args.bot, args.seed, args.random_pick)


if __name__ == "__main__":
    main()
