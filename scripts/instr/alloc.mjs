// Heap allocation per message of a timing-mode fft2d run, by allocating function: V8's sampling
// heap profiler (every 256 B, objects the collector took included) over one run, after a smaller
// warm-up run (compilation, pools).
//   node --max-semi-space-size=64 scripts/instr/alloc.mjs N RANKS STRATEGY [EAGER]   (TREE, TOP)
// EAGER sets network.eagerLimitBytes (0: every message rendezvous). E.g. the eager host path at
// P = 512: `alloc.mjs 2560 512 host`; offload forced at P = 256: `alloc.mjs 1024 256 rw-cp 0`.
import { sampleHeap } from './heap-sites.mjs'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { runFft2d } = await import(`${tree}/apps/fft2d/dist/index.js`)
const [n, ranks, strategy, eager] = process.argv.slice(2)
const opts = { n: +n, ranks: +ranks, strategy, mode: 'timing', ...(eager !== undefined ? { overrides: { 'network.eagerLimitBytes': +eager } } : {}) }
await runFft2d({ ...opts, n: Math.max(+ranks, 64) })
const { total, sites: bySite, result } = await sampleHeap(() => runFft2d(opts))
const messages = result.messages
console.log(`${messages} messages, ${(total / 1048576).toFixed(1)} MiB allocated: ${(total / messages).toFixed(0)} B per message`)
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20))) {
  console.log(`${(bytes / messages).toFixed(1).padStart(8)} B/message  ${site}`)
}
