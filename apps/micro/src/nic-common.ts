// Shared pieces of the NIC micro-benchmarks: the plain copy handler the papers use for sPIN
// puts, and one measured put through a fresh two-node cluster.

import { Cluster, ReturnCode, resolveProfile, type ExecutionContextSpec, type MessageRecord, type Profile } from '@spinmpi/nic'

/** DMA options of the handlers below, made once (not one object per packet). */
const NO_EVENT = { noEvent: true } as const

/** The sPIN copy handler: every packet is written to host memory at its offset (no host event). */
export function copyContext(host: Uint8Array | null): ExecutionContextSpec {
  return {
    hpuMemBytes: 0,
    hostBuffer: host,
    payload: (ctx, pkt) => {
      ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, NO_EVENT)
      return ReturnCode.SUCCESS
    },
  }
}

/** Cycles the checksum handler spends per 4-byte word: one load and one add on an in-order core. */
export const CHECKSUM_CYCLES_PER_WORD = 1

/**
 * A handler that does real work on every payload byte: it folds the packet into a 32-bit sum kept
 * in HPU memory, then copies the packet to host memory. Its per-byte cycles make the HPUs, not
 * the link, the bottleneck until enough of them run in parallel.
 */
export function checksumContext(host: Uint8Array | null): ExecutionContextSpec {
  return {
    hpuMemBytes: 4,
    hostBuffer: host,
    payload: (ctx, pkt) => {
      const data = pkt.data
      let sum = 0
      if (data !== null) for (let i = 0; i < pkt.length; i++) sum = (sum + data[i]!) | 0
      ctx.cycles(Math.ceil(pkt.length / 4) * CHECKSUM_CYCLES_PER_WORD)
      ctx.fetchAdd(0, sum)
      ctx.dmaToHost(pkt.offset, data, 0, pkt.length, NO_EVENT)
      return ReturnCode.SUCCESS
    },
  }
}

export type PutHandlers = 'rdma' | 'copy' | 'checksum'

export interface MeasuredPut {
  readonly record: MessageRecord
  readonly cluster: Cluster
}

/** One put of `bytes` from node 0 to node 1, on the RDMA path or through a sPIN handler. */
export function measurePut(profile: Profile, bytes: number, handlers: PutHandlers, dataMode = false): MeasuredPut {
  const cluster = new Cluster({ nodes: 2, profile, seed: 1, dataMode })
  const host = cluster.hostMemory(bytes)
  const context = handlers === 'copy' ? copyContext(host) : handlers === 'checksum' ? checksumContext(host) : undefined
  cluster.nic(1).postMe({ matchBits: 1n, length: bytes, hostBuffer: host, context })
  cluster.nic(0).put({ target: 1, matchBits: 1n, bytes, data: cluster.hostMemory(bytes) })
  cluster.run()
  const record = cluster.nic(1).stats.messages[0]
  if (record === undefined) throw new Error('measurePut: the put did not complete')
  return { record, cluster }
}

/**
 * SC19 §5.2's microbenchmarks (Figs. 8, 12, 13b, 14, 15) run on 16 HPUs: those figures set it on
 * any profile, a file's or --set's included, and say so in their result's `overrides`.
 */
export const MICROBENCH_OVERRIDES = { 'nic.hpus': 16 } as const

export function profileFor(name: string | undefined, overrides: Record<string, unknown> = {}): Profile {
  return resolveProfile(name ?? 'sc19', overrides)
}
