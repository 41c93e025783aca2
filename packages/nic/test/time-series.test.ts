import { describe, expect, it } from 'vitest'
import { TimeSeries, TimeSeriesError } from '../src/index.js'

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

  it('refuses samples that go back in time', () => {
    const s = new TimeSeries()
    s.record(5, 1)
    expect(() => s.record(4, 1)).toThrow(TimeSeriesError)
  })
})
