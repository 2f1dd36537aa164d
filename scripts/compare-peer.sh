#!/usr/bin/env bash
# usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [parlour load options...]
# Runs `parlour load` and the boardgame.io peer (PEER_DIR/run.sh) in turn (ours, peer,
# ours, peer: ROUNDS rounds, 2 by default) at each number of rooms. Before each run it
# waits, up to CALM_WAIT seconds (120), for the 1-minute load average to fall below
# CALM_LOAD (2.5). Prints one JSON line per run, tagged with its side and round, with the
# load average at its start (`uptime`'s first figure). With AGAIN=1 each round also runs
# ours with `--again` (each table plays its next game in the same room).
set -euo pipefail
PEER=${1:?usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [options]}
SECONDS_EACH=${2:?}
ROOMS=${3:?}
shift 3
ROUNDS=${ROUNDS:-2}
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
    line=$("$HERE/.venv/bin/parlour" load --rooms "$m" --seconds "$SECONDS_EACH" --json "$@" 2>/dev/null | tail -1)
    echo "{\"side\": \"parlour\", \"round\": $round, \"load_average\": $at, \"parlour\": $line}"
    if [ "${AGAIN:-0}" = 1 ]; then
      calm
      at=$(load_now)
      line=$("$HERE/.venv/bin/parlour" load --rooms "$m" --seconds "$SECONDS_EACH" --json --again "$@" 2>/dev/null | tail -1)
      echo "{\"side\": \"parlour --again\", \"round\": $round, \"load_average\": $at, \"parlour\": $line}"
    fi
    calm
    at=$(load_now)
    line=$("$PEER/run.sh" "$m" "$SECONDS_EACH" 2>/dev/null | tail -1)
    echo "{\"side\": \"boardgame.io\", \"round\": $round, \"load_average\": $at, \"peer\": $line}"
  done
done
