// count.sh's driver: two ranks, STEPS sendrecvs of 16 doubles each way, timing mode.
//   node loop.mjs STEPS   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { run, types } = await import(`${tree}/packages/runtime/dist/index.js`)
const steps = Number(process.argv[2])
await run({ ranks: 2, mode: 'timing' }, async (comm) => {
  const peer = 1 - comm.rank
  for (let i = 0; i < steps; i++) await comm.sendrecv(null, 16, types.FLOAT64, peer, 1, null, 16, types.FLOAT64, peer, 1)
})
