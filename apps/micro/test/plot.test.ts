import { describe, expect, it } from 'vitest'
import { lineChart, renderFigure, type Figure } from '../src/index.js'
import { linearScale, logScale } from '../src/plot/scale.js'

describe('scales', () => {
  it('maps a linear domain onto nice ticks covering the data', () => {
    const s = linearScale(0, 97, 0, 100)
    expect(s.ticks[0]).toBe(0)
    expect(s.ticks.at(-1)).toBe(100)
    expect(s(50)).toBe(50)
  })

  it('uses powers of two for byte-like log axes and places them evenly', () => {
    const s = logScale(4, 16384, 0, 120)
    expect(s.ticks).toEqual([4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384])
    expect(s(4)).toBeCloseTo(0)
    expect(s(16384)).toBeCloseTo(120)
    expect(s(128)).toBeCloseTo(50)
    expect(s.format(16384)).toBe('16Ki')
  })
})

describe('lineChart', () => {
  const rows = [
    { strategy: 'host', blockBytes: 4, gbps: 10 },
    { strategy: 'host', blockBytes: 64, gbps: 40 },
    { strategy: 'rw-cp', blockBytes: 4, gbps: 5 },
    { strategy: 'rw-cp', blockBytes: 64, gbps: 190 },
  ]

  it('draws one path per series, a legend entry each, and the reference line', () => {
    const svg = lineChart(rows, { x: 'blockBytes', y: 'gbps', series: 'strategy', logX: true, hline: { field: 'line', label: 'line rate' } }, 'Fig. 8 <test>', { line: 200 })
    expect(svg.match(/<path /g)).toHaveLength(2)
    expect(svg.match(/<circle /g)).toHaveLength(4)
    expect(svg).toContain('>host<')
    expect(svg).toContain('>rw-cp<')
    expect(svg).toContain('line rate')
    expect(svg).toContain('Fig. 8 &lt;test&gt;')
    expect(svg.startsWith('<svg')).toBe(true)
  })

  it('says so when no row has plottable values', () => {
    expect(lineChart([{ a: 'x' }], { x: 'a', y: 'b' }, 't')).toContain('no data')
  })
})

describe('renderFigure', () => {
  it('splits panels into stacked charts and skips figures without a plot', async () => {
    const fig: Figure = {
      name: 'f', title: 'F', plot: { x: 'x', y: 'y', panel: 'panel' },
      run: async () => ({ name: 'f', profile: 'p', rows: [] }),
    }
    const result = { name: 'f', profile: 'p', rows: [{ panel: 'a', x: 1, y: 2 }, { panel: 'b', x: 1, y: 3 }, { panel: 'b', x: 2, y: 1 }] }
    const svg = renderFigure(fig, result)!
    expect(svg.match(/<g transform/g)).toHaveLength(2)
    expect(svg).toContain('F (panel a)')
    expect(renderFigure({ ...fig, plot: undefined }, result)).toBeUndefined()
  })
})
