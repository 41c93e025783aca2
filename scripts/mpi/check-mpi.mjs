#!/usr/bin/env node
// Differential check of datatypes against real MPI libraries: MPICH (Debian's mpich,
// libmpich-dev) and Open MPI (openmpi-bin, libopenmpi-dev), whichever are installed. Seeded random
// nested types (every constructor, darray included, depth up to 4, negative strides and
// displacements, zero counts, resized inside structs) are built by spinmpi and by each library
// (types.c, compiled with that library's mpicc); size, lb, extent, true lb, true extent and the
// source offsets of the packed bytes of 1, 2 and 3 instances (as merged runs) are compared.
// Prints each library's agreement, the agreement where both libraries agree, and which library
// spinmpi follows where they differ. Needs `npm run build`.
//   node scripts/mpi/check-mpi.mjs [--n 300] [--seed 1] [--show 5] [--mpi mpich,openmpi]
import { execFileSync, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'

const here = resolve(fileURLToPath(import.meta.url), '..')
const ddt = await import(join(here, '../../packages/ddt/dist/index.js'))
const args = process.argv.slice(2)
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : d }
const N = Number(opt('--n', 300))
const SEED = Number(opt('--seed', 1))
const SHOW = Number(opt('--show', 5))
const WANTED = opt('--mpi', 'mpich,openmpi').split(',')

/**
 * The libraries: compiler candidates and types per process. MPICH runs one type per process:
 * MPICH 4.0.2 packed some simple types (`dup int8`) wrongly only after building many others in
 * the same process. A crash (MPICH 4.0.2 dies with SIGFPE on a few types) is recorded and the
 * library restarted after the crashing type.
 */
const LIBRARIES = {
  mpich: { label: 'MPICH', compilers: ['mpicc.mpich', 'mpicc'], chunk: 1 },
  openmpi: { label: 'Open MPI', compilers: ['mpicc.openmpi'], chunk: 50 },
}

function build(key) {
  const exe = join(tmpdir(), `spinmpi-${key}-types-${process.pid}`)
  for (const cc of LIBRARIES[key].compilers) {
    try {
      const show = execFileSync(cc, ['-show'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      if (key === 'mpich' && show.includes('openmpi')) continue // `mpicc` may point at Open MPI
      execFileSync(cc, ['-O1', '-o', exe, join(here, 'types.c')], { stdio: ['ignore', 'ignore', 'inherit'] })
      process.on('exit', () => rmSync(exe, { force: true }))
      return exe
    } catch { /* next candidate */ }
  }
  return undefined
}

let state = SEED >>> 0
const rand = () => { state = (state + 0x6d2b79f5) >>> 0; let t = state; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296 }
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1))
const pick = (xs) => xs[int(0, xs.length - 1)]
const small = (max) => (rand() < 0.08 ? 0 : int(1, max))
const ELEM = ['byte', 'int8', 'int16', 'int32', 'int64', 'float32', 'float64', 'double_int']
const KINDS = ['contiguous', 'vector', 'hvector', 'indexed', 'hindexed', 'indexedBlock', 'hindexedBlock', 'struct', 'subarray', 'darray', 'resized', 'dup']

function darraySpec(oldtype) {
  const nd = int(1, 2)
  const psizes = Array.from({ length: nd }, () => int(1, 2))
  const size = psizes.reduce((a, b) => a * b, 1)
  const gsizes = Array.from({ length: nd }, () => int(1, 5))
  const distribs = psizes.map((p) => (p === 1 && rand() < 0.3 ? 'none' : pick(['block', 'cyclic'])))
  const dargs = distribs.map((d, i) => {
    if (d === 'none' || rand() < 0.5) return null
    return d === 'block' ? int(Math.ceil(gsizes[i] / psizes[i]), gsizes[i] + 1) : int(1, 3)
  })
  return { kind: 'darray', size, rank: int(0, size - 1), gsizes, distribs, dargs, psizes, order: pick(['C', 'F']), oldtype }
}

function gen(depth) {
  if (depth === 0 || rand() < 0.2) return pick(ELEM)
  const kind = pick(KINDS)
  const old = () => gen(depth - 1)
  switch (kind) {
    case 'contiguous': return { kind, count: small(3), oldtype: old() }
    case 'vector': return { kind, count: small(3), blocklength: small(3), stride: int(-5, 6), oldtype: old() }
    case 'hvector': return { kind, count: small(3), blocklength: small(3), stride: int(-64, 64), oldtype: old() }
    case 'indexed': case 'hindexed': {
      const n = int(0, 3)
      const r = kind === 'indexed' ? 8 : 64
      return { kind, blocklengths: Array.from({ length: n }, () => small(3)), displacements: Array.from({ length: n }, () => int(-r, r)), oldtype: old() }
    }
    case 'indexedBlock': case 'hindexedBlock': {
      const n = int(0, 3)
      const r = kind === 'indexedBlock' ? 8 : 64
      return { kind, blocklength: small(3), displacements: Array.from({ length: n }, () => int(-r, r)), oldtype: old() }
    }
    case 'struct': {
      const n = int(1, 3)
      return { kind, blocklengths: Array.from({ length: n }, () => small(2)), displacements: Array.from({ length: n }, () => int(-64, 128)), types: Array.from({ length: n }, old) }
    }
    case 'subarray': {
      const nd = int(1, 3)
      const sizes = Array.from({ length: nd }, () => int(1, 4))
      const subsizes = sizes.map((s) => int(1, s))
      const starts = sizes.map((s, i) => int(0, s - subsizes[i]))
      return { kind, sizes, subsizes, starts, order: pick(['C', 'F']), oldtype: old() }
    }
    case 'darray': return darraySpec(old())
    case 'resized': return { kind, lb: int(-16, 16), extent: int(-8, 32), oldtype: old() }
    case 'dup': return { kind, oldtype: old() }
  }
}

const DISTRIB = { none: 0, block: 1, cyclic: 2 }
/** The prefix notation types.c reads. */
function prefix(s) {
  if (typeof s === 'string') return s
  const o = prefix
  switch (s.kind) {
    case 'contiguous': return `contiguous ${s.count} ${o(s.oldtype)}`
    case 'vector': case 'hvector': return `${s.kind} ${s.count} ${s.blocklength} ${s.stride} ${o(s.oldtype)}`
    case 'indexed': case 'hindexed': return `${s.kind} ${s.blocklengths.length} ${s.blocklengths.map((b, i) => `${b} ${s.displacements[i]}`).join(' ')} ${o(s.oldtype)}`.replace(/ +/g, ' ')
    case 'indexedBlock': case 'hindexedBlock': return `${s.kind} ${s.displacements.length} ${s.blocklength} ${s.displacements.join(' ')} ${o(s.oldtype)}`.replace(/ +/g, ' ')
    case 'struct': return `struct ${s.types.length} ${s.types.map((t, i) => `${s.blocklengths[i]} ${s.displacements[i]} ${o(t)}`).join(' ')}`
    case 'subarray': return `subarray ${s.sizes.length} ${s.sizes.join(' ')} ${s.subsizes.join(' ')} ${s.starts.join(' ')} ${s.order === 'F' ? 1 : 0} ${o(s.oldtype)}`
    case 'darray': return `darray ${s.size} ${s.rank} ${s.gsizes.length} ${s.gsizes.join(' ')} ${s.distribs.map((d) => DISTRIB[d]).join(' ')} ${s.dargs.map((a) => a ?? -1).join(' ')} ${s.psizes.join(' ')} ${s.order === 'F' ? 1 : 0} ${o(s.oldtype)}`
    case 'resized': return `resized ${s.lb} ${s.extent} ${o(s.oldtype)}`
    case 'dup': return `dup ${o(s.oldtype)}`
  }
}

/** Runs as types.c prints them: "offset:length" of merged runs, "-" when empty. */
function runsText(runs) {
  const merged = []
  for (const [o, l] of runs) {
    const last = merged[merged.length - 1]
    if (last !== undefined && last[0] + last[1] === o) last[1] += l
    else merged.push([o, l])
  }
  return merged.length === 0 ? '-' : merged.map(([o, l]) => `${o}:${l}`).join(',')
}

function spinmpiLine(spec) {
  const t = ddt.typeFromJson(spec).commit()
  const out = [t.size, t.lb, t.extent, t.trueLb, t.trueExtent]
  for (let c = 1; c <= 3; c++) out.push(runsText(ddt.flatten(t, c).toArray()))
  return out.join(' ')
}

function runLibrary(key, exe, specs) {
  const lines = []
  let crashes = 0
  const chunk = LIBRARIES[key].chunk
  while (lines.length < specs.length) {
    const batch = specs.slice(lines.length, lines.length + chunk)
    const run = spawnSync(exe, ['runs'], { input: `${batch.map(prefix).join('\n')}\n`, maxBuffer: 1 << 28 })
    const got = String(run.stdout).split('\n').filter((l) => l.split(' ').length === 8)
    lines.push(...got)
    if (got.length < batch.length) {
      if (run.status === 0) {
        console.error(`check-mpi: ${LIBRARIES[key].label} stopped after ${lines.length} of ${specs.length} types`)
        process.exit(1)
      }
      lines.push('CRASH')
      crashes++
    }
  }
  return { lines, crashes }
}

const specs = []
const ours = []
while (specs.length < N) {
  const spec = gen(4)
  if (typeof spec === 'string') continue
  let line
  try { line = spinmpiLine(spec) } catch { continue } // a type spinmpi refuses (none expected) is not compared
  specs.push(spec)
  ours.push(line)
}

const libs = []
for (const key of WANTED) {
  const exe = build(key)
  if (exe === undefined) { console.log(`${LIBRARIES[key].label}: no mpicc found, not compared`); continue }
  libs.push({ key, label: LIBRARIES[key].label, ...runLibrary(key, exe, specs) })
}
if (libs.length === 0) {
  console.error('check-mpi: no MPI library found (apt-get install -y mpich libmpich-dev openmpi-bin libopenmpi-dev)')
  process.exit(1)
}

const FIELDS = ['size', 'lb', 'extent', 'trueLb', 'trueExtent', 'runs x1', 'runs x2', 'runs x3']
const firstDiff = (a, b) => { const x = a.split(' '), y = b.split(' '); return FIELDS.find((_, k) => x[k] !== y[k]) }
const cut = (line) => (line.length > 160 ? `${line.slice(0, 160)}...` : line)
const show = (i, why) => `${why}: ${prefix(specs[i])}\n    spinmpi  ${cut(ours[i])}\n${libs.map((l) => `    ${l.label.padEnd(8)} ${cut(l.lines[i])}`).join('\n')}`
const shown = []
for (const lib of libs) {
  const compared = specs.length - lib.crashes
  const byField = new Map()
  let agree = 0
  lib.lines.forEach((line, i) => {
    if (line === 'CRASH') return
    const f = firstDiff(ours[i], line)
    if (f === undefined) agree++
    else byField.set(f, (byField.get(f) ?? 0) + 1)
  })
  console.log(`${lib.label}, seed ${SEED}: ${agree} / ${compared} types agree (${(100 * agree / compared).toFixed(1)}%)${lib.crashes ? `; crashed on ${lib.crashes} more` : ''}; first differing field: ${[...byField].map(([f, n]) => `${f} ${n}`).join(', ') || 'none'}`)
}
if (libs.length === 2) {
  // Field by field: where the libraries give the same value spinmpi must give it too; where they
  // differ, count which one spinmpi sides with (docs/datatypes.md names the cases).
  const [a, b] = libs
  let compared = 0, agreeWhereBoth = 0, differing = 0
  const split = { [a.label]: 0, [b.label]: 0, neither: 0 }
  specs.forEach((_, i) => {
    if (a.lines[i] === 'CRASH' || b.lines[i] === 'CRASH') return
    compared++
    const x = ours[i].split(' '), y = a.lines[i].split(' '), z = b.lines[i].split(' ')
    const bad = FIELDS.filter((_, k) => y[k] === z[k] && x[k] !== y[k])
    if (bad.length === 0) agreeWhereBoth++
    else if (shown.length < SHOW) shown.push(show(i, `differs where both libraries agree (${bad.join(', ')})`))
    const k = FIELDS.findIndex((_, j) => y[j] !== z[j])
    if (k < 0) return
    differing++
    const side = x[k] === y[k] ? a.label : x[k] === z[k] ? b.label : 'neither'
    split[side]++
    if (side === 'neither' && bad.length === 0 && shown.length < SHOW) shown.push(show(i, `libraries differ, spinmpi follows neither (${FIELDS[k]})`))
  })
  console.log(`agreement with every field on which ${a.label} and ${b.label} agree: ${agreeWhereBoth} / ${compared} types (${(100 * agreeWhereBoth / compared).toFixed(1)}%)`)
  console.log(`the libraries differ on ${differing} types; at the first such field spinmpi sides with ${Object.entries(split).map(([k, n]) => `${k} ${n}`).join(', ')}`)
} else {
  libs[0].lines.forEach((line, i) => { if (line !== 'CRASH' && line !== ours[i] && shown.length < SHOW) shown.push(show(i, firstDiff(ours[i], line))) })
}
for (const s of shown) console.log(`  ${s}`)
