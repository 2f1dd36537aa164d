"""The numbers Love Me Not's views send, so that no front end re-derives a rule: the turns
in a match, the matches to win, and the points a seat can count from its own cards."""

from __future__ import annotations

from parlour.engine import Match
from parlour.games.love_me_not import GAME
from tests.games.love_me_not.test_rules import KEEPS, STACKED, play_turns


def test_a_seat_sees_the_points_of_its_own_cards_now_and_for_each_keep() -> None:
    match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    play_turns(match, KEEPS[:1])
    # Seat 0 kept 2H and piled 2S; it now holds JS and 4H.
    #   keep JS: tableau 2H JS, pile 2S 4H -> hearts 1×1 + spades 1×1 = 2
    #   keep 4H: tableau 2H 4H, pile 2S JS -> hearts 2×0 + spades 0×2 = 0
    assert match.view(0)["points"] == {"now": 0, "if_kept": {"JS": 2, "4H": 0}}
    # Seat 1 kept 3S and piled 3H; it holds 4S and 5H.
    assert match.view(1)["points"] == {"now": 0, "if_kept": {"4S": 0, "5H": 2}}
    assert match.view(None)["points"] is None
    play_turns(match, KEEPS[1:2])
    # Seat 0: tableau 2H JS, pile 2S 4H: 1×1 + 1×1; the jack's bonus waits for the end.
    assert match.view(0)["points"]["now"] == 2


def test_the_other_seats_points_never_show_what_it_piled() -> None:
    views = []
    for keep in ("2H", "2S"):
        match = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
        match.act(0, {"keep": keep})
        match.act(1, {"keep": "3S"})
        views.append(match.view(1))
    assert views[0] == views[1]  # nothing in seat 1's view tells which card seat 0 kept


def test_the_turns_in_a_match_and_the_matches_to_win_are_in_every_view() -> None:
    single = Match.new(GAME, 2, {"matches": 1, "deck": STACKED}, seed=1)
    best_of_three = Match.new(GAME, 2, {}, seed=1)
    assert (single.view(None)["turns"], single.view(None)["to_win"]) == (5, 1)
    assert (best_of_three.view(0)["turns"], best_of_three.view(0)["to_win"]) == (5, 2)
    play_turns(single, KEEPS)
    assert single.over and single.view(0)["points"] is None
