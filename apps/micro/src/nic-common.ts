// Shared pieces of the NIC micro-benchmarks: the plain copy handler the papers use for sPIN
// puts, and one measured put through a fresh two-node cluster.

import { Cluster, ReturnCode, resolveProfile, type ExecutionContextSpec, type MessageRecord, type Profile } from '@spinmpi/nic'

/** The sPIN copy handler: every packet is written to host memory at its offset (no host event). */
export function copyContext(host: Uint8Array | null): ExecutionContextSpec {
  return {
    hpuMemBytes: 0,
    hostBuffer: host,
    payload: (ctx, pkt) => {
      ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
      return ReturnCode.SUCCESS
    },
  }
}

export interface MeasuredPut {
  readonly record: MessageRecord
  readonly cluster: Cluster
}

/** One put of `bytes` from node 0 to node 1, on the RDMA path or through the copy handler. */
export function measurePut(profile: Profile, bytes: number, spin: boolean, dataMode = false): MeasuredPut {
  const cluster = new Cluster({ nodes: 2, profile, seed: 1, dataMode })
  const host = cluster.hostMemory(bytes)
  cluster.nic(1).postMe({ matchBits: 1n, length: bytes, hostBuffer: host, context: spin ? copyContext(host) : undefined })
  cluster.nic(0).put({ target: 1, matchBits: 1n, bytes, data: cluster.hostMemory(bytes) })
  cluster.run()
  const record = cluster.nic(1).stats.messages[0]
  if (record === undefined) throw new Error('measurePut: the put did not complete')
  return { record, cluster }
}

export function profileFor(name: string | undefined, overrides: Record<string, unknown> = {}): Profile {
  return resolveProfile(name ?? 'sc19', overrides)
}
