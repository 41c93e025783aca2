import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TimeSeries, TimeSeriesError } from '../src/internal.js'

describe('TimeSeries', () => {
  it('is a step function with a peak that sees overwritten values', () => {
    const s = new TimeSeries(0, 2)
    s.record(10, 3)
    s.record(10, 5) // same instant: last value wins, the peak saw 5
    s.record(10, 4)
    s.add(20, 2)
    s.record(30, 1)
    expect(s.length).toBe(3)
    expect(s.peak).toBe(6)
    expect(s.peakTime).toBe(20)
    expect([s.at(0), s.at(9), s.at(10), s.at(19), s.at(20), s.at(29), s.at(30), s.at(1e9)]).toEqual([0, 0, 4, 4, 6, 6, 1, 1])
    expect(s.last).toBe(1)
    expect(s.lastTime).toBe(30)
  })

  it('integrates value over time', () => {
    const s = new TimeSeries()
    s.record(10, 2)
    s.record(20, 4)
    // [0,10): 0, [10,20): 2*10, [20,25): 4*5
    expect(s.integral(0, 25)).toBe(40)
    expect(s.integral(15, 25)).toBe(10 + 20)
    expect(s.integral(5, 5)).toBe(0)
  })

  it('grows past its capacity and downsamples keeping each bucket max', () => {
    const s = new TimeSeries(0, 2)
    for (let i = 0; i < 1000; i++) s.record(i, i === 567 ? 99 : i % 10)
    expect(s.length).toBe(1000)
    const all = s.samples()
    expect(all.t.length).toBe(1000)
    const few = s.samples(10)
    expect(few.t.length).toBe(10)
    expect(Math.max(...few.v)).toBe(99)
    expect(few.t[5]).toBe(567)
  })

  it('keeps every sample across its storage chunks (1024 samples each after the first)', () => {
    const s = new TimeSeries(0, 64)
    // value i at time 10 i, for 5000 samples: chunk boundaries at 1024, 2048, 3072, 4096
    for (let i = 0; i < 5000; i++) s.record(10 * i, i)
    expect(s.length).toBe(5000)
    expect([s.at(10 * 1023), s.at(10 * 1024 - 1), s.at(10 * 1024), s.at(10 * 4096 + 5), s.at(1e9)]).toEqual([1023, 1023, 1024, 4096, 4999])
    expect(s.last).toBe(4999)
    expect(s.lastTime).toBe(49990)
    expect(s.peak).toBe(4999)
    // each step i lasts 10 ps: sum over i < 2048 of 10 i = 10 * 2047 * 2048 / 2
    expect(s.integral(0, 10 * 2048)).toBe(10 * 2047 * 1024)
    const all = s.samples()
    expect(all.t[1024]).toBe(10240)
    expect(all.v[4999]).toBe(4999)
    expect(all.v.every((v, i) => v === i)).toBe(true)
    s.record(49990, -1) // overwrites the last sample, in the last chunk
    expect(s.last).toBe(-1)
    expect(s.length).toBe(5000)
  })

  it('refuses samples that go back in time', () => {
    const s = new TimeSeries()
    s.record(5, 1)
    expect(() => s.record(4, 1)).toThrow(TimeSeriesError)
  })

  it('keeping the latest sample only gives the same peak, peak time, latest value and time, and stores one sample', () => {
    const stepArb = fc.array(fc.record({ dt: fc.nat(5), v: fc.integer({ min: -50, max: 50 }) }), { maxLength: 3000 })
    fc.assert(
      fc.property(stepArb, (steps) => {
        const full = new TimeSeries(3)
        const latest = new TimeSeries(3)
        latest.keepLatestOnly()
        let t = 0
        for (const { dt, v } of steps) {
          t += dt
          full.record(t, v)
          latest.record(t, v)
        }
        expect([latest.peak, latest.peakTime, latest.last, latest.lastTime]).toEqual([full.peak, full.peakTime, full.last, full.lastTime])
        expect(latest.length).toBe(Math.min(1, steps.length))
        if (steps.length > 0) expect(() => latest.record(t - 1, 0)).toThrow(TimeSeriesError)
      }),
      { numRuns: 100, seed: 99 },
    )
  })
})
