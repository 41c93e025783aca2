// fig19's model at RANKS ranks (rw-cp, n = 20480, 32 HPUs, tiles streamed), the graph build and
// the LogGOPS simulation timed apart (wall, ns per GOAL operation), REPS times in one process.
//   node fig19-model-time.mjs RANKS [REPS]   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { fft2dGraph, logGopsFromProfile, measureMessageCosts, modelProfile } = await import(`${tree}/apps/fft2d/dist/index.js`)
const { simulateLogGopsGraph } = await import(`${tree}/packages/goal/dist/index.js`)
const [ranks, reps] = [Number(process.argv[2]), Number(process.argv[3] ?? 3)]
const profile = modelProfile('sc19', { 'nic.hpus': 32 })
const costs = await measureMessageCosts(20480, ranks, 'rw-cp', profile, 'stream')
const params = logGopsFromProfile(profile)
for (let i = 0; i < reps; i++) {
  const t0 = performance.now()
  const g = fft2dGraph(costs)
  const t1 = performance.now()
  const r = simulateLogGopsGraph(g, params)
  const t2 = performance.now()
  const perOp = (ms) => ((ms * 1e6) / g.numOps).toFixed(0)
  console.log(`P = ${ranks}: ${g.numOps} operations, ${r.events} events; build ${perOp(t1 - t0)} ns, simulation ${perOp(t2 - t1)} ns per operation; end ${r.max} ps`)
}
