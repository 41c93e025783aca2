// spinmpi's own speed targets (issue #14) are neither a paper's predictions nor calibration
// targets: they carry their own basis and are counted apart.
import { describe, expect, it } from 'vitest'
import { figures, findFigure, type ClaimCheck, type FigureResult } from '../src/index.js'
import { basisText, formatTally, tallyClaims } from '../src/claims.js'

const check = (name: string, result: object): readonly ClaimCheck[] =>
  findFigure(name)!.check!({ name, profile: 'sc19', ...result } as FigureResult)

const runSpeedRows = (fftUs: number) => [
  { task: 'reference: one bare simulator event', units: 1, unit: 'op', samples: 3, clock: 'cpu', minUs: 0.01, medianUs: 0.012, maxUs: 0.02 },
  { task: 'run(): 2-rank sendrecv loop, 128 B (4000 messages)', units: 4000, unit: 'message', samples: 3, clock: 'cpu', minUs: 7, medianUs: 8.3, maxUs: 9 },
  { task: 'run(): fft2d n=256 P=32 timing, host unpack (1984 messages, set-up included)', units: 1984, unit: 'message', samples: 3, clock: 'cpu', minUs: 3, medianUs: fftUs, maxUs: 30 },
]

describe('speed targets', () => {
  it('are counted apart from predictions and calibration targets', () => {
    const c = { claim: 'x', paper: 'issue #14', constants: [], measured: '' }
    const t = tallyClaims([
      { ...c, basis: 'speed-target', pass: false }, { ...c, basis: 'speed-target', pass: true }, { ...c, basis: 'predicted', pass: true },
    ])
    expect(formatTally(t)).toBe('predictions passed 1 / 1; calibration targets met 0 / 0; speed targets met 1 / 2')
    expect(basisText({ ...c, basis: 'speed-target', pass: true })).toBe('speed target')
  })

  it('sim-speed and run-speed state theirs as speed targets; run-speed shows the µs per message', () => {
    const sim = check('sim-speed', { rows: [{ mode: 'timing', packetsPerSecond: 2e6 }, { mode: 'data', packetsPerSecond: 1.5e6, vsTiming: 0.75, runs: 3 }] })
    expect(sim.map((x) => x.basis)).toEqual(['speed-target'])
    const met = check('run-speed', { rows: runSpeedRows(3.95) })
    expect(met.map((x) => [x.basis, x.pass])).toEqual([['speed-target', true]])
    expect(met[0]!.measured).toBe('median CPU per message: 2-rank sendrecv loop, 128 B 8.3 µs; fft2d n=256 P=32 timing, host unpack 3.95 µs; one bare simulator event 0.012 µs')
    expect(check('run-speed', { rows: runSpeedRows(20.5) })[0]!.pass).toBe(false)
    const onWorker = check('run-speed', { rows: runSpeedRows(3.95).map((r) => ({ ...r, clock: 'wall' })) })[0]!
    expect([onWorker.claim.includes('judged on wall time'), onWorker.measured.startsWith('median wall time per message')]).toEqual([true, true])
  })

  it('no paper figure has a speed target, and every perf suite with claims has one', () => {
    const perf = figures.filter((f) => f.kind === 'perf' && f.check !== undefined).map((f) => f.name).sort()
    expect(perf).toEqual(['goal-speed', 'run-speed', 'sim-speed'])
  })
})
