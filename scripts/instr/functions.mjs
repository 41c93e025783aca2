// Self instructions per code object: callgrind's per-instruction counts (--dump-instr=yes) mapped
// onto the address ranges of a V8 perf map. A call's cost line (after `calls=`) is the callee's,
// so it is skipped. Used by functions.sh.
//   node functions.mjs CALLGRIND_OUT PERF_MAP [TOP]
import { readFileSync } from 'node:fs'
import { walkCosts } from './callgrind.mjs'

const [outFile, mapFile, topArg] = process.argv.slice(2)
const top = Number(topArg ?? 40)
// Code freed by the collector leaves its range in the map, and later code may reuse the addresses:
// an address is named by the last code object the map lists over it (the one there at the end,
// which ran the last repetitions a count.sh-style difference is about).
const ranges = readFileSync(mapFile, 'utf8').split('\n').filter((l) => l.length > 0).map((l, index) => {
  const [start, size, ...name] = l.split(' ')
  return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' '), index }
}).sort((a, b) => a.start - b.start || a.index - b.index)
const maxSize = ranges.reduce((m, r) => Math.max(m, r.end - r.start), 0)
const named = new Map()

/** The code object holding `addr` that the map lists last, or null. */
function nameAt(addr) {
  const known = named.get(addr)
  if (known !== undefined) return known
  let lo = 0
  let hi = ranges.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ranges[mid].start <= addr) lo = mid + 1
    else hi = mid - 1
  }
  let best = null
  for (let j = hi; j >= 0 && ranges[j].start > addr - maxSize; j--) {
    const r = ranges[j]
    if (addr < r.end && (best === null || r.index > best.index)) best = r
  }
  const name = best === null ? null : best.name
  named.set(addr, name)
  return name
}

const self = new Map()
let total = 0
let object = '?'
const objects = new Map()
// With NATIVE=1, native code is named by its function (callgrind's fn= lines) as well as its object.
const byNativeFunction = process.env.NATIVE === '1'
let fn = ''
const fns = new Map()
await walkCosts(outFile, (addr, n) => {
  total += n
  const name = nameAt(addr) ?? (byNativeFunction ? `native: ${object} ${fn}` : `native: ${object}`)
  self.set(name, (self.get(name) ?? 0) + n)
}, (line) => {
  if (byNativeFunction && (line.startsWith('fn=') || line.startsWith('cfn='))) {
    // fn=(id) name, or fn=(id) once named; a callee's cfn= line may name an id first
    const m = /^c?fn=\((\d+)\)\s*(.*)$/.exec(line)
    if (m !== null) {
      if (m[2] !== '') fns.set(m[1], m[2])
      if (line[0] === 'f') fn = fns.get(m[1]) ?? '?'
    }
  } else if (line.startsWith('ob=') || line.startsWith('cob=')) {
    // ob=(id) path, or ob=(id) alone once the id was named; a callee's cob= line may name an id first
    const m = /^c?ob=\((\d+)\)\s*(.*)$/.exec(line)
    if (m !== null) {
      if (m[2] !== '') objects.set(m[1], m[2].split('/').pop())
      if (line[0] === 'o') object = objects.get(m[1]) ?? '?'
    }
  }
})
console.log(`${total.toLocaleString('en')} instructions`)
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${n.toLocaleString('en').padStart(15)} ${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`)
}
