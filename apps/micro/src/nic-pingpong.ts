// SC17 Fig. 3 shapes: ping-pong round-trip time. RDMA: the pong host polls for the ping's
// completion, pays its overhead o and posts the pong from host memory. sPIN: the pong NIC
// answers from its handlers (PutFromDevice per packet for one-packet pings, PutFromHost from the
// completion handler for larger ones), without the host.

import { Cluster, pingPongContext, type Profile } from '@spinmpi/nic'
import { ns } from '@spinmpi/nic'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import type { ClaimCheck } from './claims.js'
import { profileFor } from './nic-common.js'

export type PingPongRow = {
  readonly mode: 'rdma' | 'spin'
  readonly bytes: number
  readonly rttNs: number
}

const SIZES = [8, 64, 512, 4096, 32768, 262144, 1048576]

async function roundTrip(profile: Profile, bytes: number, spin: boolean): Promise<number> {
  const c = new Cluster({ nodes: 2, profile, seed: 1, dataMode: false })
  c.nic(0).postMe({ matchBits: 10n, length: bytes, hostBuffer: null })
  if (spin) {
    c.nic(1).postMe({
      matchBits: 1n, length: bytes, hostBuffer: null,
      context: pingPongContext({ hostBuffer: null, maxStreamBytes: profile.network.mtuBytes, replyMatchBits: 10n }),
    })
  } else {
    c.nic(1).postMe({ matchBits: 1n, length: bytes, hostBuffer: null })
    void (async () => {
      await c.nic(1).events.next((e) => e.kind === 'put')
      await c.sim.sleep(ns(profile.network.overheadNs))
      c.nic(1).put({ target: 0, matchBits: 10n, bytes })
    })()
  }
  c.nic(0).put({ target: 1, matchBits: 1n, bytes })
  const pong = c.nic(0).events.next((e) => e.kind === 'put')
  await c.runAsync()
  return (await pong).time / 1000
}

export const pingPong: Figure = {
  name: 'pingpong',
  title: 'SC17 Fig. 3: ping-pong RTT, RDMA with CPU reply vs sPIN reply from the NIC',
  plot: { x: 'bytes', y: 'rttNs', series: 'mode', logX: true, logY: true, xLabel: 'message size', xUnit: 'bytes', yLabel: 'round-trip time', yUnit: 'ns' },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile)
    const sizes = options.quick ? [8, 4096, 65536] : SIZES
    const rows: PingPongRow[] = []
    let done = 0
    for (const bytes of sizes) {
      for (const mode of ['rdma', 'spin'] as const) {
        rows.push({ mode, bytes, rttNs: await roundTrip(profile, bytes, mode === 'spin') })
        options.onProgress?.(++done, sizes.length * 2)
      }
    }
    return { name: 'pingpong', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly PingPongRow[]
    const small = rows.reduce((m, r) => Math.min(m, r.bytes), Infinity)
    const rtt = (mode: string) => rows.find((r) => r.mode === mode && r.bytes === small)?.rttNs ?? NaN
    return [{
      claim: 'sPIN answers a small ping faster than the host CPU (no DMA round trip, no host overhead)',
      paper: 'SC17 §4.4.1 (Fig. 3): sPIN replies from the NIC buffer, "leading to a lower latency" than RDMA',
      basis: 'predicted', constants: [],
      pass: rtt('spin') < rtt('rdma'),
      measured: `${small} B: RDMA ${rtt('rdma').toFixed(0)} ns, sPIN ${rtt('spin').toFixed(0)} ns`,
    }]
  },
}
