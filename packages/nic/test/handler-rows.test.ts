import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { receiverState } from './receiver-state.js'
import { Cluster, ReturnCode, resolveProfile, type HandlerContext, type PayloadPacket } from '../src/internal.js'

// ctx.dmaToHostRows (a handler's run list) must do what its rows as account + dmaToHost calls do,
// through a whole NIC: the same bytes in host memory, handler clocks and cycle split, DMA times
// (as the events and message records show), event numbering and counters, and, when a row is
// wrong, the same error after the same work. Several messages spread over a few HPUs, so that
// their run lists interleave in the DMA engine.

const ROW = 5

interface Scenario {
  readonly hpus: number
  readonly sizes: readonly number[]
  /** Piece lengths, cycled through as each packet is cut into pieces. */
  readonly cuts: readonly number[]
  /** Work counts per piece (cycled), booked with non-whole unit costs. */
  readonly counts: readonly (readonly [number, number])[]
  readonly data: boolean
  /**
   * Every other packet's last piece made wrong: its host range outside the ME, or (data mode) its
   * source range outside the packet. Both ways must throw the same error after the same work.
   */
  readonly bad: 'none' | 'host' | 'source'
}

function play(s: Scenario, rows: boolean) {
  const profile = resolveProfile('sc19', { 'nic.hpus': s.hpus })
  const c = new Cluster({ nodes: 2, profile, seed: 3, dataMode: s.data })
  const total = s.sizes.reduce((a, b) => a + b, 0)
  const host = new Uint8Array(total)
  const table = new Float64Array(ROW * 4096)
  let k = 0
  let packets = 0
  const errors: string[] = []
  // The pieces of a packet, reversed within the packet (a scatter), as rows.
  const cut = (pkt: PayloadPacket): number => {
    let n = 0
    for (let pos = 0; pos < pkt.length; n++) {
      const len = Math.min(s.cuts[k % s.cuts.length]!, pkt.length - pos)
      const [a, b] = s.counts[k % s.counts.length]!
      k++
      table.set([pkt.length - pos - len + pkt.offset, pos, len, a, b], n * ROW)
      pos += len
    }
    if (s.bad !== 'none' && packets++ % 2 === 1) {
      const r = (n - 1) * ROW
      if (s.bad === 'host') table[r] = 1e9
      else table[r + 1] = pkt.length
    }
    return n
  }
  const payload = (ctx: HandlerContext, pkt: PayloadPacket): ReturnCode => {
    const n = cut(pkt)
    ctx.account('setup', 5)
    try {
      if (rows) {
        ctx.dmaToHostRows(pkt.data, table, ROW, n, 0, 3.25, 7.5)
      } else {
        for (let r = 0; r < n * ROW; r += ROW) {
          ctx.account('block', table[r + 3]! * 3.25 + table[r + 4]! * 7.5)
          ctx.dmaToHost(table[r]!, pkt.data, table[r + 1]!, table[r + 2]!, { noEvent: true })
        }
      }
    } catch (err) {
      errors.push((err as Error).message)
    }
    return ReturnCode.SUCCESS
  }
  let base = 0
  s.sizes.forEach((bytes, m) => {
    const buf = host.subarray(base, base + bytes)
    c.nic(1).postMe({
      matchBits: BigInt(m + 1), length: bytes, hostBuffer: buf,
      context: { hpuMemBytes: 0, hostBuffer: s.data ? buf : null, payload, completion: (ctx) => { ctx.dmaToHost(0, null, 0, 0); return ReturnCode.SUCCESS } },
    })
    base += bytes
  })
  const src = Uint8Array.from({ length: total }, (_, i) => (i * 37 + 11) & 0xff)
  base = 0
  s.sizes.forEach((bytes, m) => {
    c.nic(0).put({ target: 1, matchBits: BigInt(m + 1), bytes, data: s.data ? src.subarray(base, base + bytes) : null })
    base += bytes
  })
  c.run()
  return { ...receiverState(c, s.data ? [host] : null), errors }
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  hpus: fc.constantFrom(1, 2, 4),
  sizes: fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 5 }),
  cuts: fc.array(fc.constantFrom(1, 16, 16, 64, 700), { minLength: 1, maxLength: 5 }),
  counts: fc.array(fc.tuple(fc.nat(3), fc.nat(2)), { minLength: 1, maxLength: 4 }),
  data: fc.boolean(),
  bad: fc.constantFrom('none', 'none', 'host', 'source'),
})

describe('ctx.dmaToHostRows (a handler run list)', () => {
  it('does what account + dmaToHost per row does, through a NIC', () => {
    fc.assert(fc.property(scenario, (s) => {
      expect(play(s, true)).toEqual(play(s, false))
    }), { numRuns: 60 })
  })

  it('rejects rows that do not fit, and a host range outside the ME after issuing the rows before it', () => {
    const profile = resolveProfile('sc19')
    const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: false })
    const errors: string[] = []
    const table = Float64Array.of(0, 0, 16, 1, 0, 16, 16, 16, 1, 0, 4000, 32, 16, 1, 0)
    let calls = 0
    c.nic(1).postMe({
      matchBits: 1n, length: 3000, hostBuffer: new Uint8Array(3000),
      context: {
        hpuMemBytes: 0, hostBuffer: null,
        payload: (ctx) => {
          try {
            if (calls++ === 0) ctx.dmaToHostRows(null, table, 5, 4, 0, 1, 1)
            else ctx.dmaToHostRows(null, table, 5, 3, 0, 1, 1)
          } catch (err) {
            errors.push((err as Error).message)
          }
          return ReturnCode.SUCCESS
        },
      },
    })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: 3000, data: null })
    c.run()
    expect(errors[0]).toBe('dmaToHostRows: 4 rows of 5 numbers do not fit 15 numbers (at least 5 per row)')
    expect(errors[1]).toBe("dmaToHost: host range [4000, 4016) outside the ME's 3000 B")
    // two packets; the second one's two rows before the bad one were written
    expect(c.nic(1).dma.writes).toBe(2)
  })
})
