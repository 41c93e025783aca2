// count.sh's driver: REPS times fig19's model at RANKS ranks, rw-cp (n = 20480, 32 HPUs, tiles
// streamed): the GOAL schedule built into the op graph and simulated with LogGOPS. The message
// costs are measured once, before the repetitions.
//   node fig19-model.mjs RANKS REPS   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { measureMessageCosts, modelProfile, simulateFft2d } = await import(`${tree}/apps/fft2d/dist/index.js`)
const [ranks, reps] = [Number(process.argv[2]), Number(process.argv[3])]
const profile = modelProfile('sc19', { 'nic.hpus': 32 })
const costs = await measureMessageCosts(20480, ranks, 'rw-cp', profile, 'stream')
for (let i = 0; i < reps; i++) simulateFft2d(costs, profile)
