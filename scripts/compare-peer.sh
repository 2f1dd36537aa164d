#!/usr/bin/env bash
# usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [parlour load options...]
# Runs the boardgame.io peer (PEER_DIR/run.sh) and `parlour load` one after the other at
# each number of rooms, waiting (up to 120 s) for the 1-minute load average to fall below
# 2.5 before each run, and prints one JSON line per run, tagged with its side.
set -euo pipefail
PEER=${1:?usage: scripts/compare-peer.sh PEER_DIR SECONDS "ROOMS..." [options]}
SECONDS_EACH=${2:?}
ROOMS=${3:?}
shift 3
HERE=$(cd "$(dirname "$0")/.." && pwd)
calm() {
  for _ in $(seq 1 24); do
    awk '{exit !($1 < 2.5)}' /proc/loadavg && return
    sleep 5
  done
}
for m in $ROOMS; do
  calm
  line=$("$PEER/run.sh" "$m" "$SECONDS_EACH" 2>/dev/null | tail -1)
  echo "{\"side\": \"boardgame.io\", \"load_average\": $(cut -d' ' -f1 /proc/loadavg), \"peer\": $line}"
  calm
  line=$("$HERE/.venv/bin/parlour" load --rooms "$m" --seconds "$SECONDS_EACH" --json "$@" 2>/dev/null | tail -1)
  echo "{\"side\": \"parlour\", \"parlour\": $line}"
done
