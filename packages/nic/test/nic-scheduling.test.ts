import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Cluster, PcieModel, ReturnCode, ns, resolveProfile, transferPs, type SchedulingPolicy } from '../src/internal.js'

interface Run { kind: 'h' | 'p' | 'c'; index: number; hpu: number; vhpu: number; start: number; end: number }

function trace(opts: { hpus: number; bytes: number; window: number; seed: number; policy: SchedulingPolicy; cycles: number[] }) {
  const profile = resolveProfile('sc19', { 'nic.hpus': opts.hpus })
  const c = new Cluster({ nodes: 2, profile, seed: opts.seed, reorder: { window: opts.window } })
  const runs: Run[] = []
  const host = new Uint8Array(opts.bytes)
  const cyc = (i: number) => opts.cycles[i % opts.cycles.length]!
  c.nic(1).postMe({
    matchBits: 1n, length: opts.bytes, hostBuffer: host,
    context: {
      hpuMemBytes: 64, hostBuffer: host, policy: opts.policy,
      header: (ctx) => { const s = ctx.now; ctx.cycles(cyc(0)); runs.push({ kind: 'h', index: -1, hpu: ctx.hpu, vhpu: ctx.vhpu, start: s, end: ctx.now }); return ReturnCode.PROCESS_DATA },
      payload: (ctx, pkt) => {
        const s = ctx.now
        ctx.cycles(cyc(pkt.index + 1))
        ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
        runs.push({ kind: 'p', index: pkt.index, hpu: ctx.hpu, vhpu: ctx.vhpu, start: s, end: ctx.now })
        return ReturnCode.SUCCESS
      },
      completion: (ctx) => { const s = ctx.now; ctx.cycles(5); runs.push({ kind: 'c', index: -1, hpu: ctx.hpu, vhpu: ctx.vhpu, start: s, end: ctx.now }); return ReturnCode.SUCCESS },
    },
  })
  const src = Uint8Array.from({ length: opts.bytes }, (_, i) => (i * 31 + 1) & 0xff)
  c.nic(0).put({ target: 1, matchBits: 1n, bytes: opts.bytes, data: src })
  c.run()
  return { c, runs, host, src }
}

describe('HER scheduling invariants', () => {
  it('header before payloads before completion, each packet once, blocked-RR runs never concurrent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.option(fc.record({ deltaP: fc.integer({ min: 1, max: 6 }), vhpus: fc.integer({ min: 1, max: 6 }) }), { nil: undefined }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 8 }),
        (hpus, packets, window, seed, rr, cycles) => {
          const bytes = packets * 2048 - 100
          const policy: SchedulingPolicy = rr ? { kind: 'blockedRR', ...rr } : { kind: 'default' }
          const { runs, host, src, c } = trace({ hpus, bytes, window, seed, policy, cycles })
          const header = runs.filter((r) => r.kind === 'h')
          const payload = runs.filter((r) => r.kind === 'p')
          const completion = runs.filter((r) => r.kind === 'c')
          expect(header).toHaveLength(1)
          expect(completion).toHaveLength(1)
          expect(payload.map((r) => r.index).sort((a, b) => a - b)).toEqual(Array.from({ length: packets }, (_, i) => i))
          expect(payload.every((p) => p.start >= header[0]!.end && completion[0]!.start >= p.end && p.hpu < hpus)).toBe(true)
          if (rr) {
            expect(payload.every((p) => p.vhpu === Math.floor(p.index / rr.deltaP) % rr.vhpus)).toBe(true)
            let runOverlap = false
            for (const a of payload) for (const b of payload) {
              if (a !== b && Math.floor(a.index / rr.deltaP) === Math.floor(b.index / rr.deltaP)) {
                if (!(a.end <= b.start || b.end <= a.start)) runOverlap = true
              }
            }
            expect(runOverlap).toBe(false)
          }
          // no HPU runs two handlers at once
          let hpuOverlap = false
          for (const a of runs) for (const b of runs) {
            if (a !== b && a.hpu === b.hpu && !(a.end <= b.start || b.end <= a.start)) hpuOverlap = true
          }
          expect(hpuOverlap).toBe(false)
          expect(Buffer.compare(host, src)).toBe(0)
          expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(1)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('blocked-RR: a vHPU keeps its HPU for its run and runs its packets in arrival order', () => {
    const { runs } = trace({ hpus: 2, bytes: 8 * 2048, window: 1, seed: 1, policy: { kind: 'blockedRR', deltaP: 4, vhpus: 2 }, cycles: [2000] })
    const payload = runs.filter((r) => r.kind === 'p')
    // 8 packets, runs {0..3} -> vHPU 0, {4..7} -> vHPU 1; slow handlers: each vHPU stays on one HPU
    const byVhpu = [0, 1].map((v) => payload.filter((r) => r.vhpu === v))
    expect(byVhpu[0]!.map((r) => r.index)).toEqual([0, 1, 2, 3])
    expect(byVhpu[1]!.map((r) => r.index)).toEqual([4, 5, 6, 7])
    expect(new Set(byVhpu[0]!.map((r) => r.hpu)).size).toBe(1)
    expect(new Set(byVhpu[1]!.map((r) => r.hpu)).size).toBe(1)
  })
})

describe('4 MiB stream (closed form)', () => {
  it('RDMA: last byte written = first arrival + (n-1) packet times + lookup + PCIe write', () => {
    const bytes = 4 * 1024 * 1024
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1, dataMode: false })
    c.nic(1).postMe({ matchBits: 0n, length: bytes, hostBuffer: null })
    c.nic(0).put({ target: 1, matchBits: 0n, bytes })
    c.run()
    const p = c.profile
    const pcie = new PcieModel(p.pcie)
    const ser = transferPs(p.network.mtuBytes + p.network.headerBytes, p.network.linkGbps)
    const n = bytes / p.network.mtuBytes
    const rec = c.nic(1).stats.messages[0]!
    expect(rec.lastWriteAt - rec.firstByteAt).toBe((n - 1) * ser + ns(p.nic.channelLookupNs) + pcie.wirePs(p.network.mtuBytes) + pcie.writeLatencyPs)
    // the whole transfer is within 1% of size / link rate plus the pipeline fill
    const total = rec.lastWriteAt - (rec.firstByteAt - ns(p.network.latencyNs) - ser)
    const lineRate = (bytes * 8) / (total / 1000) / p.network.linkGbps
    expect(lineRate).toBeGreaterThan(0.97 * p.network.mtuBytes / (p.network.mtuBytes + p.network.headerBytes))
  })
})
