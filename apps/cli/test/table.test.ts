import { describe, expect, it } from 'vitest'
import { formatTable } from '../src/table.js'
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

describe('renderReport', () => {
  it('opens with every claim, counting predictions and calibration targets apart', () => {
    const html = renderReport(
      [{
        name: 'fig8', title: 'vector', wallSeconds: 1.25, svgFile: 'fig8.svg',
        result: { name: 'fig8', profile: 'sc19', rows: [{ a: 1 }] },
        checks: [
          { claim: 'line rate from 64 B', paper: 'SC19 §5.2', basis: 'calibrated', constants: ['costs.pieceCycles'], pass: true, measured: '198 Gbit/s' },
          { claim: 'host wins at 4 B', paper: 'SC19 §5.2', basis: 'predicted', constants: [], pass: false, measured: 'no' },
          { claim: 'best', paper: 'SC19 §5.3', basis: 'predicted', constants: [], pass: false, measured: 'x', fullRunOnly: true },
        ],
      }],
      { profile: 'sc19', quick: true },
    )
    expect(html).toContain('predictions passed 0 / 1; calibration targets met 1 / 1; 1 claims full run only')
    expect(html).toContain('<td><a href="#fig8">fig8</a></td><td>line rate from 64 B</td><td>calibrated (<code>costs.pieceCycles</code>)</td>')
    expect(html.indexOf('class="claims"')).toBeLessThan(html.indexOf('<section'))
    expect(html).toContain('<img src="fig8.svg"')
    expect(html).toContain('✘ miss')
    expect(html).toContain('full run only</td>')
    expect(html).toContain('quick sweep')
  })
})
