// Steady-state heap allocation per message: one run of K1 fft2d transposes (alltoall with the
// transpose types) against one of K2, on RANKS ranks, V8's sampling heap profiler over each run
// (after a warm-up run), receive records off as in run fft2d. Both runs build the same ranks,
// NICs and types, so the difference in bytes over the difference in messages is what each
// further message allocates; per-rank and per-run set-up cancel out (alloc.mjs divides
// everything by the messages of one run). The sites listed are the allocating functions as V8
// compiled them (callees inlined into them count as theirs).
//   node --max-semi-space-size=64 scripts/instr/alloc-steady.mjs N RANKS STRATEGY [EAGER] [K1 K2]
// EAGER: network.eagerLimitBytes, or - for the profile's. E.g. offload forced:
// `alloc-steady.mjs 1024 256 rw-cp 0`; eager host, 4 packets per message: `alloc-steady.mjs 5120 256 host`.
import { sampleHeap } from './heap-sites.mjs'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { transposeTypes } = await import(`${tree}/apps/fft2d/dist/index.js`)
const { run } = await import(`${tree}/packages/runtime/dist/index.js`)
const [n, ranks, strategy, eager, k1 = '1', k2 = '3'] = process.argv.slice(2)
const types = transposeTypes(+n, +ranks)
const options = { ranks: +ranks, strategy, mode: 'timing', receiveRecords: false, ...(eager !== undefined && eager !== '-' ? { overrides: { 'network.eagerLimitBytes': +eager } } : {}) }
// A compute phase first, as fft2d's row FFTs: simulated times are past 2^31 ps (no longer small
// integers to V8) from the first message on, as in fft2d.
const transposes = (k) => run(options, async (comm) => {
  await comm.compute({ flops: 1e9 })
  for (let i = 0; i < k; i++) await comm.alltoall(null, 1, types.send, null, 1, types.recv)
})
const bytesOf = (k) => sampleHeap(() => transposes(k))
await transposes(1)
const a = await bytesOf(+k1)
const b = await bytesOf(+k2)
const perTranspose = +ranks * (+ranks - 1)
const messages = (+k2 - +k1) * perTranspose
console.log(`${k1} vs ${k2} transposes at P = ${ranks}: ${(a.total / 1048576).toFixed(1)} vs ${(b.total / 1048576).toFixed(1)} MiB allocated; ${((b.total - a.total) / messages).toFixed(0)} B per further message (${messages} messages)`)
// the sites whose bytes grew most with the messages (the sampling moves a site by a few B either way)
const grew = [...b.sites].map(([site, bytes]) => [site, (bytes - (a.sites.get(site) ?? 0)) / messages]).sort((x, y) => y[1] - x[1])
for (const [site, per] of grew.slice(0, Number(process.env.TOP ?? 10))) console.log(`${per.toFixed(1).padStart(8)} B/message  ${site}`)
