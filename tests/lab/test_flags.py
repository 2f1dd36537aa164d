"""Flags find real problems and know their evidence: strong and weak outliers, options
rarely or never chosen, each with its sample size and interval, silent where the sample
cannot tell; lines set per run and scaled to the player count."""

from __future__ import annotations

import pytest

from parlour.lab.balance import generic
from parlour.lab.figures import Figures, Table
from parlour.lab.flags import Lines, LinesError, fair_flags, peer_flags, rare_flags
from parlour.lab.stats import Mean, Share


def seat_rows(wins: list[int], games: int) -> list[dict[str, object]]:
    """``games`` two-or-more-player games; seat ``s`` wins ``wins[s]`` of them."""
    players = len(wins)
    winners = [s for s in range(players) for _ in range(wins[s])]
    return [{"index": i, "bots": ["b"] * players, "skills": None,
             "scores": [1.0 if s == w else 0.0 for s in range(players)], "winners": [w],
             "moves": 10, "game": {}} for i, w in enumerate(winners[:games])]


def test_the_line_is_scaled_to_the_player_count_by_the_odds() -> None:
    lines = Lines()
    assert [round(lines.strong(p), 4) for p in (2, 3, 4, 6)] == [0.5556, 0.3846, 0.2941, 0.2]
    assert [round(lines.weak(p), 4) for p in (2, 4)] == [0.4444, 0.2105]


def test_love_me_nots_second_seat_at_59_percent_is_flagged_at_two_players() -> None:
    # 1.25 x 50% = 62.5% would let 59.1% of 1000 games pass; the odds line is 55.6%.
    out = generic(seat_rows([409, 591], 1000), 2)
    texts = [f.text for f in out.flags]
    assert texts[0].startswith("Seat 1 wins 40.9% of 1000 games (95% interval 37.9%–44.0%)")
    assert "weak; the line at 2 players is 44.4%" in texts[0]
    assert "Seat 2 wins 59.1% of 1000 games" in texts[1]
    assert "strong; the line at 2 players is 55.6% (its whole interval is past the line)" \
        in texts[1]


def test_a_seat_over_the_line_on_a_sample_that_cannot_tell_is_not_flagged() -> None:
    # 57 of 100 is over 55.6%, but its interval (47.2-66.3%) still holds the fair 50%.
    assert not generic(seat_rows([43, 57], 100), 2).flags


def test_a_weak_start_is_flagged_with_its_sample() -> None:
    # A starting position kept by 150 seats of three-player games that won 17% (0.51x).
    table = Table("start", "Win rate by start", ["start"], ["win rate"],
                  [{"start": "Organic Farmer", "win rate": Share(25.5, 150)}])
    out = Figures()
    fair_flags(table, out, 3, Lines(), lambda r: f"Starting as {r['start']}")
    assert out.flags[0].text.startswith("Starting as Organic Farmer wins 17.0% of 150 games")
    assert "0.51× its fair share of 33.3%: weak; the line at 3 players is 28.6%" in \
        out.flags[0].text


def cards(rows: list[tuple[str, object]]) -> Table:
    return Table("occupations", "Occupations", ["card"], ["value"],
                 [{"card": c, "value": v} for c, v in rows])


def test_a_card_far_above_its_peers_on_seven_turns_of_one_player_is_not_flagged() -> None:
    peers = [(f"O{i}", Mean.of([2.0, 2.1, 1.9] * 10)) for i in range(5)]
    table = cards([*peers, ("Teacher", Mean.of([4.4]))])  # one holder
    out = Figures()
    peer_flags(table, "value", "Occupation", "resources per turn", Lines(), out)
    assert not out.flags
    table = cards([*peers, ("Teacher", Mean.of([4.4, 4.5, 4.3] * 5))])
    peer_flags(table, "value", "Occupation", "resources per turn", Lines(), out)
    assert out.flags[0].text.startswith("Occupation Teacher is worth 4.40 resources per turn "
                                        "(95% interval")
    assert "on 15 observations, 2.20× the median occupation's 2.00: it outclasses" in \
        out.flags[0].text


def test_a_card_far_below_its_peers_is_flagged_as_weak() -> None:
    peers = [(f"P{i}", 1.0) for i in range(5)]
    table = cards([*peers, ("Sabbatical", 0.4)])
    out = Figures()
    peer_flags(table, "value", "Project", "VP per resource", Lines(), out,
               {name: 30 for name, _ in [*peers, ("Sabbatical", 0)]})
    assert "it falls behind its peers (the line is 2×)" in out.flags[0].text


def test_options_never_or_rarely_chosen_are_flagged_where_the_sample_tells() -> None:
    table = Table("occupations", "Occupations", ["card"], ["switched to (share of games)"],
                  [{"card": "Banker", "switched to (share of games)": Share(0, 300)},
                   {"card": "Entrepreneur", "switched to (share of games)": Share(3, 300)},
                   {"card": "Teacher", "switched to (share of games)": Share(30, 300)},
                   {"card": "Mayor", "switched to (share of games)": Share(0, 20)}])
    out = Figures()
    rare_flags(table, "switched to (share of games)", Lines(), lambda r: str(r["card"]), out)
    assert [f.text for f in out.flags] == [
        "Banker: switched to never (95% interval 0.0%–1.3%); the line is 5% of games: "
        "rarely chosen.",
        "Entrepreneur: switched to in 1.0% of 300 games (95% interval 0.3%–2.9%); the line "
        "is 5% of games: rarely chosen."]


def test_lines_are_set_per_run_and_bad_ones_refused() -> None:
    lines = Lines.parse({"ratio": 1.1, "rare": 0.1, "game": {"margin": 10}})
    assert (lines.ratio, lines.rare, lines.of("margin", 12), lines.of("x", 3)) == \
        (1.1, 0.1, 10.0, 3.0)
    with pytest.raises(LinesError, match="unknown line 'ratoi'"):
        Lines.parse({"ratoi": 1.1})
    with pytest.raises(LinesError, match="every line is a number"):
        Lines.parse({"ratio": "high"})
    with pytest.raises(LinesError, match="must be above 1"):
        Lines(ratio=0.9)
