import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseGoal, simulateLogGops } from '@spinmpi/goal'
import { run, types } from '@spinmpi/runtime'
import { describe, expect, it } from 'vitest'
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
})
