#!/usr/bin/env bash
# Instructions per source line of one optimized JavaScript function, counted by valgrind's
# callgrind over one run of a count.sh driver (see lines.mjs):
#   scripts/instr/lines.sh FUNCTION SCRIPT DRIVER ARGS...
# e.g. lines.sh bookRuns packages/nic/dist/host-link/booking-runs.js vector.mjs 16 timing 6
# SCRIPT is the built .js file that holds FUNCTION. ANNOTATED=FILE also writes every instruction
# with its count and line.
set -euo pipefail
fn=${1:?usage: lines.sh FUNCTION SCRIPT DRIVER ARGS...}
script=$(realpath "${2:?usage: lines.sh FUNCTION SCRIPT DRIVER ARGS...}")
driver=${3:?usage: lines.sh FUNCTION SCRIPT DRIVER ARGS...}
shift 3
here=$(realpath "$(dirname "$0")")
# as count.sh: single-threaded, a fixed collection schedule and fixed seeds
NODE_FLAGS="--single-threaded --max-semi-space-size=64 --predictable-gc-schedule --no-incremental-marking --random-seed=1 --hash-seed=1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$tmp/out" \
  node $NODE_FLAGS --print-opt-code --print-opt-code-filter="$fn" --code-comments "$here/$driver" "$@" > "$tmp/listing" 2> "$tmp/log" ||
  { cat "$tmp/log" >&2; exit 1; }
node "$here/lines.mjs" "$tmp/out" "$tmp/listing" "$fn" "$script" ${ANNOTATED:+"$ANNOTATED"}
