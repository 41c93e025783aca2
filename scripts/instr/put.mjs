// count.sh's driver: REPS puts of MiB MiB through the copy handler on 16 HPUs (sim-speed's run).
//   node put.mjs MiB timing|data REPS   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { Cluster } = await import(`${tree}/packages/nic/dist/index.js`)
const { copyContext, profileFor } = await import(`${tree}/apps/micro/dist/nic-common.js`)
const profile = profileFor(undefined, { 'nic.hpus': 16 })
const [mib, mode, reps] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])]
const bytes = Math.round(mib * 1024 * 1024)
const data = mode === 'data'
const source = data ? new Uint8Array(bytes).fill(3) : null
const target = data ? new Uint8Array(bytes) : null
for (let i = 0; i < reps; i++) {
  const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: data, keepEventLog: false, keepMessageLog: false, keepSeries: false })
  c.nic(1).postMe({ matchBits: 1n, length: bytes, hostBuffer: target, context: copyContext(target) })
  c.nic(0).put({ target: 1, matchBits: 1n, bytes, data: source })
  c.run()
}
