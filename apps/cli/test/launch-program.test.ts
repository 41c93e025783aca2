import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// `spinmpi run FILE` end to end: the built CLI (npm test builds first) spawned on real programs,
// inside the checkout and in a folder outside it (where @spinmpi/runtime resolves through the
// launcher's hook), as TypeScript and as plain JavaScript.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')
const outside = mkdtempSync(join(tmpdir(), 'spinmpi-launch-'))
afterAll(() => rmSync(outside, { recursive: true, force: true }))

interface Ran { readonly code: number; readonly stdout: string; readonly stderr: string }

function spinmpi(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT }, (err, stdout, stderr) => {
      resolve({ code: err === null ? 0 : Number((err as { code?: number }).code ?? 1), stdout, stderr })
    })
  })
}

describe('spinmpi run FILE', () => {
  it('runs examples/programs/hello.ts with its own arguments and prints the summary as JSON', async () => {
    const r = await spinmpi('run', 'examples/programs/hello.ts', '--ranks', '4', '--json', '--', '2')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    // allreduce of rank+1 over 4 ranks: 1+2+3+4
    expect(s.results).toEqual([10, 10, 10, 10])
    expect(s).toMatchObject({ program: 'examples/programs/hello.ts', ranks: 4, profile: 'sc19', mode: 'data', fallbacks: 0 })
    expect(s.timeNs).toHaveLength(4)
    expect(s.maxTimeNs).toBe(Math.max(...s.timeNs))
    // small messages only: all eager; the ring sends 4 int32 per round, 2 rounds
    expect(s.rendezvous).toEqual({ messages: 0, bytes: 0 })
    expect(s.eager.messages).toBe(s.messages)
    expect(s.eager.bytes).toBe(8 * 4 + (s.messages - 8) * 8)
    expect(s.hostBusyNs).toHaveLength(4)
  })

  it('prints tables without --json, with one row per rank', async () => {
    const r = await spinmpi('run', 'examples/programs/hello.ts', '--ranks', '2')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^max simulated time \(ns\)/m)
    expect(r.stdout).toMatch(/^eager messages +\d+ \(\d+ B\)$/m)
    // the per-rank table: durations carry their unit in the cell (tables print no bare ns counts)
    expect(r.stdout).toMatch(/^rank +time +host busy$/m)
    // allreduce of rank+1 over 2 ranks on every rank: one value, shown once
    expect(r.stdout).toMatch(/^results +3 \(every rank\)$/m)
    expect(r.stdout).toMatch(/^ +1 +[\d.]+ (ns|µs|ms) +[\d.]+ (ns|µs|ms)$/m)
  })

  it('runs a .mjs program (named export main) and a .ts program outside the checkout', async () => {
    const mjs = join(outside, 'ring.mjs')
    writeFileSync(mjs, [
      "import { types } from '@spinmpi/runtime'",
      'export async function main(comm, args) {',
      '  const out = new Float64Array([comm.rank * Number(args[0])])',
      '  const sum = new Float64Array(1)',
      "  await comm.allreduce(out, sum, 1, types.FLOAT64, 'MAX')",
      '  return sum[0]',
      '}',
    ].join('\n'))
    const a = await spinmpi('run', mjs, '--ranks', '3', '--timing', '--json', '--', '5')
    expect(a.stderr).toBe('')
    // timing mode: no bytes move, so the buffers keep what the ranks put there
    expect(JSON.parse(a.stdout)).toMatchObject({ mode: 'timing', results: [0, 0, 0] })
    const b = await spinmpi('run', mjs, '--ranks', '3', '--json', '--', '5')
    expect(JSON.parse(b.stdout).results).toEqual([10, 10, 10])
    // a .ts file with no package.json above it: Node would take it for CommonJS
    const ts = join(outside, 'typed.ts')
    writeFileSync(ts, [
      "import { types, type Comm } from '@spinmpi/runtime'",
      'export default async (comm: Comm): Promise<number> => {',
      '  const v: Int32Array = new Int32Array([comm.rank + 1])',
      "  await comm.bcast(v, 1, types.INT32, comm.size - 1)",
      '  return v[0]!',
      '}',
    ].join('\n'))
    const c = await spinmpi('run', ts, '--ranks', '3', '--json')
    expect(c.stderr).toBe('')
    expect(JSON.parse(c.stdout).results).toEqual([3, 3, 3])
  })

  /** Writes `lines` as `name` outside the repository and runs it on 2 ranks: it must fail; returns its path and stderr. */
  async function failing(name: string, lines: readonly string[]): Promise<{ file: string; stderr: string }> {
    const file = join(outside, name)
    writeFileSync(file, lines.join('\n'))
    const r = await spinmpi('run', file, '--ranks', '2')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    return { file, stderr: r.stderr }
  }

  it('stops with one line naming the rank and the operation when a rank fails', async () => {
    const { stderr } = await failing('bad.mjs', [
      "import { types } from '@spinmpi/runtime'",
      'export default async (comm) => {',
      '  if (comm.rank === 1) await comm.send(new Float64Array(4), 4, types.FLOAT64, 7, 0)',
      '}',
    ])
    expect(stderr).toBe('spinmpi: rank 1: send(dest=7, tag=0): dest 7 is not a rank of this 2-rank communicator\n')
  })

  it("gives the line of the program where a rank's own error was thrown (an MpiError names its call instead)", async () => {
    const { file: ts, stderr } = await failing('oops.ts', [
      "import type { Comm } from '@spinmpi/runtime'",
      'export default async (comm: Comm): Promise<void> => {',
      '  const table: Record<number, { n: number }> = {}',
      '  if (comm.rank === 1) console.log(table[comm.rank]!.n)',
      '}',
    ])
    // line 4, column 54: the `n` of `.n` on undefined, as written in the .ts file (tsx's source map)
    expect(stderr).toBe(`spinmpi: rank 1: Cannot read properties of undefined (reading 'n') (at ${ts}:4:54)\n`)
    const mjs = join(outside, 'own.mjs')
    writeFileSync(mjs, "export default async (comm) => {\n  if (comm.rank === 0) throw new Error('checksum 3 != 4')\n}\n")
    expect((await spinmpi('run', mjs, '--ranks', '2')).stderr).toBe(`spinmpi: rank 0: checksum 3 != 4 (at ${mjs}:2:30)\n`)
  })

  it('reports a failed call whose promise was not awaited in one line with its program line, not a stack trace', async () => {
    const { file, stderr } = await failing('unawaited.mjs', [
      "import { types } from '@spinmpi/runtime'",
      'export default async (comm) => {',
      '  if (comm.rank === 0) comm.send(new Float64Array(4), 4, types.FLOAT64, 7, 0)',
      "  return 'done'",
      '}',
    ])
    expect(stderr).toBe(`spinmpi: send(dest=7, tag=0): dest 7 is not a rank of this 2-rank communicator (at ${file}:3:29): ` +
      'a call whose promise was not awaited failed; await it\n')
  })

  it('says a CommonJS program must be an ES module (Node alone only says require is not defined)', async () => {
    const cjs = join(outside, 'old.js')
    writeFileSync(cjs, "const { types } = require('@spinmpi/runtime')\nmodule.exports = async (comm) => comm.rank\n")
    const r = await spinmpi('run', cjs, '--ranks', '2')
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(`spinmpi: ${cjs}: cannot load (require is not defined in ES module scope: a program is loaded as an ES module; ` +
      "write import { types } from '@spinmpi/runtime' and export default async (comm, args) => ...)\n")
  })

  it('rejects bad options, files and profiles with one line', async () => {
    const cases: [string[], string][] = [
      [['--rank', '2'], 'spinmpi: unknown option --rank (did you mean --ranks?) (usage: spinmpi run FILE [--ranks P]'],
      [['--ranks', '0'], 'spinmpi: --ranks: expected a positive integer\n'],
      [['--strategy', 'fast'], 'spinmpi: --strategy: expected one of host, iovec'],
      [['--set', 'nic.hpuz=3'], 'spinmpi: --set nic.hpuz=3: unknown field nic.hpuz (did you mean nic.hpus?)\n'],
      [['extra'], "spinmpi: unexpected argument 'extra': the program's own arguments go after --"],
    ]
    for (const [words, line] of cases) {
      const r = await spinmpi('run', 'examples/programs/hello.ts', ...words)
      expect(r.code).toBe(1)
      expect(r.stderr.startsWith(line)).toBe(true)
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
    }
    const missing = await spinmpi('run', './no-such-program.ts')
    expect(missing.stderr).toBe('spinmpi: ./no-such-program.ts: no such file\n')
  })

  it('gives each built-in app its own --help', async () => {
    const fft = await spinmpi('run', 'fft2d', '--help')
    expect(fft.code).toBe(0)
    expect(fft.stdout).toMatch(/^Usage: spinmpi run fft2d /)
    expect(fft.stdout).toMatch(/^ {2}--n N +the matrix is N x N complex numbers; .*\(default 64\)$/m)
    expect(fft.stdout).not.toContain('--lattice')
    const milc = await spinmpi('run', 'milc', '--help')
    expect(milc.stdout).toMatch(/^ {2}--lattice XxYxZxT +global lattice extents.*\(required\)$/m)
    expect(milc.stdout).not.toContain('--n N')
    const program = await spinmpi('run', 'examples/programs/hello.ts', '--help')
    expect(program.stdout).toContain('-- ARGS...')
  })
})
