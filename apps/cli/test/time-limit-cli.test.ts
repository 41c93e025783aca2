// --time-limit of `spinmpi run FILE` and `spinmpi run APP`: the duration parser, one-line errors
// for bad values, the help, an app stopped at the limit or unchanged under it, and the built CLI
// on examples/programs/poll.ts (exit code 1 and one line on stderr).
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/cli-error.js'
import { registerRun } from '../src/commands/run.js'
import { parseProgramOptions } from '../src/launch/program-options.js'
import { ProgramError, programHelp } from '../src/launch/run-program.js'
import { parseTimeLimit } from '../src/time-limit-option.js'
import { runCommand } from './run-command.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')
const run = (...words: string[]) => runCommand(registerRun, ['run', ...words])

describe('--time-limit DURATION', () => {
  it('reads a number and a unit as simulated nanoseconds (a bare number is ns)', () => {
    const cases: [string, number][] = [['10ms', 1e7], ['500us', 5e5], ['2s', 2e9], ['1.5µs', 1500], ['250', 250], [' 3 ns ', 3], ['1e3US', 1e6]]
    for (const [text, ns] of cases) expect(parseTimeLimit(text)).toBe(ns)
  })

  it('refuses a bad value with one line naming --time-limit', () => {
    const unit = 'expected a time like 10ms, 500us or 2s (units ns, us, ms, s), got'
    const cases: [string, string][] = [
      ['abc', `${unit} "abc"`], ['5h', `${unit} "5h"`], ['', `${unit} ""`], ['ten ms', `${unit} "ten ms"`],
      ['0', 'expected a positive time'], ['-1ms', 'expected a positive time'],
      ['1e10s', "expected at most 9007199254740 ns (the simulated clock's range)"],
    ]
    for (const [text, why] of cases) expect(() => parseTimeLimit(text)).toThrow(new UsageError(`--time-limit: ${why}`))
    expect(parseProgramOptions(['--time-limit', '10us']).timeLimit).toBe(1e4)
    expect(parseProgramOptions(['--time-limit=2ms']).timeLimit).toBe(2e6)
    expect(() => parseProgramOptions(['--time-limit', 'soon'])).toThrow(new UsageError(`--time-limit: ${unit} "soon"`))
    expect(() => parseProgramOptions(['--time-limit'])).toThrow(new UsageError('--time-limit: expected a value'))
  })

  it('is in the help of run FILE and of every app', async () => {
    expect(programHelp()).toMatch(/^ {2}--time-limit DURATION +stop the run when simulated time passes DURATION/m)
    for (const app of ['fft2d', 'milc', 'ddtbench']) expect(await run(app, '--help')).toMatch(/--time-limit DURATION/)
  })

  it('stops an app at the limit with one line, and leaves a run under it unchanged', async () => {
    await expect(run('fft2d', '--n', '16', '--time-limit', 'xx')).rejects.toThrow(/^--time-limit: expected a time like 10ms/)
    await expect(run('milc', '--time-limit')).rejects.toThrow(new UsageError('--time-limit: expected a value'))
    const stopped = run('fft2d', '--ranks', '4', '--n', '64', '--time-limit', '10us')
    await expect(stopped).rejects.toBeInstanceOf(ProgramError)
    await expect(stopped).rejects.toThrow(/^simulated time limit of 10 µs reached at 8\.5056 µs: 4 rank\(s\) still running: rank 0: blocked in alltoall\(/)
    const free = await run('fft2d', '--ranks', '4', '--n', '64', '--json')
    expect(await run('fft2d', '--ranks', '4', '--n', '64', '--json', '--time-limit=1s')).toBe(free)
    await expect(run('ddtbench', '--app', 'nas_mg', '--strategy', 'host', '--time-limit', '1ns')).rejects.toThrow(/^simulated time limit of 1 ns reached at /)
  })

  it('ends `spinmpi run FILE` at the limit with exit code 1 and one line on stderr', async () => {
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'run', 'examples/programs/poll.ts', '--ranks', '2', '--time-limit', '10us'], { cwd: ROOT }, (err, stdout, stderr) => {
        resolve({ code: err === null ? 0 : Number((err as { code?: number }).code ?? 1), stdout, stderr })
      })
    })
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'spinmpi: simulated time limit of 10 µs reached at 9.996 µs: 1 rank(s) still running: rank 0: last call iprobe(source=1, tag=7) on COMM_WORLD\n',
    })
  })
})
