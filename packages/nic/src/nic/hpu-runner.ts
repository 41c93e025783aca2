// Runs handlers on HPUs for the scheduler: calls the right handler of the HER's execution
// context with the HPU's context object, turns a throw into a FAIL with its message, and reports
// the end time (start + dispatch cycles + charged cycles + blocking waits).

import type { DmaEngine } from '../host-link/dma-engine.js'
import type { Packet } from '../net/packet.js'
import type { HostCopies } from '../sim/host-copies.js'
import type { Ps } from '../sim/time.js'
import type { CompletionInfo, PayloadPacket } from './handler-api.js'
import { HER_COMPLETION, HER_HEADER, type Her } from './her.js'
import { HpuContext, type HpuServices } from './hpu-context.js'
import type { ProcessedMessage } from './processed-message.js'
import { ReturnCode } from './return-codes.js'
import type { HerExecutor } from './scheduler.js'

class PacketView implements PayloadPacket {
  offset = 0
  length = 0
  data: Uint8Array | null = null
  index = 0
}

class CompletionView implements CompletionInfo {
  droppedBytes = 0
  flowControlTriggered = false
  length = 0
}

export class HpuRunner implements HerExecutor {
  private readonly contexts: HpuContext[] = []
  private readonly packets: PacketView[] = []
  private readonly completion = new CompletionView()
  private readonly dma: DmaEngine<ProcessedMessage>

  constructor(private readonly services: HpuServices, private readonly baseCycles: number) {
    this.dma = services.dma
    for (let i = 0; i < services.numHpus; i++) {
      this.contexts.push(new HpuContext(i, services))
      this.packets.push(new PacketView())
    }
  }

  execute(her: Her, hpu: number, clock: Float64Array): void {
    const ctx = this.contexts[hpu]!
    const msg = her.msg!
    const context = msg.context
    const copies = this.services.hostCopies
    ctx.begin(msg, clock, her.vhpu, this.baseCycles)
    her.error = null
    this.dma.beginRide(hpu)
    try {
      if (her.kind === HER_HEADER) {
        her.code = context.header!(ctx, msg.header)
      } else if (her.kind === HER_COMPLETION) {
        const info = this.completion
        info.droppedBytes = msg.droppedBytes
        info.flowControlTriggered = msg.flowControlTriggered
        info.length = msg.header.length
        her.code = context.completion!(ctx, info)
      } else {
        const pkt = this.packets[hpu]!
        pkt.offset = her.offset
        pkt.length = her.length
        pkt.index = her.index
        let data = her.scratch
        if (data !== null) {
          // The handler reads its buffer: bytes still to be copied into that buffer go first.
          if (copies.size > 0 && copies.writesInto(data.buffer)) copies.flush()
        } else if (her.packet !== null && her.packet.messageData !== null) {
          data = this.payloadOf(ctx, her.packet, copies)
        }
        pkt.data = data
        her.code = context.payload!(ctx, pkt)
        pkt.data = null
        if (ctx.payload !== null) {
          ctx.payload = null
          ctx.payloadBuffer = null
        }
      }
    } catch (err) {
      her.code = ReturnCode.FAIL
      her.error = err instanceof Error ? `${err.name}: ${err.message}` : `handler threw ${String(err)}`
    }
    ctx.end(clock)
    // The scheduler pushes the end event right after this returns (nothing is pushed between).
    this.dma.endRide(clock)
  }

  /** An inbound packet's payload (data mode): its view, also told to the context with where it lies. */
  private payloadOf(ctx: HpuContext, packet: Packet, copies: HostCopies): Uint8Array {
    // The send buffer's ArrayBuffer and offset, kept with its views (typed-array getters cost more).
    const views = packet.views!
    const data = packet.data!
    const buffer = views.buffer
    if (copies.size > 0 && copies.writesInto(buffer)) copies.flush()
    ctx.payload = data
    ctx.payloadBuffer = buffer
    ctx.payloadStart = views.byteOffset + packet.dataOffset
    ctx.payloadLength = packet.length
    return data
  }

  finished(her: Her, hpu: number): void {
    // The lead DMA's event riding on this one runs first (it had the number just before).
    const dma = this.dma
    dma.rideDone(hpu)
    dma.settle()
    her.msg!.sink.handlerFinished(her)
  }
}
