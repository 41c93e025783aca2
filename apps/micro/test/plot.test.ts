import { describe, expect, it } from 'vitest'
import { figureChart, renderChart, renderFigure, type Figure } from '../src/index.js'
import { labelExpr } from '../src/plot/axes.js'
import { colorScale } from '../src/plot/colors.js'

describe('axis units', () => {
  it('label times in ns, µs, ms and s, sizes in B, KiB and MiB (Vega expressions)', () => {
    expect(labelExpr('ns')).toContain("' µs'")
    expect(labelExpr('ns')).toContain("' ms'")
    expect(labelExpr('us')).toContain('datum.value * 1000')
    expect(labelExpr('bytes')).toContain("' KiB'")
    expect(labelExpr('plain')).toBeUndefined()
  })
})

describe('colours', () => {
  it('give every series its own colour, recurring names their fixed one', () => {
    const s = colorScale(['host', 'rdma', 'x', 'y', 'spin'])
    expect(s.domain).toEqual(['host', 'rdma', 'x', 'y', 'spin'])
    expect(s.range[0]).toBe('#1f77b4')
    expect(new Set(s.range).size).toBe(5)
  })
})

describe('renderFigure', () => {
  const rows = [
    { panel: 'a', strategy: 'host', blockBytes: 4, gbps: 10 },
    { panel: 'a', strategy: 'rw-cp', blockBytes: 64, gbps: 190 },
    { panel: 'b', strategy: 'host', blockBytes: 64, nicMemBytes: 100 },
  ]
  const fig: Figure = {
    name: 't', title: 'Fig. T <test>', run: async () => ({ name: 't', profile: 'sc19', rows }),
    plot: [
      { x: 'blockBytes', y: 'gbps', series: 'strategy', panel: 'panel', logX: true, xUnit: 'bytes', hline: { field: 'line', label: 'line rate' } },
      { x: 'blockBytes', y: 'nicMemBytes', series: 'strategy', panel: 'panel', logX: true, yUnit: 'bytes' },
    ],
  }
  const result = { name: 't', profile: 'sc19', rows, line: 195 }

  it('draws one chart per plot spec and panel that has data, none for empty panels', () => {
    const spec = figureChart(fig, result)!
    expect((spec.vconcat as unknown[]).length).toBe(2)
  })

  it('renders SVG with Vega, the title escaped and every series in the legend', async () => {
    const svg = (await renderFigure(fig, result))!
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).toContain('Fig. T &lt;test&gt;')
    expect(svg).toContain('rw-cp')
    expect(svg).toContain('line rate')
    expect(await renderFigure({ ...fig, plot: undefined }, result)).toBeUndefined()
  })

  it('renders a figure\'s own chart spec', async () => {
    const svg = await renderChart({ data: { values: [{ a: 'x', b: 1 }] }, mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } })
    expect(svg).toContain('<svg')
  })
})
