#!/usr/bin/env bash
# Instructions per JavaScript function (self, optimized and baseline code apart), counted by
# valgrind's callgrind over one run of a count.sh driver, with V8's perf map naming the code:
#   scripts/instr/functions.sh [--top N] DRIVER ARGS...   e.g. functions.sh vector.mjs 16 timing 6
# "native" rows are Node and V8 themselves (start-up, compiler, collector, builtins without a name);
# with NATIVE=1 they are split by native function.
set -euo pipefail
top=40
if [ "${1:-}" = --top ]; then top=$2; shift 2; fi
here=$(realpath "$(dirname "$0")")
driver=${1:?usage: functions.sh [--top N] DRIVER ARGS...}; shift
# as count.sh: single-threaded, a fixed collection schedule and fixed seeds
NODE_FLAGS="--single-threaded --max-semi-space-size=64 --predictable-gc-schedule --no-incremental-marking --random-seed=1 --hash-seed=1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --perf-basic-prof writes /tmp/perf-PID.map, PID the process valgrind names in its log (==PID==).
# The map is hard-linked into $tmp as soon as it appears, so that another job clearing
# /tmp/perf-*.map meanwhile cannot take it away.
# (run from $tmp: V8 writes an isolate-*-v8.log into the working directory; no code-space
# compaction: the perf map does not follow code the collector moves)
(cd "$tmp" && valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$tmp/out" \
  node $NODE_FLAGS --perf-basic-prof --no-compact-code-space "$here/$driver" "$@" > "$tmp/log" 2>&1) &
job=$!
pid=
while kill -0 $job 2> /dev/null && [ ! -e "$tmp/map" ]; do
  [ -z "$pid" ] && [ -e "$tmp/log" ] && pid=$(sed -n 's/^==\([0-9]*\)==.*/\1/p' "$tmp/log" | head -1)
  [ -n "$pid" ] && [ -e "/tmp/perf-$pid.map" ] && ln "/tmp/perf-$pid.map" "$tmp/map"
  sleep 0.2
done
wait $job || { cat "$tmp/log" >&2; exit 1; }
[ -e "$tmp/map" ] || { echo "functions.sh: no perf map for process ${pid:-?}" >&2; exit 1; }
rm -f "/tmp/perf-$pid.map"
map=$tmp/map
node "$here/functions.mjs" "$tmp/out" "$map" "$top"
