#!/usr/bin/env bash
# Instructions per JavaScript function (self, optimized and baseline code apart), counted by
# valgrind's callgrind over one run of a count.sh driver, with V8's perf map naming the code:
#   scripts/instr/functions.sh [--top N] DRIVER ARGS...   e.g. functions.sh vector.mjs 16 timing 6
# "native" rows are Node and V8 themselves (start-up, compiler, collector, builtins without a name).
set -euo pipefail
top=40
if [ "${1:-}" = --top ]; then top=$2; shift 2; fi
here=$(realpath "$(dirname "$0")")
driver=${1:?usage: functions.sh [--top N] DRIVER ARGS...}; shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --perf-basic-prof writes /tmp/perf-PID.map; the run's pid is valgrind's own (it execs in place).
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$tmp/out" \
  node --single-threaded --max-semi-space-size=64 --perf-basic-prof "$here/$driver" "$@" > "$tmp/log" 2>&1 &
pid=$!
wait $pid || { cat "$tmp/log" >&2; exit 1; }
map=/tmp/perf-$pid.map
node "$here/functions.mjs" "$tmp/out" "$map" "$top"
rm -f "$map"
