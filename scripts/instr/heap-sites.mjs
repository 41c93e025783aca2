// V8's sampling heap profiler (every 256 B, objects the collectors took included) around one
// async run, as bytes allocated in all and by allocating function (site: name, file, line).
// Shared by alloc.mjs and alloc-steady.mjs.
import inspector from 'node:inspector/promises'

const session = new inspector.Session()
session.connect()
await session.post('HeapProfiler.enable')

/** Runs `work` under the sampler: { total, sites: Map(site -> bytes), result }. */
export async function sampleHeap(work) {
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
  const result = await work()
  const { profile } = await session.post('HeapProfiler.stopSampling')
  const sites = new Map()
  let total = 0
  const walk = (node) => {
    const f = node.callFrame
    const site = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`
    total += node.selfSize
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize)
    for (const c of node.children) walk(c)
  }
  walk(profile.head)
  return { total, sites, result }
}
