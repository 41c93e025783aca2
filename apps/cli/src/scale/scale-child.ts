// One case of `spinmpi bench scale` in a process of its own (so its peak RSS is this case's):
//   node scale-child.js RANKS MODE [PROFILE_JSON]   ->  one JSON line (ScaleMeasure) on stdout

import { resolveProfile } from '@spinmpi/nic'
import { runScaleCase } from './scale-workload.js'

const ranks = Number(process.argv[2])
const mode = process.argv[3]
if (!Number.isInteger(ranks) || ranks < 1 || (mode !== 'data' && mode !== 'timing')) {
  process.stderr.write('usage: scale-child RANKS data|timing [PROFILE_JSON]\n')
  process.exit(2)
}
const profile = resolveProfile(process.argv[4] === undefined ? 'sc19' : (JSON.parse(process.argv[4]) as unknown))
const m = await runScaleCase({ ranks, mode }, profile)
process.stdout.write(`${JSON.stringify(m)}\n`)
