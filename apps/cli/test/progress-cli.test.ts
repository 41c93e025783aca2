// Progress of `spinmpi run` on stderr (progress-line.ts): redrawn in place on a terminal, spaced
// lines in a log with --progress; the options' help; and the built CLI printing the same stdout
// with and without it.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunProgress } from '@spinmpi/runtime'
import { describe, expect, it } from 'vitest'
import { registerRun } from '../src/commands/run.js'
import { parseProgramOptions } from '../src/launch/program-options.js'
import { programHelp } from '../src/launch/run-program.js'
import { progressListener, progressText, takeProgressOption } from '../src/progress-line.js'
import { runCommand } from './run-command.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = join(ROOT, 'apps/cli/dist/main.js')

const at = (simulatedNs: number, events: number, ranksDone: number, ended = false): RunProgress => ({ simulatedNs, events, ranks: 8, ranksDone, started: false, ended })
/** The report a run makes before its first event. */
const begun: RunProgress = { simulatedNs: 0, events: 0, ranks: 8, ranksDone: 0, started: true, ended: false }

/** Feeds `reports` at the given wall-clock ms to a listener over a fake sink; returns what it wrote. */
function drawn(tty: boolean, reports: readonly [number, RunProgress][]): string[] {
  const out: string[] = []
  let now = 0
  const listen = progressListener({ tty, write: (t) => out.push(t), now: () => now })
  for (const [ms, p] of reports) {
    now = ms
    listen(p)
  }
  return out
}

const cliRun = (words: readonly string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  execFile(process.execPath, [CLI, 'run', ...words], { cwd: ROOT }, (err, stdout, stderr) => {
    resolve({ code: err === null ? 0 : Number((err as { code?: number }).code ?? 1), stdout, stderr })
  })
})

describe('progress of spinmpi run', () => {
  it('says how far a run got in one line', () => {
    expect(progressText(at(1_250_000, 3_400_000, 5), 12_300)).toBe('simulated 1.250 ms in 12 s (3.40 M events, 5 of 8 ranks done)')
    expect(progressText(at(999, 999, 0), 0)).toBe('simulated 999 ns in 0 s (999 events, 0 of 8 ranks done)')
    expect(progressText(at(2.5e9, 12_345, 8), 1500)).toBe('simulated 2.500 s in 2 s (12.3 k events, 8 of 8 ranks done)')
  })

  it('redraws one line on a terminal at most every 200 ms and erases it when the run ends', () => {
    expect(drawn(true, [[1000, at(1e3, 10, 0)], [1100, at(2e3, 20, 0)], [1250, at(3e3, 30, 1)], [1300, at(4e3, 40, 8, true)]])).toEqual([
      '\r\x1b[Kspinmpi: simulated 1.000 µs in 0 s (10 events, 0 of 8 ranks done)',
      '\r\x1b[Kspinmpi: simulated 3.000 µs in 0 s (30 events, 1 of 8 ranks done)',
      '\r\x1b[K',
    ])
  })

  it('writes a log line at most every 10 s, and one when each run ends', () => {
    expect(drawn(false, [[0, at(1e6, 1, 0)], [5000, at(2e6, 2, 0)], [10_000, at(3e6, 3, 4)], [12_000, at(4e6, 4, 8, true)], [13_000, at(5e3, 5, 8, true)]])).toEqual([
      'spinmpi: simulated 1.000 ms in 0 s (1 events, 0 of 8 ranks done)\n',
      'spinmpi: simulated 3.000 ms in 10 s (3 events, 4 of 8 ranks done)\n',
      'spinmpi: simulated 4.000 ms in 12 s (4 events, 8 of 8 ranks done); run ended\n',
      // a second run counts its own wall time
      'spinmpi: simulated 5.000 µs in 0 s (5 events, 8 of 8 ranks done); run ended\n',
    ])
  })

  it('times a run from the report at its start, which it does not draw', () => {
    // on a terminal: the first line, 4 s after the start, says 4 s (not 0 s, as timed from itself)
    expect(drawn(true, [[1000, begun], [5000, at(1e3, 10, 0)], [5100, at(2e3, 20, 8, true)]])).toEqual([
      '\r\x1b[Kspinmpi: simulated 1.000 µs in 4 s (10 events, 0 of 8 ranks done)',
      '\r\x1b[K',
    ])
    // in a log: the first line 10 s after the start, not at the first report; each run from its own start
    expect(drawn(false, [[0, begun], [3000, at(1e6, 1, 0)], [10_000, at(2e6, 2, 0)], [11_000, at(3e6, 3, 8, true)], [20_000, begun], [23_000, at(4e6, 4, 8, true)]])).toEqual([
      'spinmpi: simulated 2.000 ms in 10 s (2 events, 0 of 8 ranks done)\n',
      'spinmpi: simulated 3.000 ms in 11 s (3 events, 8 of 8 ranks done); run ended\n',
      'spinmpi: simulated 4.000 ms in 3 s (4 events, 8 of 8 ranks done); run ended\n',
    ])
  })

  it('is an option of run FILE and of every app, in their help', async () => {
    expect(parseProgramOptions(['--progress']).progress).toBe(true)
    expect(parseProgramOptions([]).progress).toBe(false)
    expect(takeProgressOption(['--n', '16', '--progress', '--json'])).toEqual({ forced: true, rest: ['--n', '16', '--json'] })
    expect(programHelp()).toMatch(/^ {2}--progress +report progress on stderr even when it is not a terminal/m)
    for (const app of ['fft2d', 'milc', 'ddtbench']) expect(await runCommand(registerRun, ['run', app, '--help'])).toMatch(/--progress +report progress on stderr/)
  })

  it('leaves stdout as it is: run FILE and run APP with --progress print the same, plus progress on stderr', async () => {
    for (const words of [['examples/programs/hello.ts', '--ranks', '4', '--json'], ['fft2d', '--ranks', '16', '--n', '256', '--timing', '--json']]) {
      const plain = await cliRun(words)
      const watched = await cliRun([...words, '--progress'])
      expect(plain).toMatchObject({ code: 0, stderr: '' })
      expect(watched.code).toBe(0)
      expect(watched.stdout).toBe(plain.stdout)
      expect(watched.stderr).toMatch(/^(spinmpi: simulated [\d.]+ [µm]?s in \d+ s \([\d.]+( [kM])? events, \d+ of \d+ ranks done\)(; run ended)?\n)+$/)
      expect(watched.stderr).toMatch(/ranks done\); run ended\n$/)
    }
  })
})
