"""Love Me Not explains itself: the scoring term by term, the match count, the tie ruling's
true figures."""

from __future__ import annotations

import random
import re
from pathlib import Path

from rich.console import Console

from parlour.engine import Match, RandomAgent, play
from parlour.games.love_me_not import GAME, score
from parlour.games.love_me_not.rules import breakdown
from parlour.lab import Plan, play_one
from parlour.lab.stats import wilson
from parlour.tui.love_me_not import render
from tests.games.love_me_not.test_rules import KEEPS, STACKED, TIED, TIED_KEEPS, play_turns

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"


def shown(view: object) -> str:
    console = Console(width=200, record=True)
    console.print(render(view))  # type: ignore[arg-type]
    return console.export_text()


def test_breakdown_gives_the_rulebook_examples_term_by_term() -> None:
    hearts = breakdown(["2H", "3H"], ["4H", "5H"], [])
    assert [(s["suit"], s["tableau"], s["pile"], s["points"]) for s in hearts["suits"]] == [
        ("H", 2, 2, 4), ("D", 0, 0, 0), ("C", 0, 0, 0), ("S", 0, 0, 0)]
    jack = breakdown(["JS"], [], ["2S", "3S", "4S"])
    assert jack["jacks"] == [{"card": "JS", "points": 3}] and jack["total"] == 3


def test_breakdown_adds_up_to_the_score_in_random_matches() -> None:
    rng = random.Random(5)
    deck = ["2H", "3H", "4H", "5H", "JH", "2D", "3D", "4D", "5D", "JD",
            "2C", "3C", "4C", "5C", "JC", "2S", "3S", "4S", "5S", "JS"]
    for _ in range(300):
        rng.shuffle(deck)
        t, p, o = deck[:5], deck[5:10], deck[10:15]
        assert breakdown(t, p, o)["total"] == score(t, p, o)


def test_each_finished_match_shows_both_players_points_term_by_term() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS)
    text = shown(match.view(0))
    # Seat 0: ♥1×1 + ♠1×1 + ♦2×1 + ♣1×2, and JS against seat 1's two spades: 8.
    assert "You: ♥ 1×1 = 1 · ♦ 2×1 = 2 · ♣ 1×2 = 2 · ♠ 1×1 = 1 · J♠ × their 2♠ = 2 → 8" in text
    assert "Player 2: " in text and "→ 10" in text
    assert "for each suit, cards in your tableau × cards in your pile" in text


def test_a_tied_match_is_counted_and_said_to_be_replayed() -> None:
    match = Match.new(GAME, 2, {"deck": TIED}, seed=2)
    play_turns(match, TIED_KEEPS)
    text = shown(match.view(0))
    assert "Match 2 (1 tied, so replayed) · first to win 2 matches" in text
    assert "Match 1: You 12 – Player 2 12 points (a tie: nobody wins it" in text


def test_the_tie_ruling_states_the_share_of_long_games_that_greedy_bots_really_play() -> None:
    claim = re.search(r"(\d+(?:\.\d+)?)% of best-of-three games between the default\s+"
                      r"`greedy` bots need a fourth match", RULINGS.read_text())
    assert claim, "docs/rulings.md must state how often a game needs a fourth match"
    games = 400
    spec = Plan("love-me-not", 2, ("greedy", "greedy"), games, seed=11, rotate=False)
    long = sum(1 for i in range(games)
               if len(play_one(spec, i)[1].details["match_points"]) >= 4)
    low, high = wilson(long, games, z=3.29)  # a 99.9% interval: the claim must lie inside
    assert low <= float(claim.group(1)) / 100 <= high


def test_play_to_the_end_reports_matches_won_as_the_scores() -> None:
    match = Match.new(GAME, 2, {"deck": TIED}, seed=2)
    result = play(match, [RandomAgent(GAME, s, s) for s in (0, 1)])
    assert sum(result.scores) >= 2 and max(result.scores) == 2
    assert len(result.details["match_points"]) >= 3  # the tied first match was replayed
