import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseGoal, simulateLogGops } from '@spinmpi/goal'
import { run, types, type Comm } from '@spinmpi/runtime'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/cli-error.js'
import { takeGoalOption, withGoalExport } from '../src/goal-option.js'

describe('--goal FILE of spinmpi run', () => {
  it('is taken out of the app words in both spellings', () => {
    expect(takeGoalOption(['--ranks', '4', '--goal', 'a.goal', '--json'])).toEqual({ file: 'a.goal', rest: ['--ranks', '4', '--json'] })
    expect(takeGoalOption(['--goal=b.goal'])).toEqual({ file: 'b.goal', rest: [] })
    expect(takeGoalOption(['--n', '8'])).toEqual({ file: undefined, rest: ['--n', '8'] })
    expect(() => takeGoalOption(['--goal'])).toThrow('--goal: expected a file name')
    expect(() => takeGoalOption(['--goal', '--json'])).toThrow('--goal: expected a file name')
  })

  it('writes the schedule of the run the app started', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spinmpi-goal-')), 'run.goal')
    const value = await withGoalExport(file, async () => {
      const r = await run({ ranks: 4, mode: 'timing' }, (c) => c.alltoall(null, 1, types.INT32, null, 1, types.INT32))
      return r.makespanPs
    })
    expect(value).toBeGreaterThan(0)
    const sim = simulateLogGops(parseGoal(readFileSync(file, 'utf8')))
    expect(sim.unmatched).toEqual([])
    expect(sim.ranks).toHaveLength(4)
    await expect(withGoalExport(file, async () => 1)).rejects.toThrow('--goal: the app ran no simulation to export')
  })

  it('streams exactly the text RunResult.goal holds, over several chunks', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spinmpi-goal-')), 'run.goal')
    const main = async (c: Comm): Promise<void> => {
      for (let k = 0; k < 2000; k++) await c.sendrecv(null, 8, types.BYTE, c.rank ^ 1, k % 3, null, 8, types.BYTE, c.rank ^ 1, c.ANY_TAG)
    }
    await withGoalExport(file, () => run({ ranks: 4, mode: 'timing' }, main))
    const { goal } = await run({ ranks: 4, mode: 'timing', trace: 'goal' }, main)
    expect(goal!.length).toBeGreaterThan(3 << 16)
    expect(readFileSync(file, 'utf8')).toBe(goal)
  })

  it('a file in a folder that is not there fails before the run, in one line (not ENOENT after it)', async () => {
    let ran = false
    const missing = join(tmpdir(), 'spinmpi-no-such-folder', 'run.goal')
    await expect(withGoalExport(missing, async () => { ran = true })).rejects.toThrow(
      new UsageError(`--goal ${missing}: no folder ${join(tmpdir(), 'spinmpi-no-such-folder')}`))
    expect(ran).toBe(false)
    // a folder where the file should be: the run happens, the write fails with its code
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-goal-'))
    await expect(withGoalExport(dir, () => run({ ranks: 2, mode: 'timing' }, (c) => c.barrier()))).rejects.toThrow(
      new UsageError(`--goal ${dir}: cannot write (EISDIR)`))
  })
})
