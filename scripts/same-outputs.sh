#!/usr/bin/env bash
# Writes the simulated outputs of a fixed set of commands into OUTDIR, one file per command, so
# two trees can be compared byte for byte (`cmp`/`diff -r`) after a speed change: a change that
# only makes spinmpi faster must leave every simulated time, count and byte unchanged.
#   scripts/same-outputs.sh OUTDIR [CLI]   (CLI defaults to this tree's apps/cli/bin/spinmpi.js)
# Clock fields (wall/CPU time of the simulator itself) are not among the outputs.
set -uo pipefail
out=${1:?usage: same-outputs.sh OUTDIR [CLI]}
out=$(mkdir -p "$out" && cd "$out" && pwd)
cli=$(realpath "${2:-$(dirname "$0")/../apps/cli/bin/spinmpi.js}")
# The example paths below are relative to the tree that owns the CLI.
cd "$(dirname "$cli")/../../.."
fails=0
run() { # name, args...
  local name=$1; shift
  if ! node "$cli" "$@" > "$out/$name.out" 2> "$out/$name.err"; then
    echo "exit $? : $name" >> "$out/$name.out"
  fi
}
for f in fig8 fig12 fig13 fig14 fig15 fig16 fig17 fig18 fig19 sender; do run "bench-$f" bench "$f" --quick --json --jobs 1; done
strategies="host iovec specialized hpu-local ro-cp rw-cp auto"
for s in $strategies; do
  run "fft-t-$s-p16" run fft2d --timing --n 256 --ranks 16 --strategy "$s" --json
  run "fft-t-$s-p64-rdv" run fft2d --timing --n 1024 --ranks 64 --strategy "$s" --set network.eagerLimitBytes=0 --json
  run "fft-d-$s-p8" run fft2d --n 128 --ranks 8 --strategy "$s" --json
  run "fft-d-$s-p8-reorder" run fft2d --n 128 --ranks 8 --strategy "$s" --reorder 8 --set network.eagerLimitBytes=0 --json
done
for s in host stream outbound; do run "fft-send-$s" run fft2d --n 128 --ranks 8 --send "$s" --strategy rw-cp --json; done
run milc run milc --ranks 4 --lattice 8x4x4x4 --strategy auto --json
run milc-rwcp run milc --ranks 4 --lattice 8x4x4x4 --strategy rw-cp --json
run ddtbench run ddtbench --strategy all --json
run hello run examples/programs/hello.ts --ranks 4 --json -- 2
run hello-faults run examples/programs/hello.ts --ranks 4 --faults loss=0.1,dup=0.1 --fault-seed 2 --json -- 2
run unpack-faults unpack --type examples/types/vector-64.json --strategy rw-cp --faults loss=1%,nicmem=64KiB --fault-seed 7 --json
run compare compare --type examples/types/milc-su3.json --count 64 --json
run compare-faults compare --type examples/types/milc-su3.json --count 64 --faults loss=0.01,dup=0.005,nicmem=64KiB --fault-seed 7 --json
run goal-pingpong goal run examples/goal/pingpong.goal --json
echo "wrote $(ls "$out" | grep -c '\.out$') outputs to $out"
