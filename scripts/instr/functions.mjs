// Self instructions per code object: callgrind's per-instruction counts (--dump-instr=yes) mapped
// onto the address ranges of a V8 perf map. A call's cost line (after `calls=`) is the callee's,
// so it is skipped. Used by functions.sh.
//   node functions.mjs CALLGRIND_OUT PERF_MAP [TOP]
import { createReadStream, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'

const [outFile, mapFile, topArg] = process.argv.slice(2)
const top = Number(topArg ?? 40)
const ranges = readFileSync(mapFile, 'utf8').split('\n').filter((l) => l.length > 0).map((l) => {
  const [start, size, ...name] = l.split(' ')
  return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' ') }
}).sort((a, b) => a.start - b.start)

/** The code object holding `addr`, by binary search, or null. */
function nameAt(addr) {
  let lo = 0
  let hi = ranges.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ranges[mid].start <= addr) lo = mid + 1
    else hi = mid - 1
  }
  const r = ranges[hi]
  return r !== undefined && addr < r.end ? r.name : null
}

const self = new Map()
let total = 0
let addr = 0
let skipNext = false
let object = '?'
const objects = new Map()
for await (const line of createInterface({ input: createReadStream(outFile) })) {
  const c = line.charCodeAt(0)
  const isCost = (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 42 // digit + - *
  if (isCost) {
    const [pos, , count] = line.split(' ')
    if (pos[0] === '+') addr += Number(pos.slice(1))
    else if (pos[0] === '-') addr -= Number(pos.slice(1))
    else if (pos[0] !== '*') addr = parseInt(pos, 16)
    if (skipNext) {
      skipNext = false
      continue
    }
    const n = Number(count ?? 0)
    total += n
    const name = nameAt(addr) ?? `native: ${object}`
    self.set(name, (self.get(name) ?? 0) + n)
  } else if (line.startsWith('calls=')) {
    skipNext = true
  } else if (line.startsWith('ob=')) {
    // ob=(id) path, or ob=(id) alone once the id was named
    const m = /^ob=\((\d+)\)\s*(.*)$/.exec(line)
    if (m !== null) {
      if (m[2] !== '') objects.set(m[1], m[2].split('/').pop())
      object = objects.get(m[1]) ?? '?'
    }
  }
}
console.log(`${total.toLocaleString('en')} instructions`)
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${n.toLocaleString('en').padStart(15)} ${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`)
}
