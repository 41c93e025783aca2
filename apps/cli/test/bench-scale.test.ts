import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runScaleCase } from '../src/scale/scale-workload.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')

// The workload of `spinmpi bench scale` (its speed is measured by the benchmark, not here).
describe('bench scale workload', () => {
  it('checks its data, and simulates the same events in timing and data mode', async () => {
    const data = await runScaleCase({ ranks: 8, mode: 'data' })
    const timing = await runScaleCase({ ranks: 8, mode: 'timing' })
    // the ring halo exchange sends 2 messages per rank; bcast and allreduce add their own
    expect(data.messages).toBeGreaterThan(2 * 8)
    expect(timing.messages).toBe(data.messages)
    expect(timing.events).toBe(data.events)
    expect(timing.simulatedNs).toBe(data.simulatedNs)
  })

  it('runs from the CLI, one child process per case', async () => {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [CLI, 'bench', 'scale', '--ranks', '4,8', '--json'], { cwd: ROOT }, (err, stdout) => (err ? reject(err) : resolve(stdout)))
    })
    const r = JSON.parse(out)
    expect(r.name).toBe('scale')
    expect(r.rows.map((row: { ranks: number; mode: string }) => `${row.ranks} ${row.mode}`)).toEqual(['4 timing', '4 data', '8 timing', '8 data'])
    for (const row of r.rows) expect(row.peakRssBytes).toBeGreaterThan(0)
    // the text table: seconds to the hundredth, right-aligned
    const text = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [CLI, 'bench', 'scale', '--ranks', '4'], { cwd: ROOT }, (err, stdout) => (err ? reject(err) : resolve(stdout)))
    })
    expect(text).toMatch(/^ {4}4 {2}timing +\d+\.\d\d +\d+\.\d\d +\d+ /m)
  })

  it('--out writes scale.json, the --json text; sweep-only options and too many ranks are one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-scale-'))
    try {
      const r = await spinmpi('bench', 'scale', '--ranks', '2', '--json', '--out', dir)
      expect(r.code).toBe(0)
      expect(readFileSync(join(dir, 'scale.json'), 'utf8')).toBe(r.stdout)
      expect(JSON.parse(r.stdout).rows.map((row: { ranks: number }) => row.ranks)).toEqual([2, 2])
      expect(await spinmpi('bench', 'scale', '--ranks', '2', '--shard', '0/2', '--out', dir)).toEqual({
        code: 1, stdout: '', stderr: 'spinmpi: --shard: not an option of bench scale (no figure sweep: to spread it over jobs, give each job its own --ranks)\n',
      })
      expect(await spinmpi('bench', 'scale', '--ranks', '256,2000000')).toEqual({
        code: 1, stdout: '', stderr: 'spinmpi: --ranks: 2000000 is more than 1048576 ranks\n',
      })
      expect((await spinmpi('bench', 'scale', '--ranks', '1e3')).stderr).toBe('spinmpi: --ranks: expected a comma-separated list of positive integers, e.g. 256,1024\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

function spinmpi(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : (err.code as number), stdout, stderr: stderr.split('\n').filter((l) => !l.startsWith('bench scale: ') && !l.startsWith('wrote ')).join('\n') }))
  })
}
