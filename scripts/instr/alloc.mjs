// Heap allocation per message of a timing-mode fft2d run, by allocating function: V8's sampling
// heap profiler (every 256 B, objects the collector took included) over one run, after a smaller
// warm-up run (compilation, pools).
//   node --max-semi-space-size=64 scripts/instr/alloc.mjs N RANKS STRATEGY [EAGER]   (TREE, TOP)
// EAGER sets network.eagerLimitBytes (0: every message rendezvous). E.g. the eager host path at
// P = 512: `alloc.mjs 2560 512 host`; offload forced at P = 256: `alloc.mjs 1024 256 rw-cp 0`.
import inspector from 'node:inspector/promises'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { runFft2d } = await import(`${tree}/apps/fft2d/dist/index.js`)
const [n, ranks, strategy, eager] = process.argv.slice(2)
const opts = { n: +n, ranks: +ranks, strategy, mode: 'timing', ...(eager !== undefined ? { overrides: { 'network.eagerLimitBytes': +eager } } : {}) }
await runFft2d({ ...opts, n: Math.max(+ranks, 64) })
const session = new inspector.Session()
session.connect()
await session.post('HeapProfiler.enable')
await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
const result = await runFft2d(opts)
const { profile } = await session.post('HeapProfiler.stopSampling')
const bySite = new Map()
let total = 0
const walk = (node) => {
  const f = node.callFrame
  const site = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`
  total += node.selfSize
  bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
  for (const c of node.children) walk(c)
}
walk(profile.head)
const messages = result.messages
console.log(`${messages} messages, ${(total / 1048576).toFixed(1)} MiB allocated: ${(total / messages).toFixed(0)} B per message`)
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20))) {
  console.log(`${(bytes / messages).toFixed(1).padStart(8)} B/message  ${site}`)
}
