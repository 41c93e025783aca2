// Heap allocation per packet of sim-speed's put (4 MiB through the copy handler on 16 HPUs):
// one put of MiB1 against one of MiB2 (each after a warm-up run), V8's sampling heap profiler
// over each run (cluster built inside both, so set-up cancels in the difference).
//   node --max-semi-space-size=64 scripts/instr/alloc-put.mjs timing|data [MiB1 MiB2]
import { sampleHeap } from './heap-sites.mjs'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { Cluster } = await import(`${tree}/packages/nic/dist/index.js`)
const { copyContext, profileFor } = await import(`${tree}/apps/micro/dist/nic-common.js`)
const profile = profileFor(undefined, { 'nic.hpus': 16 })
const [mode, m1 = '4', m2 = '12'] = process.argv.slice(2)
const data = mode === 'data'
const put = (mib) => {
  const bytes = mib * 1048576
  const source = data ? new Uint8Array(bytes).fill(3) : null
  const target = data ? new Uint8Array(bytes) : null
  return sampleHeap(async () => {
    const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: data, keepEventLog: false, keepMessageLog: false, keepSeries: false })
    c.nic(1).postMe({ matchBits: 1n, length: bytes, hostBuffer: target, context: copyContext(target) })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes, data: source })
    c.run()
    return c.nic(1).stats.packetsIn
  })
}
for (let i = 0; i < 5; i++) await put(+m1)
const a = await put(+m1)
const b = await put(+m2)
const packets = b.result - a.result
console.log(`${mode}: ${m1} vs ${m2} MiB: ${((b.total - a.total) / packets).toFixed(1)} B per further packet (${packets} packets)`)
const grew = [...b.sites].map(([site, bytes]) => [site, (bytes - (a.sites.get(site) ?? 0)) / packets]).sort((x, y) => y[1] - x[1])
for (const [site, per] of grew.slice(0, Number(process.env.TOP ?? 10))) console.log(`${per.toFixed(1).padStart(8)} B/packet  ${site}`)
