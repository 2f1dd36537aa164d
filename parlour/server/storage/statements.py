"""The statements both stores run, written once: each change of a room (its first
statement the compare-and-set of ``versions.py``), the reads, and the quotas' buckets.

They are written with SQLite's ``?`` placeholders; PostgreSQL's driver numbers them
(:func:`numbered`). A store differs from the other only where its database does better
(PostgreSQL stores a move in one statement, ``postgres.py``).

A quota is a token bucket kept in the database (``quotas``), taken by one upsert
(:data:`TAKE`): the database refills the bucket, checks it and takes the token in the
same statement, so however many requests race (in one process or in several sharing the
database), no more than the bucket holds get through. Counting rows and then inserting
one would let every request of a burst read the same count first.

>>> numbered("UPDATE rooms SET timer=? WHERE code=? AND version=?")
'UPDATE rooms SET timer=$1 WHERE code=$2 AND version=$3'
"""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import dataclass
from typing import Any

from .changes import Change, Moved, NewRoom, NextGame, SetUp, StoredRoom

Statement = tuple[str, tuple[Any, ...]]


@dataclass(frozen=True)
class Steps:
    """How one change is stored: ``guard`` must change exactly one row (the compare-and-set
    on the room's version, or a new room's code that is not taken); only then does
    ``then`` run."""

    guard: Statement
    then: tuple[Statement, ...] = ()


NEW_ROOM = (
    "INSERT INTO rooms (code, created_at, updated_at, creator, host_hash, game, options,"
    " seats, timer, status, seed, result, version) VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL,0)"
    " ON CONFLICT (code) DO NOTHING"
)
SET_UP = (
    "UPDATE rooms SET game=?, options=?, seats=?, timer=?, status=?, seed=?, pace=?,"
    " host_hash=COALESCE(?, host_hash), updated_at=?, version=? WHERE code=? AND version=?"
)
MOVED = "UPDATE rooms SET updated_at=?, version=? WHERE code=? AND version=?"
ENDED = ("UPDATE rooms SET updated_at=?, version=?, status='over', result=?"
         " WHERE code=? AND version=?")
ACTION = ("INSERT INTO actions (room, idx, seat, action, bot, created_at, key)"
          " VALUES (?,?,?,?,?,?,?)")
NEXT_GAME = ("UPDATE rooms SET status=?, seed=?, result=NULL, updated_at=?, version=?"
             " WHERE code=? AND version=?")
PAST_GAME = ("INSERT INTO past_games (room, number, record, result, names, created_at)"
             " VALUES (?,?,?,?,?,?)")
FORGET_ACTIONS = "DELETE FROM actions WHERE room=?"


def steps(change: Change, now: float) -> Steps:
    """The statements that store ``change`` at time ``now``."""
    if isinstance(change, NewRoom):
        r = change.room
        return Steps((NEW_ROOM, (r.code, r.created_at, now, r.creator, r.host_hash, r.game,
                                 json.dumps(r.options), json.dumps(r.seats), r.timer,
                                 r.status, seed_text(r.seed))))
    cas = (change.code, change.version)
    if isinstance(change, SetUp):
        return Steps((SET_UP, (change.game, json.dumps(change.options),
                               json.dumps(change.seats), change.timer, change.status,
                               seed_text(change.seed), change.pace, change.host_hash, now,
                               change.version + 1, *cas)))
    if isinstance(change, NextGame):
        return Steps((NEXT_GAME, (change.status, seed_text(change.seed), now,
                                  change.version + 1, *cas)), (
            (PAST_GAME, (change.code, change.number, json.dumps(change.record),
                         json.dumps(change.result) if change.result else None,
                         json.dumps(change.names), now)),
            (FORGET_ACTIONS, (change.code,)),
        ))
    return moved(change, now)


def moved(change: Moved, now: float) -> Steps:
    """A move: the room's version (and its result, if the move ended the game), then the
    action."""
    cas = (change.code, change.version)
    guard: Statement
    if change.result is None:
        guard = (MOVED, (now, change.version + 1, *cas))
    else:
        guard = (ENDED, (now, change.version + 1, json.dumps(change.result), *cas))
    return Steps(guard, ((ACTION, (change.code, change.idx, change.seat,
                                   json.dumps(change.action), change.bot, now, change.key)),))


def seed_text(seed: int | None) -> str | None:
    """How a seed is stored: its decimal digits (128 bits do not fit in BIGINT).

    >>> seed_text(2**128 - 1)
    '340282366920938463463374607431768211455'
    """
    return None if seed is None else str(seed)


# -- reading --------------------------------------------------------------------------------
ROOM = ("SELECT code, created_at, creator, host_hash, game, options, seats, timer, status,"
        " seed, result, version, pace FROM rooms WHERE code=?")
ACTIONS = "SELECT seat, action, bot, key FROM actions WHERE room=? ORDER BY idx"
PAST_RESULTS = "SELECT result FROM past_games WHERE room=? ORDER BY number"
PAST = "SELECT number, record, result, names FROM past_games WHERE room=? AND number=?"


def stored_room(row: Any, acts: list[Any], past: list[Any]) -> StoredRoom:
    """A ``StoredRoom`` from its :data:`ROOM` row, its :data:`ACTIONS` rows and its
    :data:`PAST_RESULTS` rows."""
    loads = json.loads
    return StoredRoom(
        code=row[0], created_at=row[1], creator=row[2], host_hash=row[3], game=row[4],
        options=loads(row[5]), seats=loads(row[6]), timer=row[7], status=row[8],
        seed=None if row[9] is None else int(row[9]),
        result=loads(row[10]) if row[10] else None, version=row[11],
        actions=[{"seat": a[0], "action": loads(a[1]), "bot": bool(a[2]), "key": a[3]}
                 for a in acts],
        past_winners=[loads(p[0])["winners"] if p[0] else [] for p in past],
        pace=row[12],
    )


def past_game(row: Any) -> dict[str, Any]:
    """A past game from its :data:`PAST` row."""
    return {"number": row[0], "record": json.loads(row[1]),
            "result": json.loads(row[2]) if row[2] else None, "names": json.loads(row[3])}


# -- quotas ---------------------------------------------------------------------------------
REFILLED = ("CASE WHEN quotas.tokens + (? - quotas.at) * ? > ? THEN ?"  # CASE, not min/least:
            " ELSE quotas.tokens + (? - quotas.at) * ? END")  # the same SQL in both
TAKE = ("INSERT INTO quotas (key, tokens, at) VALUES (?,?,?) ON CONFLICT (key) DO UPDATE"
        f" SET tokens = {REFILLED} - 1, at = ? WHERE {REFILLED} >= 1 RETURNING tokens")
"""Take a token from a bucket: a row if one was taken, none if the bucket was empty."""
BUSY = "the database is busy: nothing was made, please try again in a moment"


def take_args(key: str, rate: float, burst: int, now: float) -> tuple[Any, ...]:
    """:data:`TAKE`'s arguments: a bucket of ``burst`` tokens, refilled at ``rate`` a second."""
    cap = float(burst)
    refilled = (now, rate, cap, cap, now, rate)
    return (key, cap - 1, now, *refilled, now, *refilled)


@functools.lru_cache(maxsize=64)
def numbered(sql: str) -> str:
    """``sql`` with PostgreSQL's numbered placeholders instead of ``?``."""
    count = itertools.count(1)
    return "".join(f"${next(count)}" if c == "?" else c for c in sql)
