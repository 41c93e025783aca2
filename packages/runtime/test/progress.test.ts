import { describe, expect, it } from 'vitest'
import { run, types, withProgress, type RunProgress } from '../src/index.js'

// A ring of sendrecv steps: each step wakes both ranks, so the run passes the simulator's
// yield points (every 1,024 wake-ups) several times.
const STEPS = 3000
const ring = (comm: Parameters<Parameters<typeof run>[1]>[0]) => (async () => {
  const out = Int32Array.of(comm.rank)
  const got = new Int32Array(1)
  const peer = 1 - comm.rank
  for (let i = 0; i < STEPS; i++) await comm.sendrecv(out, 1, types.INT32, peer, 0, got, 1, types.INT32, peer, 0)
  return got[0]
})()

async function reported(): Promise<{ reports: RunProgress[]; endNs: readonly number[] }> {
  const reports: RunProgress[] = []
  const r = await withProgress((p) => reports.push(p), () => run({ ranks: 2, mode: 'timing' }, ring))
  return { reports, endNs: r.endTimes.ns }
}

describe('withProgress', () => {
  it('reports a run at its start, at its yield points and once at its end, the same every time, without changing it', async () => {
    const a = await reported()
    const b = await reported()
    expect(b.reports).toEqual(a.reports)
    const { reports } = a
    expect(reports.length).toBeGreaterThanOrEqual(4)
    expect(reports[0]).toEqual({ simulatedNs: 0, events: 0, ranks: 2, ranksDone: 0, started: true, ended: false })
    const last = reports[reports.length - 1]!
    expect(reports.slice(1).every((p) => !p.started)).toBe(true)
    expect(reports.slice(0, -1).every((p) => !p.ended)).toBe(true)
    expect(last).toMatchObject({ started: false, ended: true, ranks: 2, ranksDone: 2 })
    expect(last.simulatedNs).toBe(Math.max(...a.endNs))
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]!.simulatedNs).toBeGreaterThanOrEqual(reports[i - 1]!.simulatedNs)
      expect(reports[i]!.events).toBeGreaterThan(reports[i - 1]!.events)
    }
    // The same end times as a run nobody watches.
    const plain = await run({ ranks: 2, mode: 'timing' }, ring)
    expect(plain.endTimes.ns).toEqual(a.endNs)
  })

  it('reports the end of a run that fails, and nothing of runs outside its scope', async () => {
    const reports: RunProgress[] = []
    const failing = withProgress((p) => reports.push(p), () => run({ ranks: 2 }, (comm) => {
      if (comm.rank === 1) throw new Error('boom')
      return 0
    }))
    await expect(failing).rejects.toThrow('boom')
    expect(reports).toHaveLength(2)
    expect(reports[0]).toMatchObject({ started: true, ended: false, ranksDone: 0 })
    expect(reports[1]).toMatchObject({ started: false, ended: true, ranks: 2, ranksDone: 1 })
    await run({ ranks: 2 }, () => 0)
    expect(reports).toHaveLength(2)
  })

  it('refuses a listener that is not a function', async () => {
    await expect(withProgress(42 as never, () => 0)).rejects.toThrow('withProgress: listener must be a function')
  })
})
