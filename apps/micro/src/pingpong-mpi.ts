// MPI-level ping-pong through @spinmpi/runtime: one-way latency and bandwidth from 1 B to 4 MiB,
// for a contiguous buffer and for a vector type (blocks of up to 64 B at stride twice the block,
// the SC19 Fig. 8 layout) unpacked by the host or offloaded ('auto'). Eager up to the profile's
// limit, rendezvous above (where the receive strategy applies). Timing mode; one round trip.

import { run, types, type Datatype, type ReceiveStrategyChoice } from '@spinmpi/runtime'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { onSubset, type ClaimCheck } from './claims.js'

export type PingPongMpiRow = {
  readonly bytes: number
  readonly type: 'contiguous' | 'vector'
  readonly strategy: ReceiveStrategyChoice
  readonly oneWayNs: number
  readonly gbps: number
}

const SIZES = [1, 8, 64, 512, 4096, 32768, 262144, 1048576, 4194304]
/** Quick: the ends and the largest size, where the claim is checked. */
const QUICK_SIZES = [1, 4096, 65536, 4194304]
const BLOCK = 64

function layout(kind: PingPongMpiRow['type'], bytes: number): Datatype {
  if (kind === 'contiguous') return types.contiguous(bytes, types.BYTE).commit()
  const block = Math.min(BLOCK, bytes)
  return types.vector(Math.ceil(bytes / block), block, 2 * block, types.BYTE).commit()
}

async function oneWayNs(profile: string, kind: PingPongMpiRow['type'], bytes: number, strategy: ReceiveStrategyChoice): Promise<number> {
  const type = layout(kind, bytes)
  const r = await run({ ranks: 2, profile, mode: 'timing', strategy }, async (comm) => {
    if (comm.rank === 0) {
      await comm.send(null, 1, type, 1, 0)
      await comm.recv(null, 1, type, 1, 0)
    } else {
      await comm.recv(null, 1, type, 0, 0)
      await comm.send(null, 1, type, 0, 0)
    }
  })
  return r.endTimes.ns[0]! / 2
}

const CASES: readonly [PingPongMpiRow['type'], ReceiveStrategyChoice][] = [['contiguous', 'auto'], ['vector', 'host'], ['vector', 'auto']]

export const pingPongMpi: Figure = {
  name: 'pingpong-mpi',
  title: 'MPI-level ping-pong (send/recv through the runtime): one-way latency and bandwidth, contiguous and vector types',
  plot: [
    { x: 'bytes', y: 'oneWayNs', series: ['type', 'strategy'], logX: true, logY: true, xLabel: 'message size', xUnit: 'bytes', yLabel: 'one-way latency', yUnit: 'ns' },
    { x: 'bytes', y: 'gbps', series: ['type', 'strategy'], logX: true, xLabel: 'message size', xUnit: 'bytes', yLabel: 'bandwidth (Gbit/s)' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = options.profile ?? 'sc19'
    const sizes = options.quick ? QUICK_SIZES : SIZES
    const rows: PingPongMpiRow[] = []
    let done = 0
    for (const [type, strategy] of CASES) {
      for (const bytes of sizes) {
        const t = await oneWayNs(profile, type, bytes, strategy)
        rows.push({ bytes, type, strategy, oneWayNs: t, gbps: (bytes * 8) / t })
        options.onProgress?.(++done, sizes.length * CASES.length)
      }
    }
    return { name: 'pingpong-mpi', profile, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly PingPongMpiRow[]
    const largest = rows.reduce((m, r) => Math.max(m, r.bytes), 0)
    const at = (type: string, strategy: string) => rows.find((r) => r.type === type && r.strategy === strategy && r.bytes === largest)
    const host = at('vector', 'host')
    const off = at('vector', 'auto')
    return [onSubset({
      claim: `offloaded unpack of a 64 B-block vector beats host unpack at ${SIZES.at(-1)} B`,
      paper: 'SC19 Fig. 8: offloaded unpack of 64 B blocks runs near line rate, far above host unpack',
      basis: 'predicted', constants: [],
      pass: host !== undefined && off !== undefined && off.oneWayNs < host.oneWayNs,
      measured: `${largest} B: host ${host?.oneWayNs.toFixed(0)} ns, offloaded ${off?.oneWayNs.toFixed(0)} ns`,
    }, largest === SIZES.at(-1), false)]
  },
}
