// count.sh's driver: REPS 4 MiB puts through the vector handler in BLOCK-byte blocks, stride
// 2 * BLOCK, on 16 HPUs (sim-speed's vector modes).
//   node vector.mjs BLOCK timing|data REPS   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { Cluster, vectorContext } = await import(`${tree}/packages/nic/dist/index.js`)
const { profileFor } = await import(`${tree}/apps/micro/dist/nic-common.js`)
const profile = profileFor(undefined, { 'nic.hpus': 16 })
const [block, mode, reps] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])]
const bytes = 4 << 20
const data = mode === 'data'
const source = data ? new Uint8Array(bytes).fill(3) : null
const target = data ? new Uint8Array(2 * bytes) : null
for (let i = 0; i < reps; i++) {
  const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: data, keepEventLog: false, keepMessageLog: false, keepSeries: false })
  const context = vectorContext({
    count: bytes / block, blocklen: block, stride: 2 * block, hostBuffer: target, pieceCycles: profile.costs.pieceCycles, setupCycles: 0,
  })
  c.nic(1).postMe({ matchBits: 1n, length: 2 * bytes, hostBuffer: target, context })
  c.nic(0).put({ target: 1, matchBits: 1n, bytes, data: source })
  c.run()
}
