// How far `auto` (specialized when the layout classifies, else rw-cp) is from the fastest of
// host, specialized and rw-cp, and how far a pick by the SC19 §3.2.4 model (compare's model
// column) would be: one message per case through runUnpack in timing mode. The cases: every
// examples/types file at about 16 KiB, 64 KiB, 256 KiB and 4 MiB, a few layouts of our own
// (irregular indexed, a 3-member struct, 2-D and 3-D subarrays), and vectors of 4 B to 2 KiB
// blocks (stride twice the block) of 16 KiB to 4 MiB. docs/strategies.md quotes its summary.
//   node scripts/instr/auto-regret.mjs [PROFILE] [HPUS] [-v]
// e.g. `auto-regret.mjs sc19`, `auto-regret.mjs fpspin`, `auto-regret.mjs sc19 1 -v`.
import { readdirSync, readFileSync } from 'node:fs'
const tree = process.env.TREE ?? new URL('../..', import.meta.url).pathname
const { parseTypeFile, typeFromJson } = await import(`${tree}/packages/ddt/dist/index.js`)
const { RECEIVE_STRATEGY_RECORDS } = await import(`${tree}/packages/runtime/dist/internal.js`)
const { runUnpack } = await import(`${tree}/packages/runtime/dist/harness.js`)

const [profile = 'sc19', hpusArg, verbose] = process.argv.slice(2)
const hpus = hpusArg === undefined || hpusArg === '-' ? undefined : Number(hpusArg)
const CANDIDATES = ['host', 'specialized', 'rw-cp']

// an irregular indexed type: 500 blocks of 1..200 float64 with gaps of 1..50, from a fixed LCG
let s = 12345
const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
const blocklengths = [], displacements = []
for (let i = 0, off = 0; i < 500; i++) {
  const l = 1 + Math.floor(rnd() * rnd() * 200)
  blocklengths.push(l); displacements.push(off); off += l + 1 + Math.floor(rnd() * 50)
}
const own = {
  'indexed-irregular': { kind: 'indexed', blocklengths, displacements, oldtype: 'float64' },
  'struct-3': { kind: 'struct', blocklengths: [3, 1, 2], displacements: [0, 32, 48], types: ['float64', 'int32', 'float32'] },
  'subarray-2d': { kind: 'subarray', sizes: [1024, 1024], subsizes: [512, 64], starts: [100, 200], order: 'C', oldtype: 'float64' },
  'subarray-3d': { kind: 'subarray', sizes: [64, 64, 64], subsizes: [32, 32, 4], starts: [1, 2, 3], order: 'C', oldtype: 'float64' },
  'subarray-3d-face': { kind: 'subarray', sizes: [128, 128, 128], subsizes: [128, 1, 128], starts: [0, 5, 0], order: 'C', oldtype: 'float32' },
}
const cases = []
// a type larger than the smaller sizes runs once, at count 1
const add = (name, type, count) => { if (!cases.some((c) => c.type === type && c.count === count)) cases.push({ name, type, count }) }
const dir = `${tree}/examples/types`
const sized = (name, type) => { for (const m of [16384, 65536, 262144, 4194304]) add(name, type, Math.max(1, Math.round(m / type.size))) }
for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) sized(f, parseTypeFile(readFileSync(`${dir}/${f}`, 'utf8')).types[0].commit())
for (const [name, spec] of Object.entries(own)) sized(name, typeFromJson(spec).commit())
for (const b of [4, 8, 16, 32, 64, 128, 512, 2048]) {
  for (const m of [16384, 65536, 1048576, 4194304]) {
    add(`hvector ${b} B blocks`, typeFromJson({ kind: 'hvector', count: m / b, blocklength: b / 4, stride: 2 * b, oldtype: 'int32' }).commit(), 1)
  }
}

let autoMisses = 0, modelMisses = 0, worstAuto = 1, worstModel = 1, worstErr = 0
for (const { name, type, count } of cases) {
  const res = {}
  for (const { name: s, cannotServe } of RECEIVE_STRATEGY_RECORDS) {
    if (CANDIDATES.includes(s) && cannotServe(type, count) === null) res[s] = runUnpack({ type, count, strategy: s, profile, hpus, dataMode: false })
  }
  const auto = runUnpack({ type, count, strategy: 'auto', profile, hpus, dataMode: false })
  const names = Object.keys(res)
  const best = names.reduce((a, b) => (res[a].ns <= res[b].ns ? a : b))
  const byModel = names.reduce((a, b) => (res[a].modelNs <= res[b].modelNs ? a : b))
  const ra = auto.ns / res[best].ns, rm = res[byModel].ns / res[best].ns
  for (const n of names) worstErr = Math.max(worstErr, Math.abs(res[n].modelNs - res[n].ns) / res[n].ns)
  // ties within 0.5% are no miss
  if (ra > 1.005) autoMisses++
  if (rm > 1.005) modelMisses++
  worstAuto = Math.max(worstAuto, ra)
  worstModel = Math.max(worstModel, rm)
  if (verbose === '-v' || ra > 1.005 || rm > 1.005) {
    const times = names.map((n) => `${n} ${(res[n].ns / 1000).toFixed(2)} (model ${(res[n].modelNs / 1000).toFixed(2)})`).join(', ')
    console.log(`${name} x ${count} (${type.size * count} B): fastest ${best}; auto ${auto.strategy} ${ra.toFixed(2)}x; model picks ${byModel} ${rm.toFixed(2)}x; µs: ${times}`)
  }
}
console.log(`${profile}${hpus === undefined ? '' : `, ${hpus} HPUs`}: ${cases.length} cases; auto slower than the fastest in ${autoMisses} ` +
  `(worst ${worstAuto.toFixed(2)}x); a pick by the model in ${modelMisses} (worst ${worstModel.toFixed(2)}x); ` +
  `largest model error of the three ${(100 * worstErr).toFixed(1)}%`)
