// count.sh's driver: REPS timing-mode fft2d runs. EAGER is network.eagerLimitBytes, or - for the
// profile's own.
//   node fft2d.mjs N RANKS STRATEGY EAGER REPS   (TREE: the tree to load, default this repository)
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { runFft2d } = await import(`${tree}/apps/fft2d/dist/index.js`)
const [n, ranks, strategy, eager, reps] = process.argv.slice(2)
const overrides = eager === '-' ? {} : { overrides: { 'network.eagerLimitBytes': Number(eager) } }
for (let i = 0; i < Number(reps); i++) await runFft2d({ n: Number(n), ranks: Number(ranks), mode: 'timing', strategy, ...overrides })
