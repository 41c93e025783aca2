import { describe, expect, it } from 'vitest'
import { formatBytes, formatDuration, formatNumber, formatTable } from '../src/table.js'
import { parseOptions } from '../src/options.js'
import { z } from 'zod'
import { renderReport } from '../src/report.js'

describe('formatTable', () => {
  it('aligns text left and numbers right, with a rule under the header', () => {
    const out = formatTable([
      { strategy: 'host', gbps: 12.5, ok: true },
      { strategy: 'specialized', gbps: 190, ok: false },
    ])
    expect(out.split('\n')).toEqual([
      'strategy     gbps   ok',
      '-----------  -----  ---',
      'host         12.50  yes',
      'specialized    190  no',
    ])
  })
})

describe('units, and exponent notation for tiny numbers only', () => {
  it('scales durations, byte counts and large or tiny numbers', () => {
    expect([formatDuration(465.8), formatDuration(99_480), formatDuration(46_910_000), formatDuration(2.5e9)])
      .toEqual(['465.8 ns', '99.48 µs', '46.91 ms', '2.500 s'])
    expect([formatBytes(512), formatBytes(1784), formatBytes(1 << 20), formatBytes(3 * 2 ** 30)])
      .toEqual(['512 B', '1.742 KiB', '1 MiB', '3 GiB'])
    expect([formatNumber(469_100.5), formatNumber(12.5)]).toEqual(['469101', '12.50'])
    expect([formatNumber(6.973e-16), formatNumber(-2.5e-5), formatNumber(1.234e-4)]).toEqual(['6.973e-16', '-2.500e-5', '0.0001234'])
  })
  it('right-aligns a number in exponent notation', () => {
    expect(formatTable([{ field: 'maxRelError', value: 6.973e-16 }, { field: 'n', value: 64 }]).split('\n')).toEqual([
      'field        value',
      '-----------  ---------',
      'maxRelError  6.973e-16',
      'n                   64',
    ])
  })
  it('reads a unit from the column name', () => {
    expect(formatTable([{ latencyNs: 469_100.5, nicMemBytes: 2048, 'rate (Gbit/s)': 84.32 }]).split('\n')).toEqual([
      'latencyNs  nicMemBytes  rate',
      '---------  -----------  ------------',
      ' 469.1 µs        2 KiB  84.32 Gbit/s',
    ])
  })
  it('a missing required option is "required", a wrong one names the allowed values', () => {
    const schema = z.object({ strategy: z.enum(['host', 'rw-cp']) })
    expect(() => parseOptions(schema, {})).toThrow('--strategy: required')
    expect(() => parseOptions(schema, { strategy: 'x' })).toThrow(/--strategy: .*host/)
  })
})

describe('renderReport', () => {
  it('opens with every claim, counting predictions and calibration targets apart', () => {
    const html = renderReport(
      [{
        name: 'fig8', title: 'vector', wallSeconds: 1.25, svgFile: 'fig8.svg',
        result: { name: 'fig8', profile: 'sc19', rows: [{ a: 1 }] },
        checks: [
          { claim: 'line rate from 64 B', paper: 'SC19 §5.2', basis: 'calibrated', constants: ['costs.pieceCycles'], pass: true, measured: '198 Gbit/s' },
          { claim: 'host wins at 4 B', paper: 'SC19 §5.2', basis: 'predicted', constants: [], pass: false, measured: 'no', cause: 'the copy is cheap' },
          { claim: 'best', paper: 'SC19 §5.3', basis: 'predicted', constants: [], pass: null, measured: '0.5x far off', fullRunOnly: true },
        ],
      }],
      { profile: 'sc19', quick: true },
    )
    expect(html).toContain('predictions passed 0 / 1; calibration targets met 1 / 1; 1 claims not decided by --quick (run without --quick)')
    expect(html).toContain('<td><a href="#fig8">fig8</a><div class="meta">profile sc19</div></td><td>line rate from 64 B</td><td>calibrated (<code>costs.pieceCycles</code>)</td>')
    expect(html.indexOf('class="claims"')).toBeLessThan(html.indexOf('<section'))
    expect(html).toContain('<img src="fig8.svg"')
    expect(html).toContain('<td>no<div class="cause">cause with the figure\'s default profile: the copy is cheap</div></td>')
    expect(html).toContain('✘ miss (<a href="../docs/figures.md#every-claim-its-basis-and-its-verdict">cause</a>)')
    // an undecided claim shows no quick-sweep value, only that the full run decides it
    expect(html).toContain('<td>best</td><td>predicted</td><td>SC19 §5.3</td><td><i>not decided by --quick (run without --quick)</i></td><td class="status full">undecided</td>')
    expect(html).not.toContain('0.5x far off')
    expect(html).toContain('<p>Profile sc19 (quick sweep: fewer points than the paper; claims it cannot decide are marked ' +
      '"not decided by --quick (run without --quick)" and not counted).')
  })
})

describe('renderReport names the machine of every figure', () => {
  it('beside each claim and under each chart: the profile and what the figure set on it whatever the profile', () => {
    const entry = (name: string, profile: string, overrides?: object) => ({
      name, title: name, wallSeconds: 1,
      result: { name, profile, rows: [], ...(overrides === undefined ? {} : { overrides }) },
      checks: [{ claim: `${name} claim`, paper: 'SC19', basis: 'predicted' as const, constants: [], pass: true, measured: 'x' }],
    })
    const entries = [entry('fig8', 'sc19', { 'nic.hpus': 16 }), entry('sc17-strided', 'spin-sc17-discrete')]
    const html = renderReport(entries, { profile: undefined, quick: false })
    expect(html).toContain('<p>Each figure ran on its own default profile (sc19 unless the figure is about another machine), named under the figure\'s name below.')
    expect(html).not.toContain('Profile per figure')
    expect(html).toContain('a <i>prediction after a miss</i> is one that missed before the mechanism named beside it was added')
    expect(html).toContain('<td><a href="#fig8">fig8</a><div class="meta">profile sc19; nic.hpus = 16 (set by the figure)</div></td><td>fig8 claim</td>')
    expect(html).toContain('<td><a href="#sc17-strided">sc17-strided</a><div class="meta">profile spin-sc17-discrete</div></td>')
    expect(html).toContain('<p class="meta">0 rows, profile sc19; nic.hpus = 16 (set by the figure), 1.0 s wall;')
    expect(renderReport(entries, { profile: 'sc19+set', quick: false })).toContain('<p>Profile sc19+set.')
  })
})

describe('ratio table', () => {
  it('prints ratios in a tinybench-style box with min / median / max and samples', async () => {
    const { formatRatioTable, formatRatio } = await import('../src/ratio-table.js')
    expect([formatRatio(0.25), formatRatio(1.5), formatRatio(0.00659), formatRatio(123.4)]).toEqual(['0.250x', '1.50x', '0.00659x', '123x'])
    const out = formatRatioTable([{ task: 'pack', reference: 'copy', samples: 20, min: 0.25, median: 0.4, max: 0.5 }])
    expect(out.split('\n')).toEqual([
      '┌─────────┬───────────┬───────────┬───────────┬──────────────┬───────────┬─────────┐',
      '│ (index) │ Task name │ Reference │ Ratio min │ Ratio median │ Ratio max │ Samples │',
      '├─────────┼───────────┼───────────┼───────────┼──────────────┼───────────┼─────────┤',
      '│ 0       │ pack      │ copy      │    0.250x │       0.400x │    0.500x │      20 │',
      '└─────────┴───────────┴───────────┴───────────┴──────────────┴───────────┴─────────┘',
    ])
  })
})
