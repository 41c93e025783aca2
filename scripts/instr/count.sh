#!/usr/bin/env bash
# Instructions (and simulated cache misses) per unit of work, counted by valgrind's cachegrind:
# the same on a VM whose speed changes from one minute to the next, where wall and CPU time of
# two trees cannot be compared below about 2x. A driver runs its work REPS times (its last
# argument); the count is taken at two REPS and the difference divided by the units of work in
# between, so start-up, module loading and the first runs' compilation cancel out.
#   scripts/instr/count.sh WORK [TREE]
# WORK: packet | packet-data | block16 | loop | eager | eager256 | forced | forced400 | goal (see below); TREE defaults to this
# repository. Prints one line: instructions, D1 and LL data-cache misses per unit.
# Valgrind runs the code about 150x slower than native.
# The async drivers (eager, eager256, forced, forced400, loop) do not always repeat: in session 22
# one tree's `forced` gave 100,972 to 131,315 per message in six processes (with and without
# --no-memory-reducer), while packet, packet-data and block16 repeated. Count those several times.
set -euo pipefail
work=${1:?usage: count.sh WORK [TREE]}
tree=$(realpath "${2:-$(dirname "$0")/../..}")
here=$(realpath "$(dirname "$0")")
case $work in
  # sim-speed's copy-handler put of 4 MiB (2,048 packets of 2 KiB), timing or data mode: per packet
  packet) args="put.mjs 4 timing"; r1=20; r2=60; units=$((40 * 2048)) ;;
  packet-data) args="put.mjs 4 data"; r1=20; r2=60; units=$((40 * 2048)) ;;
  # sim-speed's vector handler, 16 B blocks (the offloaded receive's per-block path): per block
  block16) args="vector.mjs 16 timing"; r1=4; r2=12; units=$((8 * 262144)) ;;
  # two ranks, sendrecv of 128 B in a loop (the user-facing API): per message
  loop) args="loop.mjs"; r1=5000; r2=15000; units=$((10000 * 2)) ;;
  # fft2d P = 64, n = 640 (1,600 B tiles, eager, host unpack): per message
  eager) args="fft2d.mjs 640 64 host -"; r1=2; r2=4; units=$((2 * 8064)) ;;
  # fft2d P = 256, n = 5120 (6,400 B tiles, 4 packets, eager, host unpack), one run against two:
  # per message. P = 64's windows still hold compilation (per-rank set-up reaches V8's thresholds
  # late): `eager` moved by up to 18% between counts of one tree; this one is the steadier measure
  eager256) args="fft2d.mjs 5120 256 host -"; r1=1; r2=2; units=130560 ;;
  # fft2d P = 64, n = 256, offload forced (rendezvous, RW-CP, 16 blocks per message): per message
  forced) args="fft2d.mjs 256 64 rw-cp 0"; r1=2; r2=4; units=$((2 * 8064)) ;;
  # the same with n = 1280: 20 x 20 tiles, 400 blocks per message as at the issue's P = 1,024,
  # n = 20,480 (the per-block path's share of a message as there): per message
  forced400) args="fft2d.mjs 1280 64 rw-cp 0"; r1=1; r2=3; units=$((2 * 8064)) ;;
  # fig19's model at P = 256 (393,472 GOAL operations): per operation
  goal) args="fig19-model.mjs 256"; r1=1; r2=3; units=$((2 * 393472)) ;;
  *) echo "count.sh: unknown WORK '$work' (packet, packet-data, block16, loop, eager, eager256, forced, forced400, goal)" >&2; exit 2 ;;
esac
# Single-threaded (no concurrent compiler or collector), collections on a fixed schedule and fixed
# seeds: counts of one tree then repeat to about 0.01% (without the last three, runs of one tree
# on a loaded machine differed by up to 25%: the collector's timing moved with the load).
NODE_FLAGS="--single-threaded --max-semi-space-size=64 --predictable-gc-schedule --no-incremental-marking --random-seed=1 --hash-seed=1"
measure() {
  # shellcheck disable=SC2086
  TREE=$tree valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null \
    node $NODE_FLAGS "$here"/$args "$1" 2>&1 |
    awk '/ I +refs/ {gsub(",", "", $4); i = $4} /D1 +misses/ {gsub(",", "", $4); d = $4} /LLd misses/ {gsub(",", "", $4); l = $4} END {print i, d, l}'
}
read -r i1 d1 l1 < <(measure $r1)
read -r i2 d2 l2 < <(measure $r2)
awk -v w="$work" -v i1="$i1" -v i2="$i2" -v d1="$d1" -v d2="$d2" -v l1="$l1" -v l2="$l2" -v u="$units" \
  'BEGIN { printf "%s: %.0f instructions, %.1f D1 misses, %.2f LL misses per unit\n", w, (i2 - i1) / u, (d2 - d1) / u, (l2 - l1) / u }'
