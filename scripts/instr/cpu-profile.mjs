// Self time per JavaScript function from a V8 sampling profile (node --cpu-prof): where the time
// of a run at scale goes, memory stalls included. count.sh counts instructions, which a VM that
// changes speed cannot disturb but which miss the stalls of cold per-rank state: in fft2d's
// forced offload (400 blocks per message) bookRuns and dmaToHostRows run 42% of the instructions
// per message at P = 64 and take 26% of the samples at P = 256.
//   node --cpu-prof --cpu-prof-dir=DIR apps/cli/bin/spinmpi.js run ...
//   node scripts/instr/cpu-profile.mjs DIR/CPU.*.cpuprofile [TOP]
// (The CLI runs its command in a child process: take the larger of the two profiles.)
import { readFileSync } from 'node:fs'

const [file, topArg] = process.argv.slice(2)
if (file === undefined) {
  console.error('usage: cpu-profile.mjs PROFILE [TOP]')
  process.exit(2)
}
const top = Number(topArg ?? 30)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const samplesPerNode = new Map()
for (const id of profile.samples) samplesPerNode.set(id, (samplesPerNode.get(id) ?? 0) + 1)
const self = new Map()
let total = 0
for (const [id, count] of samplesPerNode) {
  const frame = nodes.get(id).callFrame
  const where = frame.url.replace(/^.*\/(packages|apps|node_modules)\//, '$1/')
  const name = `${frame.functionName || '(anonymous)'} ${where}${where === '' ? '' : `:${frame.lineNumber + 1}`}`
  self.set(name, (self.get(name) ?? 0) + count)
  total += count
}
console.log(`${total} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`)
for (const [name, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`)
}
