// `bench goal-speed --loggopsim DIR`: a directory that is not a LogGOPSim build is refused with one
// line naming the option, before anything runs; an empty value too (zod).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { registerBench } from '../src/commands/bench.js'
import { runCommand } from './run-command.js'

describe('bench --loggopsim', () => {
  it('refuses a directory without txt2bin and LogGOPSim, and an empty value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-nolgs-'))
    await expect(runCommand(registerBench, ['bench', 'goal-speed', '--quick', '--loggopsim', dir])).rejects.toThrow(`--loggopsim: ${join(dir, 'txt2bin')} is missing or not executable`)
    await expect(runCommand(registerBench, ['bench', 'goal-speed', '--quick', '--loggopsim', ''])).rejects.toThrow('--loggopsim: expected the directory holding txt2bin and LogGOPSim')
  })
})
