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
  it('counts passed claims and marks each one', () => {
    const html = renderReport(
      [{
        name: 'fig8', title: 'vector', wallSeconds: 1.25, svgFile: 'fig8.svg',
        result: { name: 'fig8', profile: 'sc19', rows: [{ a: 1 }] },
        checks: [{ claim: 'line rate from 64 B', pass: true, measured: '198 Gbit/s' }, { claim: 'host wins at 4 B', pass: false, measured: 'no' }],
      }],
      { profile: 'sc19', quick: true },
    )
    expect(html).toContain('Claims passed: <b>1 / 2</b>')
    expect(html).toContain('<img src="fig8.svg"')
    expect(html).toContain('✘ miss')
    expect(html).toContain('quick sweep')
  })
})
