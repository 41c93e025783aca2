#!/usr/bin/env node
// The hostile-input cases of issue 15, run against the built CLI (apps/cli/dist/main.js):
// each must end within a time limit and a heap limit with exit != 0, one line on stderr and no
// stack trace (pipe cases: quiet exit 0 after the reader closes). Prints one line per case and
// the count handled; exit 1 when any case is not.
//   node scripts/hostile-cases.mjs [--timeout SECONDS] [--filter TEXT]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const main = join(root, 'apps/cli/dist/main.js')
const args = process.argv.slice(2)
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt }
const timeoutMs = Number(opt('--timeout', '30')) * 1000
const filter = opt('--filter', '')
const HEAP_MB = 1024

const dir = mkdtempSync(join(tmpdir(), 'spinmpi-hostile-'))
const file = (name, content) => { const p = join(dir, name); writeFileSync(p, content); return p }
const ex = (p) => join(root, 'examples', p)

let deep = '"int32"'
for (let i = 0; i < 10000; i++) deep = `{"kind":"contiguous","count":1,"oldtype":${deep}}`
const manyGoal = ['num_ranks 2', 'rank 0 {', ...Array.from({ length: 20000 }, (_, i) => `s${i}: send 8b to 1 tag 0`), '}', 'rank 1 {', '}'].join('\n')
const bigGoal = ['num_ranks 20000', ...Array.from({ length: 20000 }, (_, r) => `rank ${r} {\nc: calc 100\n}`)].join('\n')
const pairsGoal = ['num_ranks 2', 'rank 0 {', ...Array.from({ length: 20000 }, (_, i) => `s${i}: send 8b to 1 tag 0`), '}', 'rank 1 {',
  ...Array.from({ length: 20000 }, (_, i) => `r${i}: recv 8b from 0 tag 0`), '}'].join('\n')

const f = {
  deep: file('deep.json', deep),
  billion: file('billion.json', '{"kind":"vector","count":1000000000,"blocklength":1,"stride":2,"oldtype":"int32"}'),
  empty: file('empty.json', '[]'),
  bom: file('bom.json', '\uFEFF"int32"'),
  nul: file('nul.json', '"int32"\0'),
  garbage: file('garbage.json', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff))),
  struct0: file('struct0.json', '{"kind":"struct","blocklengths":[1,1],"displacements":[0,100],"types":["int32",{"kind":"contiguous","count":0,"oldtype":"float64"}]}'),
  unmatched: file('unmatched.goal', manyGoal),
  many: file('many.goal', bigGoal),
  pairs: file('pairs.goal', pairsGoal),
  goalBom: file('bom.goal', `\uFEFF${'num_ranks 1\nrank 0 {\n}\n'}`),
  goalNul: file('nul.goal', 'num_ranks 2\0\nrank 0 {\n}\n'),
  goalGarbage: file('garbage.goal', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff))),
  goalNeg: file('neg.goal', 'num_ranks 2\nrank 0 {\na: send 8b to -1 tag 0\n}\nrank 1 {\n}\n'),
  goalHuge: file('huge.goal', 'num_ranks 1000000000\nrank 0 {\n}\n'),
}

/** [name, argv, expectation]: 'fail' = exit != 0 with one line; 'pipe' = reader closes after 10 bytes. */
const CASES = [
  ['typemap --json | head -c 10', ['typemap', '--type', ex('types/vector-64.json'), '--json'], 'pipe'],
  ['goal run many.goal (20,000 ranks) | head', ['goal', 'run', f.many], 'pipe'],
  ['typemap --count 100000 --json (over --max-runs)', ['typemap', '--type', ex('types/vector-64.json'), '--count', '100000', '--json'], 'fail'],
  ['typemap --count 100000 --json --max-runs 1e10 | head', ['typemap', '--type', ex('types/vector-64.json'), '--count', '100000', '--json', '--max-runs', '10000000000'], 'pipe'],
  ['typemap --count 100000 (text)', ['typemap', '--type', ex('types/vector-64.json'), '--count', '100000'], 'ok'],
  ['run milc --lattice 1000x1000x1000x1000', ['run', 'milc', '--ranks', '4', '--lattice', '1000x1000x1000x1000'], 'fail'],
  ['run milc --lattice 2x2x2x2000000 --timing', ['run', 'milc', '--ranks', '4', '--lattice', '2x2x2x2000000', '--timing'], 'fail'],
  ['run fft2d --n 1e9', ['run', 'fft2d', '--ranks', '4', '--n', '1000000000'], 'fail'],
  ['bench --out /proc/...', ['bench', 'host-pack', '--quick', '--out', '/proc/spinmpi-none'], 'fail'],
  ['bench --out /dev/null/x', ['bench', 'host-pack', '--quick', '--out', '/dev/null/x'], 'fail'],
  ['goal run 20,000 independent send/recv pairs', ['goal', 'run', f.pairs], 'fail'],
  ['goal run 20,000 unmatched sends', ['goal', 'run', f.unmatched], 'fail'],
  ['--type /dev/zero', ['typemap', '--type', '/dev/zero'], 'fail'],
  ['goal run /dev/zero', ['goal', 'run', '/dev/zero'], 'fail'],
  ['type with 10^9 blocks', ['typemap', '--type', f.billion, '--json'], 'fail'],
  ['unpack --hpus 1e9', ['unpack', '--type', ex('types/vector-64.json'), '--strategy', 'rw-cp', '--hpus', '1000000000'], 'fail'],
  ['compare --hpus 1e9', ['compare', '--type', ex('types/vector-64.json'), '--hpus', '1000000000'], 'fail'],
  ['--count 1e12', ['typemap', '--type', ex('types/vector-64.json'), '--count', '1e12'], 'fail'],
  ['unpack --count 1e12', ['unpack', '--type', ex('types/vector-64.json'), '--strategy', 'host', '--count', '1e12'], 'fail'],
  ['type nested 10,000 deep', ['typemap', '--type', f.deep], 'fail'],
  ['type file: binary garbage', ['typemap', '--type', f.garbage], 'fail'],
  ['type file: UTF-8 BOM', ['typemap', '--type', f.bom], 'fail-or-ok'],
  ['type file: NUL byte', ['typemap', '--type', f.nul], 'fail'],
  ['type file: empty array', ['typemap', '--type', f.empty], 'fail'],
  ['goal: binary garbage', ['goal', 'run', f.goalGarbage], 'fail'],
  ['goal: BOM', ['goal', 'run', f.goalBom], 'fail-or-ok'],
  ['goal: NUL byte', ['goal', 'run', f.goalNul], 'fail'],
  ['goal: negative peer', ['goal', 'run', f.goalNeg], 'fail'],
  ['goal: num_ranks 1e9', ['goal', 'run', f.goalHuge], 'fail'],
  ["--set host.cpuHz=1e400", ['profiles', 'sc19', '--set', 'host.cpuHz=1e400'], 'fail'],
  ["--count ''", ['typemap', '--type', ex('types/vector-64.json'), '--count', ''], 'fail'],
  ["--set 'nic.hpus = 8'", ['profiles', 'sc19', '--set', 'nic.hpus = 8'], 'fail'],
  ['--count -1', ['typemap', '--type', ex('types/vector-64.json'), '--count', '-1'], 'fail'],
  ['--count 1.5', ['typemap', '--type', ex('types/vector-64.json'), '--count', '1.5'], 'fail'],
  ['--hpus 0', ['unpack', '--type', ex('types/vector-64.json'), '--strategy', 'rw-cp', '--hpus', '0'], 'fail'],
  ['--type directory', ['typemap', '--type', dir], 'fail'],
  ['--type missing', ['typemap', '--type', join(dir, 'nope.json')], 'fail'],
  ['struct with empty member', ['typemap', '--type', f.struct0, '--json'], 'ok'],
  ['run milc --ranks 1e6', ['run', 'milc', '--ranks', '1000000', '--lattice', '8x8x8x8'], 'fail'],
  ['run fft2d --ranks 1048576', ['run', 'fft2d', '--ranks', '1048576', '--n', '1048576'], 'fail'],
]

function runCase([name, argv, expect]) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, main, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = 0
    let err = ''
    let timedOut = false
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL') }, timeoutMs)
    child.stdout.on('data', (d) => {
      out += d.length
      if (expect === 'pipe' && out >= 10) child.stdout.destroy()
    })
    child.stdout.on('error', () => {})
    child.stderr.on('data', (d) => { if (err.length < 10000) err += d })
    const start = Date.now()
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const seconds = ((Date.now() - start) / 1000).toFixed(1)
      const lines = err.split('\n').filter((l) => l !== '')
      const stack = /\n\s+at |RangeError|TypeError|heap out of memory|FATAL ERROR|Error: EPIPE/.test(err)
      let ok
      if (timedOut) ok = false
      else if (expect === 'pipe') ok = lines.length === 0 && (code === 0 || code === 141 || signal === 'SIGPIPE')
      else if (expect === 'ok') ok = code === 0 && !stack
      else if (expect === 'fail-or-ok') ok = !stack && (code === 0 ? lines.length === 0 : lines.length === 1)
      else ok = code !== 0 && code !== null && lines.length === 1 && !stack
      const why = timedOut ? `still running after ${timeoutMs / 1000} s` : `exit ${code ?? signal}, ${lines.length} stderr line(s)`
      done({ name, ok, line: `${ok ? 'handled' : 'NOT    '} ${name} (${why}, ${seconds} s)${lines[0] ? `: ${lines[0].slice(0, 160)}` : ''}` })
    })
  })
}

let handled = 0
let tried = 0
for (const c of CASES) {
  if (filter !== '' && !c[0].includes(filter)) continue
  const r = await runCase(c)
  tried++
  if (r.ok) handled++
  console.log(r.line)
}
rmSync(dir, { recursive: true, force: true })
console.log(`${handled} / ${tried} cases handled`)
process.exitCode = handled === tried ? 0 : 1
