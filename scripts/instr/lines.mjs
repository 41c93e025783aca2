// Instructions per source line of one optimized function: callgrind's per-instruction counts
// (--dump-instr=yes) joined with the function's machine code as V8 printed it (--print-opt-code
// --code-comments) and the code's source-position table. Shows where a hot loop's instructions
// go (docs/performance.md, session 16: in bookRuns no line has more than 5.4% and the booking's
// arithmetic 11%; most of the rest moves locals between registers and the stack). Used by lines.sh.
//   node lines.mjs CALLGRIND_OUT LISTING FUNCTION SCRIPT [ANNOTATED_OUT]
// SCRIPT: the .js file the function is in (source positions are offsets into it). The last
// TurboFan code of FUNCTION in the listing is taken (the one that ran the later repetitions).
import { readFileSync, writeFileSync } from 'node:fs'
import { walkCosts } from './callgrind.mjs'

const [cgFile, listingFile, fn, scriptFile, annotatedFile] = process.argv.slice(2)
if (scriptFile === undefined) {
  console.error('usage: lines.mjs CALLGRIND_OUT LISTING FUNCTION SCRIPT [ANNOTATED_OUT]')
  process.exit(2)
}

// Self instructions per address.
const counts = new Map()
await walkCosts(cgFile, (addr, n) => counts.set(addr, (counts.get(addr) ?? 0) + n))

// The last optimized code object of `fn`: its instructions and source positions.
const lines = readFileSync(listingFile, 'utf8').split('\n')
let block = null
for (let i = 0; i < lines.length; i++) {
  if (lines[i] !== '--- Optimized code ---') continue
  let j = i + 1
  let name = null
  let kind = null
  for (; j < lines.length && !lines[j].startsWith('Instructions'); j++) {
    if (lines[j].startsWith('name = ')) name = lines[j].slice(7)
    if (lines[j].startsWith('kind = ')) kind = lines[j].slice(7)
  }
  if (name === fn && kind === 'TURBOFAN') block = j
}
if (block === null) {
  console.error(`lines.mjs: no TurboFan code of ${fn} in ${listingFile}`)
  process.exit(1)
}
const instrs = []
const positions = []
let inPositions = false
for (let i = block + 1; i < lines.length; i++) {
  const l = lines[i]
  if (l.startsWith('--- End code')) break
  const m = /^(0x[0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+(.*)$/.exec(l)
  if (m !== null) {
    instrs.push({ offset: parseInt(m[2], 16), n: counts.get(parseInt(m[1], 16)) ?? 0, asm: m[3] })
  } else if (l.startsWith('Source positions')) {
    inPositions = true
  } else if (inPositions) {
    const p = /^\s+([0-9a-f]+)\s+(\d+)/.exec(l)
    if (p !== null) positions.push([parseInt(p[1], 16), Number(p[2])])
    else if (!/pc offset/.test(l)) inPositions = false
  }
}

// Source offset -> line of SCRIPT.
const text = readFileSync(scriptFile, 'utf8')
const lineStarts = [0]
for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1)
const lineOf = (offset) => {
  let lo = 0
  let hi = lineStarts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (lineStarts[mid] <= offset) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

const perLine = new Map()
const annotated = []
let total = 0
let pi = 0
let line = 0
for (const ins of instrs) {
  while (pi < positions.length && positions[pi][0] <= ins.offset) line = lineOf(positions[pi++][1])
  total += ins.n
  perLine.set(line, (perLine.get(line) ?? 0) + ins.n)
  annotated.push(`${String(ins.n).padStart(12)}  L${line}  ${ins.asm}`)
}
const source = text.split('\n')
console.log(`${fn}: ${total.toLocaleString('en')} instructions in its last optimized code`)
for (const [l, n] of [...perLine].sort((a, b) => a[0] - b[0])) {
  if (n === 0) continue
  console.log(`${n.toLocaleString('en').padStart(14)} ${((100 * n) / total).toFixed(1).padStart(5)}%  L${l}  ${(source[l - 1] ?? '').trim().slice(0, 100)}`)
}
if (annotatedFile !== undefined) writeFileSync(annotatedFile, annotated.join('\n') + '\n')
