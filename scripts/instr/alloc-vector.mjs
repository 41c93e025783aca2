// Steady-state heap allocation per message, as alloc-steady.mjs, for an alltoall of a strided
// vector (vector(BLOCKS, 1, 2, FLOAT64): a layout the specialized strategy serves, where fft2d's
// transpose type is general and falls back to host), offload forced (every message rendezvous).
// Two transposes against six, after a warm-up run.
//   node --max-semi-space-size=64 scripts/instr/alloc-vector.mjs RANKS STRATEGY [BLOCKS]
import { sampleHeap } from './heap-sites.mjs'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { run } = await import(`${tree}/packages/runtime/dist/index.js`)
const { vector, FLOAT64 } = await import(`${tree}/packages/ddt/dist/index.js`)
const [ranks, strategy, blocks = '400'] = process.argv.slice(2)
const type = vector(+blocks, 1, 2, FLOAT64).commit()
const options = { ranks: +ranks, strategy, mode: 'timing', receiveRecords: false, overrides: { 'network.eagerLimitBytes': 0 } }
const exchanges = (k) => run(options, async (comm) => {
  await comm.compute({ flops: 1e9 })
  for (let i = 0; i < k; i++) await comm.alltoall(null, 1, type, null, 1, type)
})
await exchanges(1)
const a = await sampleHeap(() => exchanges(2))
const b = await sampleHeap(() => exchanges(6))
const messages = 4 * +ranks * (+ranks - 1)
console.log(`2 vs 6 alltoalls of vector(${blocks}, 1, 2, FLOAT64) at P = ${ranks}, ${strategy}: ${((b.total - a.total) / messages).toFixed(0)} B per further message (${messages} messages)`)
