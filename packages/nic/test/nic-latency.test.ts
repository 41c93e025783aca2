import { describe, expect, it } from 'vitest'
import { Cluster, PcieModel, ReturnCode, cyclesPs, ns, transferPs, type ExecutionContextSpec } from '../src/internal.js'

function onePut(bytes: number, spin: boolean) {
  const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
  const host = new Uint8Array(bytes)
  const ctx: ExecutionContextSpec | undefined = spin
    ? {
        hpuMemBytes: 0,
        hostBuffer: host,
        payload: (h, pkt) => { h.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true }); return ReturnCode.SUCCESS },
      }
    : undefined
  c.nic(1).postMe({ matchBits: 7n, length: bytes, hostBuffer: host, context: ctx })
  const src = Uint8Array.from({ length: bytes }, (_, i) => (i * 7 + 3) & 0xff)
  c.nic(0).put({ target: 1, matchBits: 7n, bytes, data: src })
  c.run()
  const put = c.nic(1).events.log.find((e) => e.kind === 'put')!
  const rec = c.nic(1).stats.messages[0]!
  return { c, put, rec, host, src }
}

describe('single-packet put latency (closed form)', () => {
  it('RDMA path = L + serialization + match + PCIe write', () => {
    const { c, put, host, src } = onePut(1, false)
    const p = c.profile
    const pcie = new PcieModel(p.pcie)
    const injected = put.time - (ns(p.network.latencyNs) + transferPs(1 + p.network.headerBytes, p.network.linkGbps) +
      ns(p.nic.matchNs) + pcie.wirePs(1) + pcie.writeLatencyPs)
    // injection starts once the initiator's DMA read of the payload is back
    expect(injected).toBe(pcie.wirePs(1) + pcie.readLatencyPs)
    expect(host).toEqual(src)
  })

  it('sPIN path adds buffer copy + dispatch + handler cycles (base + DMA issue)', () => {
    const rdma = onePut(1, false)
    const spin = onePut(1, true)
    const p = spin.c.profile
    const copy = Math.ceil(1e12 / (p.nic.nicMemGiBps * 2 ** 30))
    const handler = cyclesPs(p.costs.handlerBaseCycles + p.costs.dmaIssueCycles, p.nic.hpuHz)
    expect(spin.put.time - rdma.put.time).toBe(copy + ns(p.nic.handlerDispatchNs) + handler)
    expect(spin.host).toEqual(spin.src)
  })
})
