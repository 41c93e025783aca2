// SC17 ping-pong (appendix C.3.1) as sPIN handlers at the pong side. A ping that fits in one
// packet is answered from the payload handler with PutFromDevice, straight out of the packet
// buffer (streaming); a larger ping is deposited in host memory (PROCEED) and the completion
// handler answers with PutFromHost of the whole message (store and forward).

import type { ExecutionContextSpec } from '../nic/handler-api.js'
import { ReturnCode } from '../nic/return-codes.js'

/** Options of the ping-pong handler: the ping's buffer, the largest ping answered from the NIC, the pong's match bits. */
export interface PingPongOptions {
  /** Host buffer the ping lands in (and a large pong is sent from); null in timing mode. */
  readonly hostBuffer: Uint8Array | null
  /** Largest ping answered packet by packet from the NIC (the MTU). */
  readonly maxStreamBytes: number
  /** Match bits of the pong at the pinging node. */
  readonly replyMatchBits: bigint
  /** Cycles charged per handler for its own logic (reading the state, deciding). */
  readonly logicCycles?: number
}

// HPU memory layout: [0] int32 source node, [4] int32 length, [8] int32 streaming flag
const SOURCE = 0
const LENGTH = 4
const STREAM = 8

/** An execution context whose handlers answer each incoming message from the NIC, without the host (sPIN ping-pong). */
export function pingPongContext(o: PingPongOptions): ExecutionContextSpec {
  const logic = o.logicCycles ?? 4
  return {
    hpuMemBytes: 16,
    hostBuffer: o.hostBuffer,
    header: (ctx, h) => {
      ctx.cycles(logic)
      ctx.view.setInt32(SOURCE, h.source, true)
      ctx.view.setInt32(LENGTH, h.length, true)
      const stream = h.length <= o.maxStreamBytes
      ctx.view.setInt32(STREAM, stream ? 1 : 0, true)
      return stream ? ReturnCode.PROCESS_DATA : ReturnCode.PROCEED
    },
    payload: (ctx, pkt) => {
      ctx.cycles(logic)
      ctx.putFromDevice(pkt.data, 0, pkt.length, {
        target: ctx.view.getInt32(SOURCE, true), matchBits: o.replyMatchBits, remoteOffset: pkt.offset,
      })
      return ReturnCode.SUCCESS
    },
    completion: (ctx) => {
      ctx.cycles(logic)
      if (ctx.view.getInt32(STREAM, true) === 0) {
        ctx.putFromHost(0, ctx.view.getInt32(LENGTH, true), { target: ctx.view.getInt32(SOURCE, true), matchBits: o.replyMatchBits })
      }
      return ReturnCode.SUCCESS
    },
  }
}
