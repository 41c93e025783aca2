// The figures' SVGs stay readable: one colour per strategy everywhere, no lines through unrelated
// points, scales and labels that say what they show (specs checked, a few rendered).
import { describe, expect, it } from 'vitest'
import { figureChart, findFigure, renderChart } from '../src/index.js'
import { colorScale, STRATEGY_COLOURS } from '../src/plot/colors.js'
import { logTicks } from '../src/plot/line-spec.js'
import { fig12 } from '../src/fig12.js'
import { fig13 } from '../src/fig13.js'
import { fig16 } from '../src/fig16.js'
import { fig17 } from '../src/fig17.js'
import { fig19 } from '../src/fig19.js'
import { pingPongMpi } from '../src/pingpong-mpi.js'
import { modelCheck } from '../src/model-check.js'
import { bcastFigure } from '../src/bcast.js'
import type { ChartSpec } from '../src/plot/vega.js'

type Enc = Record<string, { field?: string; scale?: { domain?: unknown[]; range?: unknown[]; type?: string }; legend?: { title?: unknown; [k: string]: unknown }; axis?: Record<string, unknown> }>
type Layer = { mark: string | { type: string }; encoding: Enc; data?: { values: Record<string, unknown>[] }; transform?: unknown[] }
const panels = (spec: ChartSpec) => (spec.vconcat ?? [spec]) as { title: string; layer: Layer[] }[]
const markOf = (l: Layer) => (typeof l.mark === 'string' ? l.mark : l.mark.type)
const STRATEGIES = ['specialized', 'rw-cp', 'ro-cp', 'hpu-local'] as const

describe('strategy colours', () => {
  it('are fixed and distinct, and no other series takes a strategy\'s colour', () => {
    expect(new Set(Object.values(STRATEGY_COLOURS)).size).toBe(Object.keys(STRATEGY_COLOURS).length)
    for (const s of ['host', 'iovec', 'specialized', 'hpu-local', 'ro-cp', 'rw-cp', 'auto']) expect(STRATEGY_COLOURS[s]).toBeDefined()
    const c = colorScale(['block', 'x', 'host', 'ro-cp', 'setup'])
    expect(c.range[2]).toBe(STRATEGY_COLOURS.host)
    expect(c.range[3]).toBe(STRATEGY_COLOURS['ro-cp'])
    expect(new Set(c.range).size).toBe(5)
  })

  it('are the same in every panel of Fig. 13, the layout drawn as a named dash', () => {
    const rows = STRATEGIES.flatMap((strategy) => [
      { panel: 'a', strategy, hpus: 1, gbps: 10 }, { panel: 'a', strategy, hpus: 2, gbps: 20 },
      ...(['profile', 'compact'] as const).flatMap((layout) => [
        { panel: 'b', strategy, layout, blockBytes: 64, nicMemBytes: 100 }, { panel: 'b', strategy, layout, blockBytes: 128, nicMemBytes: 200 },
        { panel: 'c', strategy, layout, hpus: 1, nicMemBytes: 100 }, { panel: 'c', strategy, layout, hpus: 2, nicMemBytes: 200 },
      ]),
    ])
    const charts = panels(figureChart(fig13, { name: 'fig13', profile: 'sc19', rows, lineRateGbps: 200 })!)
    expect(charts.length).toBe(3)
    for (const chart of charts) {
      const color = chart.layer[0]!.encoding.color!.scale!
      expect(color.domain).toEqual([...STRATEGIES])
      expect(color.range).toEqual(STRATEGIES.map((s) => STRATEGY_COLOURS[s]))
    }
    for (const chart of charts.slice(1)) {
      const dash = chart.layer[0]!.encoding.strokeDash!
      expect(dash.legend!.title).toBe('checkpoint layout')
      // the legend draws each dash as a dark line (a dot of the default symbol cannot show a dash)
      expect(dash.legend).toMatchObject({ symbolType: 'stroke', encode: { symbols: { update: { stroke: { value: '#333' } } } } })
      expect(dash.scale!.domain!.every((d) => String(d).length > 'compact'.length)).toBe(true)
    }
  })
})

describe('model vs simulation', () => {
  const rows = [
    { app: 'WRF', input: 'a', gamma: 20, errorPct: -3 },
    { app: 'NAS_LU', input: 'b', gamma: 1, errorPct: 12 },
    { app: 'WRF', input: 'c', gamma: 5, errorPct: -20 },
  ]
  const spec = figureChart(modelCheck, { name: 'model', profile: 'sc19', rows })!
  const layers = spec.layer as Layer[]

  it('is a scatter (points, no line) over the ±25% band', async () => {
    expect(layers.map(markOf)).not.toContain('line')
    expect(layers.filter((l) => markOf(l) === 'point')[0]!.data!.values.length).toBe(3)
    const band = layers.find((l) => markOf(l) === 'rect')!
    expect(band.data!.values[0]).toMatchObject({ lo: -25, hi: 25 })
    expect(await renderChart(spec)).toContain('±25% agreement band')
  })
})

describe('Fig. 12', () => {
  const rows = STRATEGIES.flatMap((strategy, i) => [1, 16].map((gamma) => ({ strategy, gamma, initNs: 50, setupNs: 10 * i ** 4, blockNs: 20 * gamma })))
  const spec = fig12.chart!({ name: 'fig12', profile: 'sc19', rows })

  it('gives each strategy its own y scale, says so, and labels every bar with its total', async () => {
    expect(spec.resolve).toEqual({ scale: { y: 'independent' } })
    const [bars, totals] = (spec.spec as { layer: Layer[] }).layer
    expect(String(bars!.encoding.y!.axis!.title)).toContain('own scale')
    expect(totals!.encoding.text!.field).toBe('totalText')
    const svg = await renderChart(spec)
    expect(svg).toContain('own y scale')
    expect(svg).toContain('>70 ns<') // specialized, γ = 1: 50 + 0 + 20
  })
})

describe('Fig. 16', () => {
  it('says what T, S and the bar-end KiB are', async () => {
    const rows = [{ app: 'WRF', input: 'x', gamma: 2, bytes: 4096, hostNs: 5000, strategy: 'rw-cp', ns: 1000, speedup: 5, nicBytes: 2048, specfemOc: false }]
    const svg = await renderChart(fig16.chart!({ name: 'fig16', profile: 'sc19', rows }))
    expect(svg).toContain('T host unpack time · S message size')
    expect(svg).toContain('NIC memory the unpack needs')
    expect(svg).toContain('T 5.00 µs · S 4.0 KiB')
  })
})

describe('Fig. 17', () => {
  it('names each geometric mean with its value, on a white casing so the dashed host line shows beside a host bar', async () => {
    const rows = [
      { app: 'A', input: '1', strategy: 'host', memBytes: 180000, bytes: 45000 }, { app: 'A', input: '1', strategy: 'rw-cp', memBytes: 45000, bytes: 45000 },
    ]
    const spec = fig17.chart!({ name: 'fig17', profile: 'sc19', rows, geomeanHostBytes: 183795, geomeanRwCpBytes: 45006 })
    const rules = (spec.layer as Layer[]).filter((l) => markOf(l) === 'rule')
    expect(rules.map((l) => (l.mark as unknown as { strokeWidth: number }).strokeWidth)).toEqual([6, 2])
    const svg = await renderChart(spec)
    expect(svg).toContain('>RW-CP geomean 44.0 KiB<')
    expect(svg).toContain('>host geomean 179.5 KiB<')
  })
})

describe('MPI ping-pong', () => {
  it('reads sizes as B / KiB / MiB and times as µs / ms (it printed 4,194,304 and 1,000,000)', async () => {
    const rows = [1, 4096, 4194304].flatMap((bytes) => [
      { bytes, type: 'vector', strategy: 'host', oneWayNs: 1000 + bytes, gbps: 1 },
      { bytes, type: 'vector', strategy: 'auto', oneWayNs: 1000 + bytes / 2, gbps: 2 },
    ])
    const svg = await renderChart(figureChart(pingPongMpi, { name: 'pingpong-mpi', profile: 'sc19', rows })!)
    const shown = [...svg.matchAll(/<text[^>]*opacity="1"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(shown).toEqual(expect.arrayContaining(['1 B', '4 KiB', '4 MiB', '1 ms']))
    expect(shown.filter((t) => /^\d{1,3}(,\d{3})+$/.test(t!))).toEqual([])
  })
})

describe('log x axes of the line charts', () => {
  it('label the largest size measured (Fig. 8: 16 KiB at the right edge was hidden)', async () => {
    const rows = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384].map((blockBytes) => ({ strategy: 'host', blockBytes, gbps: 15 }))
    const svg = await renderChart(figureChart(findFigure('fig8')!, { name: 'fig8', profile: 'sc19', rows, lineRateGbps: 195 })!)
    expect(svg).toMatch(/<text[^>]*opacity="1"[^>]*>16 KiB<\/text>/)
  })
})

describe('Fig. 19', () => {
  it('labels the runtime axis at its decades (Vega\'s own ticks hid 100 ms and 1 s, showing 900 ms and 2 s)', async () => {
    // the full sweep's runtimes (ns), host and RW-CP, P = 16 … 1024
    const ns = [[1037985493, 804087553], [515638327, 409387850], [258005778, 208197587], [130095625, 107253044], [66408803, 52619122], [34715904, 33876294], [19073980, 19073980]]
    const rows = ns.flatMap(([host, rw], i) => [
      { ranks: 16 << i, strategy: 'host', runtimeNs: host!, speedupPct: 0 },
      { ranks: 16 << i, strategy: 'rw-cp', runtimeNs: rw!, speedupPct: (host! / rw! - 1) * 100 },
    ])
    const svg = await renderChart(fig19.chart!({ name: 'fig19', profile: 'sc19', rows }))
    const shown = [...svg.matchAll(/<text[^>]*opacity="1"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(shown).toEqual(expect.arrayContaining(['10 ms', '100 ms', '1 s']))
    expect(shown).not.toContain('900 ms')
  })
})

describe('broadcast', () => {
  const rows: Record<string, unknown>[] = []
  for (const profile of ['spin-sc17-integrated', 'myrinet']) {
    for (const algorithm of profile === 'myrinet' ? ['binomial', 'nic-binary'] : ['binomial', 'portals4', 'nic-stream', 'nic-store']) {
      for (const ranks of [2, 4, 8, 16]) for (const bytes of [8, 65536]) rows.push({ profile, algorithm, ranks, bytes, ns: 1000 * ranks + bytes })
      for (const bytes of [64, 128, 256]) rows.push({ profile, algorithm, ranks: 16, bytes, ns: 20000 + bytes }) // a size sweep at one rank count
    }
  }
  const charts = panels(figureChart(bcastFigure, { name: 'bcast', profile: 'p', rows })!)

  it('draws lines per algorithm and size over ranks, the size sweep over size, no lone dots', () => {
    expect(charts.map((c) => c.title)).toEqual([
      'profile spin-sc17-integrated: broadcast latency', 'profile myrinet: broadcast latency', 'profile myrinet: broadcast latency',
    ])
    for (const c of charts) {
      const l = c.layer[0]!
      expect(markOf(l)).toBe('line')
      expect(l.encoding.color!.field).toBe('series')
      expect(l.encoding.strokeDash!.field).toBe('dash')
      const points = (c as unknown as { data: { values: { series: string; dash: string }[] } }).data.values
      const perLine = new Map<string, number>()
      for (const p of points) perLine.set(`${p.series}/${p.dash}`, (perLine.get(`${p.series}/${p.dash}`) ?? 0) + 1)
      expect(Math.min(...perLine.values())).toBeGreaterThanOrEqual(2)
      expect(perLine.size).toBeLessThanOrEqual(8)
      expect((l.encoding.y!.axis!.values as number[]).length).toBeLessThanOrEqual(10)
    }
  })

  it('puts log ticks on powers of the base, 1-2-5 steps under three decades', () => {
    expect(logTicks([150, 90000], 10)).toEqual([100, 1000, 10000, 100000])
    expect(logTicks([1200, 9000], 10)).toEqual([1000, 2000, 5000, 10000])
  })
})
