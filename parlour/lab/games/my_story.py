"""My Story in the lab: VP by scoring area, win rate by starting occupation, the time
economy (turns that cost no years, runs of turns by one player, turns taken against
winning), every card's take and completion rates with the win rate of those who did, and
what each Project, Occupation and Achievement is worth against the others of its kind.

The observer reads the replayed state after each move: the ages (a turn's cost in years),
the public log of events (what was taken, completed, attended) and the final score sheet.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from parlour.engine import Action, Match, Result
from parlour.games.my_story import MyStoryState
from parlour.games.my_story.abilities import planned_gain
from parlour.games.my_story.cards import CardSet
from parlour.games.my_story.payments import add_costs, grow_cost
from parlour.games.my_story.scoring import AREAS, achievement_points, measure
from parlour.games.my_story.state import Turn
from parlour.lab.fairness import fair_flags
from parlour.lab.figures import Figures, Row, Table
from parlour.lab.plan import Plan
from parlour.lab.stats import Mean, Share

from . import GameLab, Observer

FREE_TURNS_LIMIT = 0.10
"""At most this share of turns may cost no years ("each action will cost you precious
time")."""
MARGIN_LIMIT = 15
"""The median winning margin (VP) above which the end is rarely close."""
PEERS_LIMIT = 2.0
"""A card worth more than this many times the median of its kind dominates its peers."""


class StoryObserver(Observer):
    """Follows turns (who, how many years, what was done) and the public events."""

    def __init__(self, match: Match[Any]) -> None:
        self.turns: list[tuple[int, int, str]] = []  # seat, years, what the turn did
        self.doing: list[str] = []
        self.start_age = 0
        self.seen: object | None = None
        self.firsts: list[str] = []
        self.dealt = [list(p.dealt) for p in match.state.seats]
        self.takes: list[tuple[str, int, int]] = []  # card, seat, units paid (resources+years)
        self.grows: list[tuple[str, int]] = []  # card, seat
        self.reunions: list[tuple[str, int]] = []  # achievement, seat
        self.pools: list[tuple[str, float]] = []  # occupation, what it gave a Planning
        self.pooled = False
        self.life_out: int | None = None  # the turn the Life Story track first ran short

    def moved(self, match: Match[Any], seat: int, action: Action) -> None:
        state: MyStoryState = match.state
        if not self.firsts and state.phase != "choose":
            self.firsts = [p.cv[0] for p in state.seats]
            self._start(state)
            return
        for event in self._new_events(state):
            self._event(state, event)
        if len(self.turns) < state.turns:  # this move ended the mover's turn
            self.turns.append((seat, state.seats[seat].age - self.start_age,
                               "+".join(self.doing) or "nothing"))
            if self.life_out is None and len(state.life_track) < 5:
                self.life_out = state.turns
            self._start(state)
        elif state.turn is not None and state.turn.step == "act" and not self.pooled:
            self._pool(state)

    def _start(self, state: MyStoryState) -> None:
        self.doing, self.pooled = [], False
        if state.turn is not None:
            self.start_age = state.seats[state.turn.seat].age
            if state.turn.step == "act":
                self._pool(state)

    def _pool(self, state: MyStoryState) -> None:
        assert state.turn is not None
        occupation = state.seats[state.turn.seat].occupation or ""
        self.pools.append((occupation, occupation_yield(state, state.turn)))
        self.pooled = True

    def _new_events(self, state: MyStoryState) -> list[dict[str, Any]]:
        log = state.log
        start = next((i + 1 for i in range(len(log) - 1, -1, -1) if log[i] is self.seen), 0)
        if log:
            self.seen = log[-1]
        return log[start:]

    def _event(self, state: MyStoryState, event: dict[str, Any]) -> None:
        kind, seat = event["event"], event["seat"]
        if kind == "take":
            life = event["track"] == "life"
            self.doing.append("life story" if life else "work card")
            slots = state.card_set.life_slots if life else state.card_set.work_slots
            cost = add_costs(state.card(event["card"]).requirement if life else {},
                             slots[event["slot"]])
            # Every unit of a cost is paid by a resource, a Star or a year.
            self.takes.append((event["card"], seat, sum(cost.values())))
        elif kind == "grow":
            card = state.card(event["card"])
            self.doing.append("completes a project" if card.kind == "project" else "switches")
            self.grows.append((event["card"], seat))
        elif kind == "reunion":
            self.doing.append("reunion")
            self.reunions.append((event["achievement"], seat))
        elif kind == "rest":
            self.doing.append("rest")

    def finish(self, match: Match[Any], result: Result) -> dict[str, Any]:
        details = result.details
        sheet = {line["area"]: line["points"] for line in details["score_sheet"]}
        return {
            "firsts": self.firsts,
            "dealt": self.dealt,
            "turns": [list(t) for t in self.turns],
            "takes": [list(t) for t in self.takes],
            "grows": [list(t) for t in self.grows],
            "reunions": [list(t) for t in self.reunions],
            "pools": [list(p) for p in self.pools],
            "areas": {a: sheet[a] for a in AREAS},
            "achievements": details["achievements"],
            "could_score": could_score(match.state),
            "life_out": self.life_out,
        }


def could_score(state: MyStoryState) -> list[dict[str, int]]:
    """Per player, what every Achievement would have scored them at the end."""
    cards = state.card_set
    return [{aid: achievement_points(cards, state.seats, s, ach,
                                     measure(cards, state.seats[s], ach.measure))
             for aid, ach in cards.achievements.items()} for s in range(state.players)]


def occupation_yield(state: MyStoryState, turn: Turn) -> float:
    """What the current Occupation gave this turn's Planning, in resources: its Bonus and
    automatic abilities (the gain with it less the gain without it), one resource per
    choice it offered, and the icons of the cards its "+1" and Smile abilities let the
    player play (a conversion only reshapes resources, so it counts nothing)."""
    me = state.seats[turn.seat]
    occupation = me.occupation
    if occupation is None:
        return 0.0
    card = state.card(occupation)
    played = turn.played
    every = sum(planned_gain(state, turn.seat, played).values())
    cv = me.cv
    me.occupation, me.cv = None, [c for c in cv if c != occupation]
    try:
        without = sum(planned_gain(state, turn.seat, played).values())
    finally:
        me.occupation, me.cv = occupation, cv
    effects = card.ability
    choices = sum(1 for e in effects if e["kind"] == "choose")
    extra = sum(int(e["count"]) for e in effects if e["kind"] == "extra_cards")
    if any(e["kind"] == "per_icon_card" for e in effects):
        extra += turn.extra
    per_card = sum(sum(state.card(c).play.values()) for c in played) / max(1, len(played))
    return float(every - without + choices + extra * per_card)


class StoryLab(GameLab):
    def observer(self, match: Match[Any]) -> Observer:
        return StoryObserver(match)

    def figures(self, rows: Sequence[dict[str, Any]], plan: Plan, out: Figures) -> None:
        from parlour.games import get_game

        game = get_game(plan.game)
        cards: CardSet = game.card_set_for(plan.options)  # type: ignore[attr-defined]
        areas(rows, out)
        starting(rows, plan.players, cards, out)
        time_economy(rows, plan.players, out)
        margin_flag(rows, out)
        life_stories(rows, cards, out)
        projects(rows, cards, out)
        occupations(rows, cards, out)
        achievements(rows, cards, out)


LAB = StoryLab()
SECTION_TIME = "My Story: the time economy"
SECTION_CARDS = "My Story: the cards"


def winners_of(row: dict[str, Any]) -> set[int]:
    return set(row["winners"])


def win_share(row: dict[str, Any], seat: int) -> float:
    return 1 / len(row["winners"]) if seat in row["winners"] else 0.0


def areas(rows: Sequence[dict[str, Any]], out: Figures) -> None:
    table: list[Row] = []
    for area in AREAS:
        every = [float(p) for r in rows for p in r["game"]["areas"][area]]
        won = [float(r["game"]["areas"][area][w]) for r in rows for w in r["winners"]]
        table.append({"area": area.replace("_", " "), "every player": Mean.of(every),
                      "winners": Mean.of(won)})
    out.add(Table("vp-by-area", "VP by scoring area", ["area"], ["every player", "winners"],
                  table, "Mean VP per player from each line of the score sheet, and the "
                         "winners' (a shared win counts each winner).",
                  plot="bar", section="My Story: scoring"))


def starting(rows: Sequence[dict[str, Any]], players: int, cards: CardSet,
             out: Figures) -> None:
    hits: dict[str, float] = defaultdict(float)
    kept: Counter[str] = Counter()
    dealt: Counter[str] = Counter(c for r in rows for pair in r["game"]["dealt"] for c in pair)
    for r in rows:
        for seat, cid in enumerate(r["game"]["firsts"]):
            kept[cid] += 1
            hits[cid] += win_share(r, seat)
    ids = sorted(dealt, key=lambda c: (-hits[c] / kept[c] if kept[c] else 1.0, c))
    table = out.add(Table(
        "win-rate-by-starting-occupation", "Win rate by starting occupation",
        ["occupation"], ["win rate", "× fair share", "kept", "kept when dealt"],
        [{"occupation": f"{c} {cards.cards[c].name}", "win rate": Share(hits[c], kept[c]),
          "× fair share": hits[c] / kept[c] * players if kept[c] else 0.0, "kept": kept[c],
          "kept when dealt": Share(kept[c], dealt[c])} for c in ids],
        "Per seat that kept it. Each player is dealt two and keeps the one the bot values "
        "more: the bot ranks them the same way every game, so the one it ranks last is never "
        "kept, whatever its strength.", plot="bar", reference=1 / players,
        section="My Story: scoring"))
    fair_flags(table, out, players, lambda r: f"Starting as {r['occupation']}")


def streak(seats: Sequence[int]) -> int:
    """The longest run of consecutive turns by one player.

    >>> streak([0, 1, 1, 1, 0, 0])
    3
    """
    best = run = 0
    last = None
    for s in seats:
        run = run + 1 if s == last else 1
        last = s
        best = max(best, run)
    return best


def time_economy(rows: Sequence[dict[str, Any]], players: int, out: Figures) -> None:
    turns = [t for r in rows for t in r["game"]["turns"]]
    free = [t for t in turns if t[1] <= 0]
    won_most, seated_most, won_fewer, seated_fewer = 0.0, 0, 0.0, 0
    most_won = 0
    for r in rows:
        taken = Counter(t[0] for t in r["game"]["turns"])
        top = max(taken[s] for s in range(players))
        most_won += any(taken[w] == top for w in r["winners"])
        for s in range(players):
            if taken[s] == top:
                won_most, seated_most = won_most + win_share(r, s), seated_most + 1
            else:
                won_fewer, seated_fewer = won_fewer + win_share(r, s), seated_fewer + 1
    most_turns = Share(most_won, len(rows))
    free_share = Share(len(free), len(turns))
    summary: list[Row] = [
        {"measure": "turns that cost no years", "value": free_share},
        {"measure": "years a turn costs", "value": Mean.of([float(t[1]) for t in turns])},
        {"measure": "turns per game", "value": Mean.of([float(len(r["game"]["turns"]))
                                                         for r in rows])},
        {"measure": "longest run of turns by one player",
         "value": Mean.of([float(streak([t[0] for t in r["game"]["turns"]])) for r in rows])},
        {"measure": "a winner took the most turns", "value": most_turns},
        {"measure": "forced rests (share of turns)",
         "value": Share(sum(1 for t in turns if t[2] == "rest"), len(turns))},
        {"measure": "the Life Story track ran short before the end",
         "value": Share(sum(1 for r in rows if r["game"]["life_out"] is not None), len(rows))},
    ]
    out.add(Table("time-economy", "The time economy", ["measure"], ["value"], summary,
                  "A turn's cost is the years its player's marker moved during it.",
                  section=SECTION_TIME))
    if free_share.value > FREE_TURNS_LIMIT:
        lo, hi = free_share.interval()
        out.flag("time-economy", f"{free_share.value:.1%} of turns cost no years (95% "
                                 f"interval {lo:.1%}–{hi:.1%}); the line is "
                                 f"{FREE_TURNS_LIMIT:.0%}: time is not scarce.")
    kinds = Counter(t[2] for t in free)
    out.add(Table("free-turns", "What the turns that cost no years did", ["turn"],
                  ["share of all turns"],
                  [{"turn": k, "share of all turns": Share(n, len(turns))}
                   for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))],
                  "Each turn that cost its player no years, by what was done in it.",
                  plot="bar", section=SECTION_TIME))
    out.add(Table("turns-and-winning", "Turns taken and winning", ["turns taken"],
                  ["win rate"],
                  [{"turns taken": "the most (or tied)", "win rate": Share(won_most, seated_most)},
                   {"turns taken": "fewer", "win rate": Share(won_fewer, seated_fewer)}],
                  "Per player and game: the win rate of those who took the most turns, and of "
                  "the others.", plot="bar", reference=1 / players, section=SECTION_TIME))
    years = Counter(t[1] for t in turns)
    out.add(Table("years-per-turn", "Years a turn costs", ["years"], ["turns"],
                  [{"years": y, "turns": years[y]} for y in sorted(years)],
                  "How many turns cost each number of years.", plot="hist",
                  section=SECTION_TIME))
    runs = Counter(streak([t[0] for t in r["game"]["turns"]]) for r in rows)
    out.add(Table("longest-run", "Longest run of turns by one player", ["turns in a row"],
                  ["games"], [{"turns in a row": k, "games": runs[k]} for k in sorted(runs)],
                  "Per game, the most turns one player took in a row.", plot="hist",
                  section=SECTION_TIME))


def margin_flag(rows: Sequence[dict[str, Any]], out: Figures) -> None:
    margins = [sorted(r["scores"], reverse=True) for r in rows]
    median = statistics.median(m[0] - m[1] for m in margins) if margins else 0.0
    if median > MARGIN_LIMIT:
        out.flag("summary", f"The median winning margin is {median:g} VP; above "
                            f"{MARGIN_LIMIT} VP the end is rarely close.")


def card_rates(rows: Sequence[dict[str, Any]], key: str) -> dict[str, tuple[int, float, int]]:
    """Per card: the games in which someone did it, and the wins and count of those who
    did (a player counted once per game)."""
    games: Counter[str] = Counter()
    wins: dict[str, float] = defaultdict(float)
    doers: Counter[str] = Counter()
    for r in rows:
        done = {(c, s) for c, s, *_ in r["game"][key]}
        for cid in {c for c, _ in done}:
            games[cid] += 1
        for cid, seat in done:
            doers[cid] += 1
            wins[cid] += win_share(r, seat)
    return {c: (games[c], wins[c], doers[c]) for c in games}


def rate_cells(rates: dict[str, tuple[int, float, int]], cid: str, n: int, did: str,
               who: str) -> Row:
    """Two cells: the share of games in which someone ``did`` it, and ``who`` won."""
    games, wins, doers = rates.get(cid, (0, 0.0, 0))
    return {f"{did} (share of games)": Share(games, n), f"{who}' win rate": Share(wins, doers)}


def paid_units(rows: Sequence[dict[str, Any]]) -> dict[str, Mean]:
    """Per card, the resources, Stars and years paid to take it."""
    paid: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for cid, _seat, units in r["game"]["takes"]:
            paid[cid].append(float(units))
    return {c: Mean.of(v) for c, v in paid.items()}


def life_stories(rows: Sequence[dict[str, Any]], cards: CardSet, out: Figures) -> None:
    takes = card_rates(rows, "takes")
    paid = paid_units(rows)
    table: list[Row] = []
    for card in cards.of_kind("life_story"):
        cost = paid.get(card.id, Mean(0, 0.0, 0.0))
        table.append({"card": f"{card.id} {card.name}", "vp": card.vp,
                      **rate_cells(takes, card.id, len(rows), "taken", "takers"),
                      "paid to take": cost})
    out.add(Table("life-stories", "Life Stories: taken, and the win rate of their takers",
                  ["card"], ["vp", "taken (share of games)", "takers' win rate", "paid to take"],
                  table,
                  "Paid to take: resources, Stars and years, the slot's cost included.",
                  plot="bar", section=SECTION_CARDS))


def value_flags(table: Table, column: str, kind: str, unit: str, out: Figures) -> None:
    """Flag the cards whose value is above ``PEERS_LIMIT`` × the median of their kind."""
    values = [(str(r["card"]), r[column]) for r in table.rows]
    numbers = [v.value if isinstance(v, Share | Mean) else float(v)  # type: ignore[arg-type]
               for _, v in values if v is not None and (not isinstance(v, Mean) or v.n)]
    if not numbers:
        return
    median = statistics.median(numbers)
    for name, v in values:
        x = v.value if isinstance(v, Mean) else v
        if isinstance(v, Mean) and not v.n:
            continue
        if median > 0 and isinstance(x, int | float) and x > PEERS_LIMIT * median:
            out.flag(table.key, f"{kind} {name} is worth {x:.2f} {unit}, {x / median:.1f}× "
                                f"the median {kind.lower()}'s {median:.2f}: it outclasses "
                                f"its peers (the line is {PEERS_LIMIT:g}×).")


def projects(rows: Sequence[dict[str, Any]], cards: CardSet, out: Figures) -> None:
    takes, grows, paid = card_rates(rows, "takes"), card_rates(rows, "grows"), paid_units(rows)
    table: list[Row] = []
    for card in cards.of_kind("project"):
        take = paid.get(card.id, Mean(0, 0.0, 0.0))
        complete = sum(grow_cost(card).values())
        spent = (take.value if take.n else _slot_mean(cards)) + complete
        table.append({"card": f"{card.id} {card.name}", "vp": card.vp,
                      "VP per resource or year": card.vp / spent if spent else 0.0,
                      **rate_cells(takes, card.id, len(rows), "taken", "takers"),
                      **rate_cells(grows, card.id, len(rows), "completed", "completers")})
    table_ = out.add(Table(
        "projects", "Projects: what they give for what they cost", ["card"],
        ["VP per resource or year", "vp", "taken (share of games)", "takers' win rate",
         "completed (share of games)", "completers' win rate"],
        table, "VP per resource or year: the card's VP over what taking it (measured) and "
               "completing it cost; Stars and years stand in for missing resources one for one.",
        plot="bar", section=SECTION_CARDS))
    value_flags(table_, "VP per resource or year", "Project", "VP per resource or year", out)


def _slot_mean(cards: CardSet) -> float:
    return statistics.mean(sum(s.values()) for s in cards.work_slots)


def occupations(rows: Sequence[dict[str, Any]], cards: CardSet, out: Figures) -> None:
    takes, grows = card_rates(rows, "takes"), card_rates(rows, "grows")
    pools: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for occupation, size in r["game"]["pools"]:
            pools[occupation].append(float(size))
    table: list[Row] = []
    for card in cards.of_kind("occupation"):
        table.append({"card": f"{card.id} {card.name}",
                      "resources per turn": Mean.of(pools.get(card.id, [])),
                      **rate_cells(takes, card.id, len(rows), "taken", "takers"),
                      **rate_cells(grows, card.id, len(rows), "switched to", "switchers")})
    table_ = out.add(Table(
        "occupations", "Occupations: what they yield", ["card"],
        ["resources per turn", "taken (share of games)", "takers' win rate",
         "switched to (share of games)", "switchers' win rate"],
        table, "Resources per turn: what the Occupation's Bonus and abilities added to its "
               "holder's Planning, on the turns it was their current one (starting ones "
               "included; a choice counts one, each extra card played its icons).",
        plot="bar", section=SECTION_CARDS))
    value_flags(table_, "resources per turn", "Occupation",
                "resources per turn", out)


def achievements(rows: Sequence[dict[str, Any]], cards: CardSet, out: Figures) -> None:
    scored: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for held in r["game"]["achievements"]:
            for aid, vp in held.items():
                scored[aid].append(float(vp))
    could: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for seat_scores in r["game"]["could_score"]:
            for aid, vp in seat_scores.items():
                could[aid].append(float(vp))
    rates = card_rates(rows, "reunions")
    table: list[Row] = []
    for aid, ach in cards.achievements.items():
        table.append({"card": f"{aid} {ach.name}", "VP at the end": Mean.of(scored.get(aid, [])),
                      "VP for anyone": Mean.of(could.get(aid, [])),
                      **rate_cells(rates, aid, len(rows), "taken", "holders")})
    table_ = out.add(Table(
        "achievements", "Achievements: what they score", ["card"],
        ["VP at the end", "VP for anyone", "taken (share of games)", "holders' win rate"],
        table, "VP at the end: what the Achievement scored for whoever held it when the game "
               "ended. VP for anyone: what it would have scored every player at the end.",
        plot="bar", section=SECTION_CARDS))
    value_flags(table_, "VP at the end", "Achievement", "VP", out)

