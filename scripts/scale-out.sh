#!/usr/bin/env bash
# usage: scripts/scale-out.sh SECONDS ROOMS "SETUPS..." [parlour load options...]
# Runs `parlour load` on PostgreSQL + Redis once for each set-up in SETUPS, in turn, ROUNDS
# times (3 by default): ours at 1 process, at 2, at 1, at 2... so that every set-up meets
# the same machine. A set-up is a number of processes and how they are reached:
#   1        one process facing the clients
#   1p       one process behind HAProxy (deploy/haproxy.cfg)
#   2p, 4p   two (four) processes behind HAProxy, which routes each room by its code
#   2k       two processes on one port (SO_REUSEPORT: the kernel spreads connections)
# Before each run it waits, up to CALM_WAIT seconds (1800), for the 1-minute load average
# to fall below CALM_LOAD (1.5), and gives up the series if it does not. Prints one JSON
# line per run (every run, never just the best), tagged with its set-up, its round and
# the load average at its start. docs/performance.md ("Issue 27") has a series.
set -euo pipefail
SECONDS_EACH=${1:?usage: scripts/scale-out.sh SECONDS ROOMS "SETUPS..." [options]}
ROOMS=${2:?}
SETUPS=${3:?}
shift 3
ROUNDS=${ROUNDS:-3}
CALM_LOAD=${CALM_LOAD:-1.5}
CALM_WAIT=${CALM_WAIT:-1800}
HERE=$(cd "$(dirname "$0")/.." && pwd)
calm() {
  for _ in $(seq 1 $((CALM_WAIT / 5))); do
    awk -v most="$CALM_LOAD" '{exit !($1 < most)}' /proc/loadavg && return
    sleep 5
  done
  echo "the load average stayed at $(cut -d' ' -f1 /proc/loadavg) or more: stopping" >&2
  exit 1
}
for round in $(seq 1 "$ROUNDS"); do
  for setup in $SETUPS; do
    processes=${setup%[pk]}
    case $setup in
      *p) spread=(--spread proxy) ;;
      *k) spread=(--spread kernel) ;;
      *) spread=() ;;
    esac
    calm
    at=$(cut -d' ' -f1 /proc/loadavg)
    line=$("$HERE/.venv/bin/parlour" load --rooms "$ROOMS" --seconds "$SECONDS_EACH" --json \
      --store postgres --processes "$processes" "${spread[@]}" "$@" 2>/dev/null | tail -1)
    echo "{\"setup\": \"$setup\", \"round\": $round, \"load_average\": $at, \"figures\": $line}"
  done
done
