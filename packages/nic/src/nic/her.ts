// A handler execution request (HER): one handler invocation waiting for, or running on, an HPU.
// HERs are pooled by the NIC, so the per-packet path allocates none.

import type { Packet } from '../net/packet.js'
import type { Ps } from '../sim/time.js'
import type { ProcessedMessage } from './processed-message.js'

export const HER_HEADER = 0
export const HER_PAYLOAD = 1
export const HER_COMPLETION = 2

export class Her {
  kind = HER_PAYLOAD
  msg: ProcessedMessage<Her> | null = null
  /** The packet (header or payload HER); null for completion HERs. */
  packet: Packet | null = null
  /** Packet index within its message. */
  index = 0
  offset = 0
  length = 0
  /** Buffer bytes this HER holds (released when its handler ends). */
  bufferBytes = 0
  /** When it became ready (packet in the buffer, dependencies met). */
  readyAt: Ps = 0
  /** Virtual HPU under blockedRR, -1 when the default policy applies. */
  vhpu = -1
  /** Return code of the handler once it ran. */
  code = 0
  /** Why the handler failed (it threw, or broke an API rule), or null. */
  error: string | null = null
  /** Buffer an outbound handler fills (process-put), or null. */
  scratch: Uint8Array | null = null
  /** A second delivery of a packet run through its handler (faults, dupMode 'handler'): not counted for completion. */
  duplicate = false
}

// A stack with its own top index: Array push/pop were left as builtin calls on every packet.
export class HerPool {
  private readonly free: Her[] = []
  private top = 0

  get(): Her {
    return this.top > 0 ? this.free[--this.top]! : new Her()
  }

  put(her: Her): void {
    her.msg = null
    her.packet = null
    her.vhpu = -1
    her.bufferBytes = 0
    her.error = null
    her.scratch = null
    her.duplicate = false
    if (this.top === this.free.length) this.free.push(her)
    else this.free[this.top] = her
    this.top++
  }
}
