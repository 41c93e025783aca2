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

describe('Fig. 15 chart', () => {
  it('draws the host\'s checkpoint creation and copy to NIC memory as spans ending at time 0, none where there is no work', async () => {
    const { fig15Chart } = await import('../src/charts/fig15-chart.js')
    const result = {
      name: 'fig15', profile: 'sc19',
      rows: [{ strategy: 'specialized', timeUs: 0, depth: 1 }, { strategy: 'rw-cp', timeUs: 0, depth: 2 }],
      hostCheckpointNs: { specialized: 0, 'rw-cp': 30000 },
      checkpointCopyNs: { specialized: 500, 'rw-cp': 1500 },
    }
    const spec = fig15Chart(result, 'Fig. 15') as { vconcat: [unknown, { layer: [{ data: { values: unknown[] } }, { data: { values: unknown[] } }] }] }
    const [bars, labels] = spec.vconcat[1].layer
    expect(bars.data.values).toEqual([
      { strategy: 'specialized', phase: 'copy to NIC memory', from: -0.5, to: 0, us: 0.5 },
      { strategy: 'rw-cp', phase: 'checkpoint creation', from: -31.5, to: -1.5, us: 30 },
      { strategy: 'rw-cp', phase: 'copy to NIC memory', from: -1.5, to: 0, us: 1.5 },
    ])
    expect(labels.data.values).toEqual([
      { strategy: 'specialized', text: '0.50 µs copy' },
      { strategy: 'rw-cp', text: '30.0 µs creation + 1.50 µs copy' },
    ])
    expect(await renderChart(spec)).toContain('checkpoint creation')
  })
})
