import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { goalSpeed } from '../src/goal-speed.js'
import { findLogGopSim, parseLogGopSimTimes, runLogGopSim, sameTimes } from '../src/loggopsim.js'

// Output as LogGOPSim.cpp prints it: every host up to 16 hosts, else only the maximum.
const SMALL = 'LogGP network backend; size: 3 (1 CPUs, 1 NICs); L=2500, o=1500 g=1000, G=6, O=0, P=3, S=65535\n' +
  'PERFORMANCE: Processes: 3 \t Events: 12 \t Time: 0 s \t Speed: inf ev/s\nTimes: \nHost 0: 1500\nHost 1: 1500\nHost 2: 7084\n'
const LARGE = 'LogGP network backend; size: 65536 (1 CPUs, 1 NICs); L=2500, o=1500 g=1000, G=6, O=0, P=65536, S=65535\n' +
  'Maximum finishing time at host 0: 90272 (9.0272e-05 s)\n'

const scratch = mkdtempSync(join(tmpdir(), 'loggopsim-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('LogGOPSim side by side', () => {
  it('reads the end times LogGOPSim prints (all hosts, or the maximum and its host)', () => {
    expect(parseLogGopSimTimes(SMALL)).toEqual({ kind: 'hosts', hosts: [1500, 1500, 7084] })
    expect(parseLogGopSimTimes(LARGE)).toEqual({ kind: 'max', host: 0, max: 90272 })
    expect(parseLogGopSimTimes('receive queue on host 0 contains 8 elements!\n')).toBeNull()
  })

  it('compares them with spinmpi per rank, or by the maximum and the first rank reaching it', () => {
    const ours = { ranks: [1500, 1500, 7084], max: 7084, maxRank: 2 }
    expect(sameTimes(ours, parseLogGopSimTimes(SMALL))).toBe(true)
    expect(sameTimes({ ...ours, ranks: [1500, 1501, 7084] }, parseLogGopSimTimes(SMALL))).toBe(false)
    expect(sameTimes({ ranks: [90272, 90272], max: 90272, maxRank: 0 }, parseLogGopSimTimes(LARGE))).toBe(true)
    expect(sameTimes({ ranks: [90272, 90272], max: 90272, maxRank: 1 }, parseLogGopSimTimes(LARGE))).toBe(false)
    expect(sameTimes({ ranks: null, max: null, maxRank: null }, parseLogGopSimTimes(SMALL))).toBe(false)
    expect(sameTimes(ours, null)).toBe(false)
  })

  it('says why a directory is not a LogGOPSim build, and finds one that is', () => {
    const saved = process.env.LOGGOPSIM_DIR
    delete process.env.LOGGOPSIM_DIR
    try {
      expect(findLogGopSim()).toEqual({ available: false, reason: 'no LogGOPSim build given (--loggopsim DIR or LOGGOPSIM_DIR)' })
    } finally {
      if (saved !== undefined) process.env.LOGGOPSIM_DIR = saved
    }
    const empty = join(scratch, 'empty')
    const missing = findLogGopSim(empty)
    expect(missing.available).toBe(false)
    if (!missing.available) expect(missing.reason).toBe(`${join(empty, 'txt2bin')} is missing or not executable`)
    const build = join(scratch, 'build')
    fake(build)
    expect(findLogGopSim(build)).toEqual({ available: true, dir: build, txt2bin: join(build, 'txt2bin'), sim: join(build, 'LogGOPSim') })
  })

  it('runs txt2bin then LogGOPSim on the binary it wrote, timed, and reads the times', () => {
    const build = join(scratch, 'build2')
    fake(build)
    const found = findLogGopSim(build)
    if (!found.available) throw new Error(found.reason)
    const goal = join(scratch, 'x.goal')
    writeFileSync(goal, 'num_ranks 1\nrank 0 {\ncalc 5\n}\n')
    const r = runLogGopSim(found, goal, scratch)
    expect(r.times).toEqual({ kind: 'hosts', hosts: [1500, 1500, 7084] })
    expect(r.txt2bin.wallMs).toBeGreaterThan(0)
    expect(r.sim.wallMs).toBeGreaterThan(0)
  })
})

describe('goal-speed without a LogGOPSim build', () => {
  it('says so, carries on with the object path as its reference, and makes no LogGOPSim claim', async () => {
    const saved = process.env.LOGGOPSIM_DIR
    delete process.env.LOGGOPSIM_DIR
    try {
      const result = await goalSpeed.run({ quick: true })
      expect(result.loggopsim).toBe('not measured: no LogGOPSim build given (--loggopsim DIR or LOGGOPSIM_DIR); compare with the in-run object path only')
      expect(result.loggopsimRows).toEqual([])
      expect(result.loggopsimTarget).toBe('not measured (no LogGOPSim build)')
      expect((result.ratios as unknown[]).length).toBe(3)
      expect(goalSpeed.check!(result).map((c) => c.claim)).toEqual(['streaming GOAL reader + graph simulation is faster than the object path on every schedule (same run)'])
    } finally {
      if (saved !== undefined) process.env.LOGGOPSIM_DIR = saved
    }
  }, 120_000)
})

/** Stand-ins for the two programs: txt2bin copies -i to -o, LogGOPSim prints SMALL if -f exists. */
function fake(dir: string): void {
  mkdirSync(dir, { recursive: true })
  const t2b = join(dir, 'txt2bin')
  writeFileSync(t2b, '#!/bin/sh\n[ "$1" = -i ] && [ "$3" = -o ] && cp "$2" "$4"\n')
  const sim = join(dir, 'LogGOPSim')
  writeFileSync(sim, `#!/bin/sh\n[ "$1" = -f ] && [ -f "$2" ] && printf '%s' '${SMALL}'\n`)
  chmodSync(t2b, 0o755)
  chmodSync(sim, 0o755)
}
