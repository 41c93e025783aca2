import { execFile } from 'node:child_process'
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
  })
})
