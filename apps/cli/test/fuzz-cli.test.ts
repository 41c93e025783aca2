// Seeded bad command lines against the built CLI (dist/main.js, built by `npm test`'s tsc -b):
// each must exit != 0 with exactly one line on stderr and no stack trace, within a process
// timeout and a 512 MiB heap (guards, not timing assertions). Closing stdout early (| head) must
// end quietly. The longer run is `npm run fuzz`.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { badCommandArb, badFiles } from './fuzz-inputs.js'

const root = resolve(import.meta.dirname, '../../..')
const main = join(root, 'apps/cli/dist/main.js')
const dir = mkdtempSync(join(tmpdir(), 'spinmpi-fuzz-'))
for (const [name, content] of Object.entries(badFiles())) writeFileSync(join(dir, name), content)

interface Outcome { code: number | null; signal: string | null; stderr: string; killed: boolean }

function spinmpi(args: readonly string[], closeAfter?: number): Promise<Outcome> {
  return new Promise((done) => {
    const words = args.map((a) => (a.startsWith('@') ? join(dir, a.slice(1)) : a))
    const child = spawn(process.execPath, ['--max-old-space-size=512', main, ...words], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let seen = 0
    let killed = false
    const guard = setTimeout(() => { killed = true; child.kill('SIGKILL') }, 40_000)
    child.stdout.on('data', (d: Buffer) => {
      seen += d.length
      if (closeAfter !== undefined && seen >= closeAfter) child.stdout.destroy()
    })
    child.stdout.on('error', () => {})
    child.stderr.on('data', (d: Buffer) => { stderr += String(d) })
    child.on('close', (code, signal) => { clearTimeout(guard); done({ code, signal, stderr, killed }) })
  })
}

function expectOneLineFailure(args: readonly string[], o: Outcome): void {
  const lines = o.stderr.split('\n').filter((l) => l !== '')
  const summary = { args: args.join(' '), killed: o.killed, failed: o.code !== 0 && o.code !== null, lines: lines.length, stack: /\n\s+at |RangeError|TypeError|FATAL|heap/.test(o.stderr) }
  expect(summary, o.stderr).toEqual({ args: args.join(' '), killed: false, failed: true, lines: 1, stack: false })
  expect(lines[0]).toMatch(/^spinmpi: /)
}

/** `npm run fuzz` raises the count and varies the seed (FUZZ_CASES, FUZZ_SEED). */
const CASES = Number(process.env.FUZZ_CASES ?? 12)
const SEED = Number(process.env.FUZZ_SEED ?? 15)

describe('the CLI under bad input (seeded)', () => {
  it('is built (npm test builds it before the tests)', () => {
    expect(existsSync(main), `${main} is missing: run npm run build`).toBe(true)
  })

  const cases = fc.sample(badCommandArb, { seed: SEED, numRuns: CASES })
  // two at a time: the machine has two cores and other suites run beside this one
  for (let i = 0; i < cases.length; i += 2) {
    const pair = cases.slice(i, i + 2)
    it(pair.map((c) => c.join(' ')).join(' | '), async () => {
      const outcomes = await Promise.all(pair.map((c) => spinmpi(c)))
      pair.forEach((c, k) => expectOneLineFailure(c, outcomes[k]!))
    }, 90_000)
  }

  it('a reader that closes stdout early ends the run quietly (exit 141, nothing on stderr)', async () => {
    const o = await spinmpi(['typemap', '--type', 'examples/types/vector-64.json', '--count', '100000', '--json', '--max-runs', '10000000000'], 10)
    expect({ code: o.code, stderr: o.stderr, killed: o.killed }).toEqual({ code: 141, stderr: '', killed: false })
  }, 60_000)
})
