"""Setting up a game, and the choice of starting occupations that ends the set-up."""

from __future__ import annotations

from parlour.engine import generator

from .cards import CardSet
from .state import START_AGE, MyStoryState, SeatState
from .tracks import REUNION_AGES, refill
from .turns import start_turn

SPECIALS = {2: 2, 3: 1, 4: 0}
"""Daydreaming and Lottery Ticket cards in play, of each, by player count."""


def new_state(card_set: CardSet, players: int, seed: int) -> MyStoryState:
    """Markers stacked on 22 in random order, two starting occupations dealt to each seat,
    both tracks revealed; Daydreaming and Lottery Tickets shuffled in afterwards."""
    rng = generator(seed)
    order = list(range(players))
    rng.shuffle(order)  # age markers stacked on 22 in random order
    seats = [SeatState(age=START_AGE) for _ in range(players)]
    for rank, s in enumerate(order):
        seats[s].stamp = rank
    firsts = [c.id for c in card_set.starting_occupations()]
    rng.shuffle(firsts)
    for s in range(players):
        seats[s].dealt = sorted(firsts[2 * s: 2 * s + 2])
    # Ruling: undealt switching-year-1 occupations join the Occupation & Project deck.
    work = firsts[2 * players:] + [c.id for c in card_set.of_kind("occupation")
                                   if c.switching_year != 1]
    work += [c.id for c in card_set.of_kind("project")]
    rng.shuffle(work)
    life = [c.id for c in card_set.of_kind("life_story")]
    rng.shuffle(life)
    state = MyStoryState(seed=seed, rng=rng, seats=seats, card_set=card_set, life_deck=life,
                         work_deck=work)
    state.first_round = [(order[0] + i) % players for i in range(players)]
    state.next_stamp = players
    refill(state)
    n = SPECIALS[players]
    for deck, kind in ((state.work_deck, "daydreaming"), (state.life_deck, "lottery_ticket")):
        deck.extend(c.id for c in card_set.of_kind(kind)[:n])
        rng.shuffle(deck)
    for age in REUNION_AGES:
        state.reunion_decks[age] = [r.id for r in card_set.reunions_for(age)]
        rng.shuffle(state.reunion_decks[age])
    state.achievement_deck = list(card_set.achievements)
    rng.shuffle(state.achievement_deck)
    state.bonus_supply = [c.id for c in card_set.of_kind("bonus_resource")]
    return state


def choose_occupation(state: MyStoryState, seat: int, cid: str) -> None:
    """Keep ``cid``; once everyone has chosen, the other dealt card is shuffled with the
    starting cards and the first turn begins."""
    state.seats[seat].pick = cid
    if any(p.pick is None for p in state.seats):
        return
    for p in state.seats:
        other = next(c for c in p.dealt if c != p.pick)
        p.occupation = p.pick
        p.cv = [p.pick or ""]
        p.secret = other
        p.dealt = []
    for s, p in enumerate(state.seats):
        p.draw = [c.id for c in state.card_set.starting[s]] + [p.secret or ""]
        state.rng.shuffle(p.draw)
    state.phase = "turn"
    start_turn(state, state.first_round.pop(0))
