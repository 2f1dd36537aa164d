"""``parlour load``: keep M rooms of Love Me Not playing over real websockets, and measure.

The load is the one of the boardgame.io peer's harness, so that the two compare:

- one single-match game per room; two clients per room, each on its own websocket,
  that move as soon as their own snapshot offers them a move (a closed loop);
- when both clients have seen the game end, the game is checked (the scores recomputed
  from the two players' own final views) and a new room is opened, joined and started,
  which is part of the load; the clients keep their websockets and move them to the
  new room (``hello`` naming it), as the peer's move theirs to the new match
  (``turnover``: ``new-sockets`` connects anew for each room instead, ``again`` plays
  the next game in the same room);
- a move's latency runs from sending it to the first snapshot that shows the mover
  the card it kept; only moves completed inside the measured window count, and the
  window starts once the first M rooms are playing;
- each client asks for patches (docs/protocol.md), as the browser does, and applies
  them to the snapshot it has.

Server CPU and memory come from ``/proc`` of the server processes.

The parts: ``spec`` (what to run), ``clients`` and ``checks`` (the players and what they
check), ``generator`` (one process's tables), ``measure`` (readings and figures), ``run``
(one test from start to end).
"""

from .run import run_load
from .spec import LoadError, LoadSpec

__all__ = ["LoadError", "LoadSpec", "run_load"]
