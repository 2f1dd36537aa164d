"""My Story's cards in the lab: every card's take and completion rates with the win rate of
those who did, and what each Project, Occupation and Achievement is worth against the
others of its kind; VP by scoring area and win rate by starting occupation."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from parlour.games.my_story.cards import CardSet
from parlour.games.my_story.payments import grow_cost
from parlour.games.my_story.scoring import AREAS
from parlour.lab.figures import Figures, Row, Table
from parlour.lab.flags import Lines, fair_flags, peer_flags, rare_flags
from parlour.lab.stats import Mean, Share

from .common import SECTION_CARDS, SECTION_SCORING, win_share


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
                  plot="bar", section=SECTION_SCORING))


def starting(rows: Sequence[dict[str, Any]], players: int, cards: CardSet, lines: Lines,
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
        "Per seat that kept it. Each player is dealt two and keeps the one their bot values "
        "more.", plot="bar", reference=1 / players, section=SECTION_SCORING))
    fair_flags(table, out, players, lines, lambda r: f"Starting as {r['occupation']}")


def done_in(row: dict[str, Any], key: str) -> set[tuple[str, int]]:
    return {(c, s) for c, s, *_ in row["game"][key]}


def chosen_occupations(row: dict[str, Any]) -> set[tuple[str, int]]:
    """The occupations each player began with or switched to."""
    return {(c, s) for s, c in enumerate(row["game"]["firsts"])} | done_in(row, "grows")


def card_rates(rows: Sequence[dict[str, Any]], key: str,
               bot: str | None = None) -> dict[str, tuple[int, float, int]]:
    """Per card: the games in which someone did it, and the wins and count of those who
    did (a player counted once per game); with ``bot``, only that bot's seats."""
    games: Counter[str] = Counter()
    wins: dict[str, float] = defaultdict(float)
    doers: Counter[str] = Counter()
    for r in rows:
        done = chosen_occupations(r) if key == "chosen" else done_in(r, key)
        done = {(c, s) for c, s in done if bot is None or r["bots"][s] == bot}
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


def life_stories(rows: Sequence[dict[str, Any]], cards: CardSet, lines: Lines,
                 out: Figures) -> None:
    takes = card_rates(rows, "takes")
    paid = paid_units(rows)
    table: list[Row] = []
    for card in cards.of_kind("life_story"):
        cost = paid.get(card.id, Mean(0, 0.0, 0.0))
        table.append({"card": f"{card.id} {card.name}", "vp": card.vp,
                      **rate_cells(takes, card.id, len(rows), "taken", "takers"),
                      "paid to take": cost})
    table_ = out.add(Table(
        "life-stories", "Life Stories: how often each is taken", ["card"],
        ["taken (share of games)", "vp", "takers' win rate", "paid to take"], table,
        "Taken: the share of games in which someone took it. Paid to take: resources, Stars "
        "and years, the slot's cost included.", plot="bar", section=SECTION_CARDS,
        plotted="taken (share of games)"))
    rare_flags(table_, "taken (share of games)", lines, lambda r: f"Life Story {r['card']}",
               out)


def projects(rows: Sequence[dict[str, Any]], cards: CardSet, lines: Lines,
             out: Figures) -> None:
    takes, grows, paid = card_rates(rows, "takes"), card_rates(rows, "grows"), paid_units(rows)
    table: list[Row] = []
    sizes: dict[str, int] = {}
    for card in cards.of_kind("project"):
        take = paid.get(card.id, Mean(0, 0.0, 0.0))
        complete = sum(grow_cost(card).values())
        spent = (take.value if take.n else _slot_mean(cards)) + complete
        name = f"{card.id} {card.name}"
        sizes[name] = take.n
        table.append({"card": name, "vp": card.vp,
                      "VP per resource or year": card.vp / spent if spent else 0.0,
                      **rate_cells(takes, card.id, len(rows), "taken", "takers"),
                      **rate_cells(grows, card.id, len(rows), "completed", "completers")})
    table_ = out.add(Table(
        "projects", "Projects: VP for what they cost", ["card"],
        ["VP per resource or year", "vp", "taken (share of games)", "takers' win rate",
         "completed (share of games)", "completers' win rate"],
        table, "VP per resource or year: the card's VP over what taking it (measured) and "
               "completing it cost; Stars and years stand in for missing resources one for one.",
        plot="bar", section=SECTION_CARDS, plotted="VP per resource or year"))
    peer_flags(table_, "VP per resource or year", "Project", "VP per resource or year", lines,
               out, sizes)
    rare_flags(table_, "taken (share of games)", lines, lambda r: f"Project {r['card']}", out)


def _slot_mean(cards: CardSet) -> float:
    return statistics.mean(sum(s.values()) for s in cards.work_slots)


def yields(rows: Sequence[dict[str, Any]]) -> dict[str, Mean]:
    """Per occupation, what it gave a Planning: the mean over its holders (a player in a
    game) of their mean per turn, so that one player's many turns count once."""
    per: dict[tuple[int, int, str], list[float]] = defaultdict(list)
    for i, r in enumerate(rows):
        for occupation, size, seat in r["game"]["pools"]:
            per[(i, seat, occupation)].append(float(size))
    out: dict[str, list[float]] = defaultdict(list)
    for (_, _, occupation), sizes in per.items():
        out[occupation].append(statistics.mean(sizes))
    return {c: Mean.of(v) for c, v in out.items()}


def occupations(rows: Sequence[dict[str, Any]], cards: CardSet, lines: Lines,
                out: Figures) -> None:
    takes, chosen = card_rates(rows, "takes"), card_rates(rows, "chosen")
    pools = yields(rows)
    table: list[Row] = []
    for card in cards.of_kind("occupation"):
        table.append({"card": f"{card.id} {card.name}",
                      "resources per turn": pools.get(card.id, Mean(0, 0.0, 0.0)),
                      **rate_cells(chosen, card.id, len(rows), "chosen or switched to",
                                   "holders"),
                      **rate_cells(takes, card.id, len(rows), "taken", "takers")})
    table_ = out.add(Table(
        "occupations", "Occupations: what they yield", ["card"],
        ["resources per turn", "chosen or switched to (share of games)", "holders' win rate",
         "taken (share of games)", "takers' win rate"],
        table, "Resources per turn: what the Occupation's Bonus and abilities added to its "
               "holder's Planning on the turns it was their current one, averaged per holder "
               "(a player in a game) and then over holders; a choice counts one, each extra "
               "card played its icons. Chosen or switched to: kept at the start, or switched "
               "to later.", plot="bar", section=SECTION_CARDS, plotted="resources per turn"))
    peer_flags(table_, "resources per turn", "Occupation", "resources per turn", lines, out)
    rare_flags(table_, "chosen or switched to (share of games)", lines,
               lambda r: f"Occupation {r['card']}", out)


def achievements(rows: Sequence[dict[str, Any]], cards: CardSet, lines: Lines,
                 out: Figures) -> None:
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
    peer_flags(table_, "VP at the end", "Achievement", "VP", lines, out)


def by_bot(rows: Sequence[dict[str, Any]], cards: CardSet, out: Figures) -> None:
    """With several bots in a run: how often each bot's players chose each occupation and
    took each Life Story, and how they fared, so that a finding can be told apart from one
    bot's habits."""
    bots = sorted({b for r in rows for b in r["bots"]})
    if len(bots) < 2:
        return
    for key, kind, did, name in (("chosen", "occupation", "chosen or switched to",
                                  "occupations"),
                                 ("takes", "life_story", "taken", "life-stories")):
        table: list[Row] = []
        for bot in bots:
            sat = sum(1 for r in rows if bot in r["bots"])
            rates = card_rates(rows, key, bot)
            table += [{"card": f"{c.id} {c.name}", "bot": bot,
                       **rate_cells(rates, c.id, sat, did, "players")}
                      for c in cards.of_kind(kind)]
        title = f"{name.replace('-', ' ').capitalize()} {did}, by bot"
        out.add(Table(f"{name}-by-bot", title, ["card", "bot"],
                      [f"{did} (share of games)", "players' win rate"], table,
                      "Over the games in which the bot sat: how often one of its players did "
                      "it, and how those players fared.", section=SECTION_CARDS))
