// The sPIN handlers of the offloaded broadcasts (SC17 appendix C.3.3, Myrinet NICVM module).
// Every forwarding node's ME carries one of these; `children` are the NIC nodes it forwards to.
//   stream : each payload handler DMAs its packet to the host and forwards it, as a one-packet
//            put, to every binomial child with PutFromDevice (pipelined, wormhole-like).
//   store  : SC17 §4.4.3 store-and-forward, as its appendix C.3.3 handlers: the header handler
//            looks at the message length. A message of one packet is forwarded straight from the
//            NIC: the payload handler puts the packet to every child with PutFromDevice (then
//            DMAs it to the host). A longer one is deposited by the NIC (PROCEED) and the
//            completion handler forwards the whole message from host memory with PutFromHost.
//   binary : each payload handler forwards its packet to the two binary-tree children first,
//            then DMAs it to the host (the NICVM module sends before the host copy).
// A forwarded packet keeps its byte offset in the message (remoteOffset), so every receiver
// writes it to the same place of its buffer whatever route it took.

import { ReturnCode, type ExecutionContextSpec, type HandlerContext, type PayloadPacket } from '@spinmpi/nic'

export type NicBcastKind = 'stream' | 'store' | 'binary'

/**
 * Cycles of the handler's own forwarding loop per iteration (reading the child's rank from
 * state, a compare and a branch, as in SC17's loop over the tree levels). Chosen: the HPU cost
 * of the put itself is charged by the NIC (dmaIssueCycles).
 */
export const FORWARD_LOOP_CYCLES = 2

/** HPU memory of the context: the child list and the message length (bytes). */
export function contextMemBytes(children: readonly number[]): number {
  return 8 + 4 * children.length
}

export interface NicBcastContextOptions {
  readonly kind: NicBcastKind
  readonly children: readonly number[]
  readonly matchBits: bigint
  /** The ME's host memory (the packed broadcast buffer), or null in timing mode. */
  readonly hostBuffer: Uint8Array | null
  /** store: the largest message forwarded from the device (one packet: the MTU). */
  readonly maxDeviceBytes: number
}

export function nicBcastContext(o: NicBcastContextOptions): ExecutionContextSpec {
  const { children, matchBits } = o
  const forwardPacket = (ctx: HandlerContext, pkt: PayloadPacket, offset: number) => {
    for (let i = 0; i < children.length; i++) {
      ctx.cycles(FORWARD_LOOP_CYCLES)
      ctx.putFromDevice(pkt.data, 0, pkt.length, { target: children[i]!, matchBits, remoteOffset: offset })
    }
  }
  const base = { hpuMemBytes: contextMemBytes(children), hostBuffer: o.hostBuffer }
  switch (o.kind) {
    case 'stream':
      return {
        ...base,
        payload: (ctx, pkt) => {
          const offset = ctx.header.remoteOffset + pkt.offset
          ctx.dmaToHost(offset, pkt.data, 0, pkt.length, { noEvent: true })
          forwardPacket(ctx, pkt, offset)
          return ReturnCode.SUCCESS
        },
      }
    case 'binary':
      return {
        ...base,
        payload: (ctx, pkt) => {
          const offset = ctx.header.remoteOffset + pkt.offset
          forwardPacket(ctx, pkt, offset)
          ctx.dmaToHost(offset, pkt.data, 0, pkt.length, { noEvent: true })
          return ReturnCode.SUCCESS
        },
      }
    case 'store':
      // The header handler's length test is in the handler's fixed cost (costs.handlerBaseCycles):
      // no cycles of its own. The appendix's payload handler only puts; the host copy the
      // receiver needs here is issued after the puts, so it does not delay the forward.
      return {
        ...base,
        header: (_ctx, h) => (h.length <= o.maxDeviceBytes ? ReturnCode.PROCESS_DATA : ReturnCode.PROCEED),
        payload: (ctx, pkt) => {
          const offset = ctx.header.remoteOffset + pkt.offset
          forwardPacket(ctx, pkt, offset)
          ctx.dmaToHost(offset, pkt.data, 0, pkt.length, { noEvent: true })
          return ReturnCode.SUCCESS
        },
        completion: (ctx, info) => {
          if (info.length <= o.maxDeviceBytes) return ReturnCode.SUCCESS
          for (let i = 0; i < children.length; i++) {
            ctx.cycles(FORWARD_LOOP_CYCLES)
            ctx.putFromHost(0, info.length, { target: children[i]!, matchBits })
          }
          return ReturnCode.SUCCESS
        },
      }
  }
}
