// SC19 §3.1 / Fig. 4: sending a non-contiguous 1 MiB vector (stride 2 × block) by host pack,
// streaming puts (one chunk per contiguous region as the CPU finds it) or outbound sPIN
// (process-put handlers fill each packet). Throughput from the send call to the last byte in
// place at the receiver (specialized unpack); host busy time is the sender CPU's share.

import { BYTE, vector } from '@spinmpi/ddt'
import { SEND_STRATEGIES, type SendStrategyName } from '@spinmpi/runtime/internal'
import { runUnpack } from '@spinmpi/runtime/harness'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { covers, onSubset, type ClaimCheck } from './claims.js'
import { profileFor } from './nic-common.js'

export type SenderRow = { readonly strategy: SendStrategyName; readonly blockBytes: number; readonly gbps: number; readonly hostBusyNs: number }

const BYTES = 1024 * 1024
const BLOCKS = [64, 256, 1024, 4096, 16384]

export const sender: Figure = {
  name: 'sender',
  title: 'SC19 §3.1: host pack vs streaming puts vs outbound sPIN for a 1 MiB vector (outbound frees the CPU)',
  plot: [
    { x: 'blockBytes', y: 'gbps', series: 'strategy', logX: true, xLabel: 'block size', xUnit: 'bytes', yLabel: 'throughput (Gbit/s)' },
    { x: 'blockBytes', y: 'hostBusyNs', series: 'strategy', logX: true, logY: true, xLabel: 'block size', xUnit: 'bytes', yLabel: 'sender CPU busy', yUnit: 'ns' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile)
    // quick too: the claims cover every block size
    const blocks = BLOCKS
    const rows: SenderRow[] = []
    let done = 0
    for (const blockBytes of blocks) {
      const type = vector(BYTES / blockBytes, blockBytes, 2 * blockBytes, BYTE).commit()
      for (const strategy of SEND_STRATEGIES) {
        const r = runUnpack({ type, strategy: 'specialized', profile, sendStrategy: strategy })
        if (r.verified !== true) throw new Error(`sender: ${strategy} at ${blockBytes} B delivered wrong bytes`)
        rows.push({ strategy, blockBytes, gbps: (BYTES * 8) / r.endToEndNs, hostBusyNs: r.senderHostBusyNs })
        options.onProgress?.(++done, blocks.length * SEND_STRATEGIES.length)
      }
    }
    return { name: 'sender', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly SenderRow[]
    const sizes = [...new Set(rows.map((r) => r.blockBytes))]
    const at = (s: SendStrategyName, b: number) => rows.find((r) => r.strategy === s && r.blockBytes === b)!
    const outboundFree = sizes.every((b) => at('outbound', b).hostBusyNs < at('host', b).hostBusyNs && at('outbound', b).hostBusyNs < at('stream', b).hostBusyNs)
    const big = Math.max(...sizes)
    const complete = covers(sizes, BLOCKS)
    return [
      onSubset({
        claim: 'outbound sPIN leaves the sender CPU least busy at every block size',
        paper: 'SC19 §3.1: outbound sPIN handlers build the packets, so the sender CPU only starts the put',
        basis: 'predicted', constants: [],
        pass: outboundFree, measured: sizes.map((b) => `${b} B: ${at('outbound', b).hostBusyNs.toFixed(0)} vs host ${at('host', b).hostBusyNs.toFixed(0)} ns`).join('; '),
      }, complete, true),
      onSubset({
        claim: `streaming puts beat host pack at ${BLOCKS.at(-1)} B blocks (overlap of finding and sending)`,
        paper: 'SC19 §3.1: streaming puts overlap finding the regions with sending them',
        basis: 'predicted', constants: [],
        pass: at('stream', big).gbps > at('host', big).gbps, measured: `${big} B: stream ${at('stream', big).gbps.toFixed(1)}, host ${at('host', big).gbps.toFixed(1)} Gbit/s`,
      }, big === BLOCKS.at(-1), false),
    ]
  },
}
