// One case of `spinmpi bench scale` in a process of its own (so its peak RSS is this case's):
//   node scale-child.js RANKS MODE   ->  one JSON line (ScaleMeasure) on stdout

import { runScaleCase } from './scale-workload.js'

const ranks = Number(process.argv[2])
const mode = process.argv[3]
if (!Number.isInteger(ranks) || ranks < 1 || (mode !== 'data' && mode !== 'timing')) {
  process.stderr.write('usage: scale-child RANKS data|timing\n')
  process.exit(2)
}
const m = await runScaleCase({ ranks, mode })
process.stdout.write(`${JSON.stringify(m)}\n`)
