import { UINT8 } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import { bcastBinomial, coreOf, prepareNicBcast, run } from '../src/internal.js'
import { onRanks } from './coll-harness.js'

type Alg = 'binomial' | 'stream' | 'store' | 'binary' | 'triggered'

/** One broadcast from rank 0 with the MEs posted before the clock starts (SC17's setup); ns. */
async function latency(profile: string, alg: Alg, ranks: number, bytes: number): Promise<number> {
  const r = await run({ ranks, profile, seed: 1, mode: 'timing' }, async (comm) => {
    const core = coreOf(comm)
    const prepared = alg === 'binomial' ? null : prepareNicBcast(core, null, bytes, UINT8, 0, alg, 'bcast')
    await comm.barrier()
    const t0 = comm.nowPs()
    if (prepared === null) await bcastBinomial(core, null, bytes, UINT8, 0)
    else await prepared.start()
    return [t0, comm.nowPs()]
  })
  return (Math.max(...r.results.map((x) => x[1])) - r.results[0][0]) / 1000
}

describe('offloaded broadcast timing', () => {
  it('SC17 profiles: streaming offload beats the host binomial tree at 8 B and 64 KiB on 64 ranks', async () => {
    for (const profile of ['spin-sc17-integrated', 'spin-sc17-discrete']) {
      for (const bytes of [8, 65536]) {
        const host = await latency(profile, 'binomial', 64, bytes)
        const stream = await latency(profile, 'stream', 64, bytes)
        const store = await latency(profile, 'store', 64, bytes)
        expect(stream, `${profile} ${bytes} B`).toBeLessThan(host)
        // Pipelining per packet never loses to forwarding whole messages from host memory.
        expect(stream, `${profile} ${bytes} B`).toBeLessThanOrEqual(store)
      }
    }
  })

  it('store-and-forward (SC17 §4.4.3): a one-packet message is forwarded from the NIC; 4 ranks, 8 B, integrated NIC, to the ns', async () => {
    // Critical path 0 -> 2 -> 3 (rank 0 sends to 2 first; 2 forwards to 3), spin-sc17-integrated:
    const o = 65 // network.overheadNs, the root's send and the leaf's receive
    const hostRead = 100 + 0.05 // pcie.readLatencyNs + 8 B over 40 lanes x 32 Gbit/s (0.05 ns): the root's put
    const hop = 183.4 + ((8 + 48) * 8) / 400 // network.latencyNs + (8 B + headerBytes) at 400 Gbit/s
    const match = 30 // nic.matchNs at each receiving NIC
    const header = 50 / 2.5 // the header handler's length test: costs.handlerBaseCycles at 2.5 GHz
    const payload = (50 + 2 + 10) / 2.5 // base, one FORWARD_LOOP_CYCLES, dmaIssueCycles: PutFromDevice to rank 3
    const deposit = 50 + 0.05 // pcie.latencyNs + 8 B: rank 3's NIC writes the packet to host memory
    const expected = o + hostRead + hop + match + header + payload + hop + match + deposit + o
    expect(expected).toBeCloseTo(753.94, 9)
    expect(await latency('spin-sc17-integrated', 'store', 4, 8)).toBeCloseTo(expected, 6)
    // streaming has no header handler; its payload handler copies to the host before the put
    // (one more issue) and waits for the 8 B to be in the packet buffer (8 B at 50 GiB/s)
    const stream = expected - header + 10 / 2.5 + 8 / (50 * 1.073741824)
    expect(await latency('spin-sc17-integrated', 'stream', 4, 8)).toBeCloseTo(stream, 2)
  })

  it('store-and-forward delivers the root\'s bytes, one packet and several (data mode)', async () => {
    for (const bytes of [100, 4096, 4097, 10000]) {
      const r = await onRanks(7, async (comm) => {
        const b = new Uint8Array(bytes)
        if (comm.rank === 0) for (let i = 0; i < b.length; i++) b[i] = (i * 11) % 251
        const prepared = prepareNicBcast(coreOf(comm), b, b.length, UINT8, 0, 'store', 'bcast')
        await comm.barrier()
        await prepared.start()
        return b.every((x, i) => x === (i * 11) % 251)
      }, { profile: 'spin-sc17-discrete' })
      expect(r.values, `${bytes} B`).toEqual([true, true, true, true, true, true, true])
    }
  })

  it('Portals 4 (triggered puts, SC17 §4.4.3): a forwarding rank pays no host overhead, so at 8 B each inner level saves o on receive and on send (2 × 65 ns)', async () => {
    const p = 'spin-sc17-integrated'
    // 4 ranks: rank 2 forwards to rank 3 (one inner level); 8 ranks: two inner levels on the way to rank 7
    expect((await latency(p, 'binomial', 4, 8)) - (await latency(p, 'triggered', 4, 8))).toBeCloseTo(130, 6)
    expect((await latency(p, 'binomial', 8, 8)) - (await latency(p, 'triggered', 8, 8))).toBeCloseTo(260, 6)
    // a leaf-only tree forwards nothing: the same as the host tree
    expect(await latency(p, 'triggered', 2, 8)).toBe(await latency(p, 'binomial', 2, 8))
    // the data still goes through host memory (deposit, then a read for the put): sPIN's streaming forward is faster
    expect(await latency(p, 'stream', 8, 8)).toBeLessThan(await latency(p, 'triggered', 8, 8))
  })

  it('Portals 4 broadcast delivers the root\'s bytes to every rank (data mode)', async () => {
    const r = await onRanks(7, async (comm) => {
      const b = new Uint8Array(5000)
      if (comm.rank === 0) for (let i = 0; i < b.length; i++) b[i] = (i * 7) % 253
      const prepared = prepareNicBcast(coreOf(comm), b, b.length, UINT8, 0, 'triggered', 'bcast')
      await comm.barrier()
      await prepared.start()
      return b.every((x, i) => x === (i * 7) % 253)
    }, { profile: 'spin-sc17-discrete' })
    expect(r.values).toEqual([true, true, true, true, true, true, true])
  })

  it('Myrinet: the NIC binary tree beats the host at 4 KiB on 16 nodes and the gain grows with nodes', async () => {
    const gain = async (n: number) => (await latency('myrinet', 'binomial', n, 4096)) / (await latency('myrinet', 'binary', n, 4096))
    const g = [await gain(4), await gain(8), await gain(16)]
    expect(g[2]).toBeGreaterThan(1.2)
    expect(g[1]).toBeGreaterThanOrEqual(g[0])
    expect(g[2]).toBeGreaterThanOrEqual(g[1])
  })

  it('sc19, 64 KiB: the host tree costs the same per level (log2 P), and auto (nic-stream) is not the fastest: nic-binary sends two copies per node, not log2 P', async () => {
    const bcastNs = async (ranks: number, algorithm: 'binomial' | 'nic-stream' | 'nic-binary' | 'auto') => {
      const r = await run({ ranks, profile: 'sc19', mode: 'timing' }, async (comm) => {
        await comm.barrier()
        const t0 = comm.nowPs()
        await comm.bcast(null, 65536, UINT8, 0, { algorithm })
        return comm.nowPs() - t0
      })
      return Math.max(...r.results)
    }
    const level = await bcastNs(2, 'binomial')
    for (const [ranks, levels] of [[16, 4], [128, 7]] as const) expect(await bcastNs(ranks, 'binomial')).toBe(levels * level)
    // docs/collectives.md, "Which bcast algorithm"
    expect(await bcastNs(16, 'auto')).toBe(await bcastNs(16, 'nic-stream'))
    expect(await bcastNs(16, 'nic-binary')).toBeLessThan(await bcastNs(16, 'auto'))
  })

  it('same inputs and seed give the same bytes and the same times', async () => {
    const once = () => onRanks(9, async (comm) => {
      const b = new Uint8Array(10000)
      if (comm.rank === 4) for (let i = 0; i < b.length; i++) b[i] = i % 251
      await comm.bcast(b, b.length, UINT8, 4, { algorithm: 'nic-stream' })
      return Array.from(b.subarray(0, 16)).concat([comm.nowPs()])
    }, { profile: 'spin-sc17-discrete' })
    const a = await once(), b = await once()
    expect(a.values).toEqual(b.values)
    expect(a.endPs).toEqual(b.endPs)
    expect(a.values[0].slice(0, 4)).toEqual([0, 1, 2, 3])
  })
})
