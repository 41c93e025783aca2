import { describe, expect, it } from 'vitest'
import { findFigure } from '../src/index.js'

describe('put-bandwidth figure', () => {
  it('shows the HPUs as the bottleneck for per-byte handler work and the link for the copy handler', async () => {
    const fig = findFigure('put-bandwidth')!
    const result = await fig.run({ quick: true })
    const rows = result.rows as readonly { mode: string; hpus: number; gbps: number; lineRateGbps: number }[]
    const sum = (h: number) => rows.find((r) => r.mode === 'spin-checksum' && r.hpus === h)!.gbps
    // 512 cycles of payload work per 2 KiB packet at 800 MHz: one HPU cannot keep up with the link,
    // four HPUs go four times as fast, sixteen reach the line rate
    expect(sum(1)).toBeLessThan(0.2 * rows[0]!.lineRateGbps)
    expect(sum(4) / sum(1)).toBeCloseTo(4, 1)
    expect(sum(16)).toBeGreaterThan(0.97 * rows[0]!.lineRateGbps)
    for (const r of rows.filter((r) => r.mode === 'spin')) expect(r.gbps).toBeGreaterThan(0.97 * r.lineRateGbps)
    expect(fig.check!(result).every((c) => c.pass)).toBe(true)
  })
})
