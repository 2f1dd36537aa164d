#!/usr/bin/env bash
# usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [parlour load options...]
# Runs `parlour load` and the boardgame.io peer (PEER_DIR/run.sh) in turn (ours, peer,
# ours, peer: ROUNDS rounds, 2 by default) at each number of rooms. Before each run it
# waits, up to CALM_WAIT seconds (120), for the 1-minute load average to fall below
# CALM_LOAD (2.5). Prints one JSON line per run, tagged with its side and round, with the
# load average at its start (`uptime`'s first figure). TURNOVERS lists the ways ours goes
# on to a table's next game, each run in every round ("new-room" by default, the peer's
# harness's; add "new-sockets" and "again": see `parlour load --help`). SYNCS lists the
# servers' `--sync` modes, each run with every turnover ("full" by default; "full normal"
# shows what syncing each commit to disk costs).
set -euo pipefail
PEER=${1:?usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [options]}
SECONDS_EACH=${2:?}
ROOMS=${3:?}
shift 3
ROUNDS=${ROUNDS:-2}
TURNOVERS=${TURNOVERS:-new-room}
SYNCS=${SYNCS:-full}
CALM_LOAD=${CALM_LOAD:-2.5}
CALM_WAIT=${CALM_WAIT:-120}
HERE=$(cd "$(dirname "$0")/.." && pwd)
calm() {
  for _ in $(seq 1 $((CALM_WAIT / 5))); do
    awk -v most="$CALM_LOAD" '{exit !($1 < most)}' /proc/loadavg && return
    sleep 5
  done
}
load_now() { cut -d' ' -f1 /proc/loadavg; }
for m in $ROOMS; do
  for round in $(seq 1 "$ROUNDS"); do
    calm
    at=$(load_now)
    first=1
    for turnover in $TURNOVERS; do
      for sync in $SYNCS; do
        [ "$first" = 1 ] || { calm; at=$(load_now); }
        first=0
        line=$("$HERE/.venv/bin/parlour" load --rooms "$m" --seconds "$SECONDS_EACH" --json --turnover "$turnover" --sync "$sync" "$@" 2>/dev/null | tail -1)
        side="parlour $turnover"
        [ "$sync" = full ] || side="$side, sync $sync"
        echo "{\"side\": \"$side\", \"round\": $round, \"load_average\": $at, \"parlour\": $line}"
      done
    done
    calm
    at=$(load_now)
    line=$("$PEER/run.sh" "$m" "$SECONDS_EACH" 2>/dev/null | tail -1)
    echo "{\"side\": \"boardgame.io\", \"round\": $round, \"load_average\": $at, \"peer\": $line}"
  done
done
