// --faults and --fault-seed (docs/faults.md): the text parser, and unpack / compare / run FILE
// with faults, through the built CLI where a summary is printed.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseFaultOptions } from '../src/fault-option.js'
import { registerUnpack } from '../src/commands/unpack.js'
import { registerCompare } from '../src/commands/compare.js'
import { registerRun } from '../src/commands/run.js'
import { runCommand } from './run-command.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')
const TYPE = join(ROOT, 'examples/types/milc-su3.json')

describe('--faults text', () => {
  it('reads probabilities, sizes with units, times with units and the seed', () => {
    expect(parseFaultOptions('loss=0.01,dup=0.5%,nicmem=64KiB,rto=2us', '7')).toEqual({ loss: 0.01, dup: 0.005, nicmem: 65536, rtoNs: 2000, seed: 7 })
    expect(parseFaultOptions('nicmem=1MB', undefined)).toEqual({ nicmem: 1_000_000 })
    expect(parseFaultOptions('dup=0.1,dupmode=handler', undefined)).toEqual({ dup: 0.1, dupMode: 'handler' })
    expect(parseFaultOptions(' loss = 1e-3 ', undefined)).toEqual({ loss: 0.001 })
    expect(parseFaultOptions(undefined, '-3')).toEqual({ seed: -3 })
    expect(parseFaultOptions(undefined, undefined)).toBeUndefined()
  })

  it('names the bad part in one line', () => {
    const cases: [string, string][] = [
      ['loss=1', '--faults: loss: expected a probability in [0, 1) (1 loses every retransmission)'],
      ['dup=2', '--faults: dup: expected a probability in [0, 1]'],
      ['nicmem=0', '--faults: nicmem: expected at least 1 byte'],
      ['nicmem=0.3KiB', '--faults: nicmem: expected a whole number of bytes'],
      ['nicmem=4parsecs', '--faults: nicmem: expected a size in B, KiB, MiB, GiB, kB, MB or GB, got "4parsecs"'],
      ['rto=-1us', '--faults: rto: expected a positive time'],
      ['loss=0.1,loss=0.2', '--faults: loss: given twice'],
      ['drop=0.1', "--faults: unknown fault 'drop' (expected loss, dup, dupmode, nicmem or rto)"],
      ['dupmode=twice', "--faults: dupmode: expected 'discard' or 'handler'"],
      ['loss', '--faults: loss: expected loss=value'],
    ]
    for (const [text, message] of cases) expect(() => parseFaultOptions(text, undefined)).toThrow(message)
    expect(() => parseFaultOptions(undefined, '1.5')).toThrow('--fault-seed: expected an integer, got "1.5"')
  })
})

describe('unpack and compare with --faults', () => {
  it('unpack --json adds the fault counts and still verifies', async () => {
    const out = await runCommand(registerUnpack, ['unpack', '--type', TYPE, '--count', '1024', '--strategy', 'rw-cp',
      '--faults', 'loss=0.2,dup=0.2,nicmem=4KiB', '--fault-seed', '3', '--json'])
    const j = JSON.parse(out)
    expect(j.verified).toBe(true)
    expect(j.faults.retransmitted).toBe(j.faults.dropped)
    expect(j.faults.duplicatesDiscarded).toBe(j.faults.duplicates)
    expect(j.faults.dropped).toBeGreaterThan(0)
    expect(j.faults.duplicates).toBeGreaterThan(0)
    expect(j.faults.spilledPackets).toBeGreaterThan(0)
    const again = JSON.parse(await runCommand(registerUnpack, ['unpack', '--type', TYPE, '--count', '1024', '--strategy', 'rw-cp',
      '--faults', 'loss=0.2,dup=0.2,nicmem=4KiB', '--fault-seed', '3', '--json']))
    expect(again).toEqual(j)
    const clean = JSON.parse(await runCommand(registerUnpack, ['unpack', '--type', TYPE, '--count', '1024', '--strategy', 'rw-cp', '--json']))
    expect(clean.faults).toBeUndefined()
  })

  it('compare --json gives every strategy its fault counts, all verified', async () => {
    const j = JSON.parse(await runCommand(registerCompare, ['compare', '--type', TYPE, '--count', '256', '--faults', 'loss=0.2,dup=0.1', '--fault-seed', '5', '--json']))
    const ran = j.rows.filter((r: { verified: boolean | null }) => r.verified !== null)
    expect(ran.length).toBeGreaterThanOrEqual(5)
    for (const r of ran) {
      expect(r.verified).toBe(true)
      expect(r.faults.retransmitted).toBe(r.faults.dropped)
      expect(r.faults.dropped).toBeGreaterThan(0) // every strategy's run draws the same faults
    }
  })
})

describe("README's compare under faults", () => {
  it('shows losses and duplicates for every strategy and spills for every NIC strategy', async () => {
    const line = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').find((l) => /^npx spinmpi compare .*--faults/.test(l))
    expect(line).toBeDefined()
    const args = line!.replace(/\s+#\s.*$/, '').split(/\s+/).slice(2).map((a) => a.startsWith('examples/') ? join(ROOT, a) : a)
    const j = JSON.parse(await runCommand(registerCompare, [...args, '--json']))
    const ran = j.rows.filter((r: { verified: boolean | null }) => r.verified !== null)
    expect(ran.length).toBeGreaterThanOrEqual(5)
    for (const r of ran) {
      expect(r.verified).toBe(true)
      expect(r.faults.dropped).toBeGreaterThan(0)
      expect(r.faults.duplicates).toBeGreaterThan(0)
      // the host strategy unpacks from host memory: nothing to spill
      if (r.strategy !== 'host') expect(r.faults.spilledPackets).toBeGreaterThan(0)
    }
  })
})

describe('spinmpi run FILE --faults', () => {
  it('reports the fault counts in the summary', async () => {
    const run = () => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'run', 'examples/programs/hello.ts', '--ranks', '4', '--faults', 'loss=0.1,dup=0.1', '--fault-seed', '2', '--json', '--', '2'],
        { cwd: ROOT }, (err, stdout, stderr) => resolve({ code: err === null ? 0 : 1, stdout, stderr }))
    })
    const a = await run()
    expect(a.stderr).toBe('')
    const s = JSON.parse(a.stdout)
    expect(s.results).toEqual([10, 10, 10, 10])
    expect(s.faults).toEqual({ loss: 0.1, dup: 0.1, seed: 2 })
    expect(s.faultCounts).toMatchObject({ dropped: 4, retransmitted: 4, duplicates: 1, duplicatesDiscarded: 1, spilledPackets: 0 })
    expect(s.maxTimeNs).toBe(13190.526) // 10971.806 without faults (README)
  })
})

describe('spinmpi run APP --faults', () => {
  it('injects the faults into the app\'s simulations and adds their counts to its report', async () => {
    const out = JSON.parse(await runCommand(registerRun, ['run', 'milc', '--ranks', '4', '--lattice', '4x4x4x4', '--faults', 'loss=0.05', '--json']))
    expect(out.verified).toBe(true)
    expect(out.mismatches).toBe(0)
    expect(out).toMatchObject({ faultRuns: 1, faultDropped: 3, faultRetransmitted: 3, faultDuplicates: 0 })
    const clean = JSON.parse(await runCommand(registerRun, ['run', 'milc', '--ranks', '4', '--lattice', '4x4x4x4', '--json']))
    expect(clean.faultRuns).toBeUndefined()
  })
})
