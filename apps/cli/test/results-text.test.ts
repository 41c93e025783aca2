import { describe, expect, it } from 'vitest'
import { resultsText } from '../src/launch/results-text.js'
import { summaryText, type RunSummary } from '../src/launch/run-summary.js'

// The "results" row of `spinmpi run FILE`'s text summary: every rank's return value, readable at
// any rank count (--json keeps the full array).
describe('resultsText', () => {
  it('shows a value every rank returned once', () => {
    expect(resultsText([10, 10, 10, 10])).toBe('10 (every rank)')
    expect(resultsText([null, null])).toBe('null (every rank)')
    expect(resultsText([7])).toBe('7')
  })

  it('lists different values per rank, equal neighbours as a range', () => {
    expect(resultsText([1, 2, 3, 4])).toBe('0: 1, 1: 2, 2: 3, 3: 4')
    expect(resultsText([42, null, null, null])).toBe('0: 42, 1-3: null')
    expect(resultsText(['a', { x: [1, 2] }, true])).toBe('0: "a", 1: {"x":[1,2]}, 2: true')
  })

  it('keeps the first and last few of many ranks, with the count left out', () => {
    const results = Array.from({ length: 64 }, (_, r) => r * r)
    expect(resultsText(results)).toBe('0: 0, 1: 1, 2: 4, … 58 more ranks …, 61: 3721, 62: 3844, 63: 3969')
    // seven ranges fit without a gap
    expect(resultsText([0, 1, 2, 3, 4, 5, 6])).toBe('0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6')
  })

  it('cuts long values with an ellipsis and prints numbers JSON cannot hold', () => {
    const long = Array.from({ length: 100 }, (_, i) => i)
    const text = resultsText([long, 1])
    expect(text).toMatch(/^0: \[0,1,2,3,[\d,]*…, 1: 1$/)
    expect(text.split(', ')[0]!.length).toBe('0: '.length + 40)
    expect(resultsText([Number.NaN, -Infinity])).toBe('0: NaN, 1: -Infinity')
    // two long values that differ only past the cut are still two ranges
    expect(resultsText([[...long, 1], [...long, 2]]).split(', ').length).toBe(2)
  })
})

describe('summaryText', () => {
  it('has a results row', () => {
    const s: RunSummary = {
      program: 'p.ts', ranks: 2, profile: 'sc19', mode: 'data', strategy: 'auto', send: 'host', seed: 1,
      timeNs: [1, 2], maxTimeNs: 2, messages: 0, eager: { messages: 0 }, rendezvous: { messages: 0 }, packets: 0,
      payloadBytes: 0, byStrategy: {}, hpuBusyNs: 0, nicMemPeakBytes: 0, fallbacks: 0, results: [3, 5],
    }
    expect(summaryText(s)).toMatch(/^results +0: 3, 1: 5$/m)
    expect(summaryText(s)).not.toMatch(/never matched/)
    const left = { ...s, unmatchedReceives: [{ rank: 1, call: 'irecv(source=0, tag=5, count=4 x float64)' }, { rank: 1, call: 'irecv(source=0, tag=6, count=1 x int32)' }] }
    expect(summaryText(left)).toMatch(/^receives never matched +2 \(rank 1: irecv\(source=0, tag=5, count=4 x float64\), \.\.\.\)$/m)
  })

  it('a long results row does not push the numbers of the table to the right', () => {
    const s: RunSummary = {
      program: 'p.ts', ranks: 2, profile: 'sc19', mode: 'data', strategy: 'auto', send: 'host', seed: 1,
      timeNs: [1, 2], maxTimeNs: 2, messages: 120, eager: { messages: 120 }, rendezvous: { messages: 0 }, packets: 216,
      payloadBytes: 0, byStrategy: {}, hpuBusyNs: 0, nicMemPeakBytes: 0, fallbacks: 0,
      results: [{ first: 1, us: 20.723 }, { first: 0, us: 20.788 }],
    }
    const lines = summaryText(s).split('\n')
    // the value column is as wide as its widest value but the results ("sc19" and "auto / host" here)
    expect(lines[1]).toBe(`${'-'.repeat(23)}  ${'-'.repeat(11)}`)
    expect(lines).toContain(`messages                 ${' '.repeat(8)}120`)
    expect(lines).toContain('results                  0: {"first":1,"us":20.723}, 1: {"first":0,"us":20.788}')
  })
})
