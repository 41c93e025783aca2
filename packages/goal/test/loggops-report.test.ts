// Output of a run: LogGOPSim-style text and the JSON form.
import { describe, expect, it } from 'vitest'
import { GoalBuilder } from '../src/goal-builder.js'
import { simulateLogGops } from '../src/loggops.js'
import { formatCppDouble, formatLogGopsText, logGopsJson } from '../src/loggops-report.js'
import { oneMessage } from './helpers.js'

describe('formatCppDouble (std::ostream << double)', () => {
  it.each([
    [5.5e-6, '5.5e-06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [22000 / 1e9, '2.2e-05'],
    [1.2345678, '1.23457'],
    [123456789, '1.23457e+08'],
    [100000, '100000'],
    [0.5, '0.5'],
    [0, '0'],
  ])('%d -> %s', (x, s) => expect(formatCppDouble(x)).toBe(s))
})

describe('formatLogGopsText', () => {
  it('prints each host and the maximum like LogGOPSim', () => {
    expect(formatLogGopsText(simulateLogGops(oneMessage(1)))).toBe(
      'LogGOPS: L=2500 o=1500 g=1000 G=6 O=0 S=65535; 2 ranks (1 CPUs, 1 NICs each)\n' +
        'Host 0: 1500\nHost 1: 5500\nMaximum finishing time at host 1: 5500 (5.5e-06 s)\n',
    )
  })

  it('lists unmatched operations instead of times', () => {
    const b = new GoalBuilder(2)
    b.rank(0).send(16, 1, { tag: 1, label: 'lost' })
    b.rank(1).recv(4, -1, { tag: -1 })
    b.rank(1).recv(4, 0, { tag: 2 })
    const text = formatLogGopsText(simulateLogGops(b.build()))
    expect(text).toBe(
      'LogGOPS: L=2500 o=1500 g=1000 G=6 O=0 S=65535; 2 ranks (1 CPUs, 1 NICs each)\n' +
        '1 operation(s) left unmatched; no finishing times:\n' +
        '  rank 1: receive from rank 0 tag 2 (4 bytes, recv #1) was never matched\n',
    )
  })
})

describe('logGopsJson', () => {
  it('gives ranks and max', () => {
    const json = logGopsJson(simulateLogGops(oneMessage(1))) as Record<string, unknown>
    expect(json.ranks).toEqual([1500, 5500])
    expect(json.max).toBe(5500)
    expect(json.maxRank).toBe(1)
    expect(json.unmatched).toEqual([])
  })
})
