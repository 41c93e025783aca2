// The options of the protocol's bodiless puts (RTS, CTS) and of a rendezvous's data put, filled
// in place: Nic.put copies what it needs and keeps no options, and a transient put copies its
// user header, so one object per kind serves every message (a literal per put was ~60-140 B).

import type { PutOptions } from '@spinmpi/nic'

export class ScratchPut implements PutOptions {
  target = -1
  matchBits = 0n
  bytes = 0
  hdrData = 0
  /** Copied by the put (transient): refilled per message. */
  userHeader: number[]
  data: Uint8Array | null = null
  readonly transient = true

  constructor(readonly sendEvent: boolean, userHeaderLength: number) {
    this.userHeader = new Array<number>(userHeaderLength).fill(0)
  }

  fill(target: number, matchBits: bigint, bytes: number, hdrData: number, data: Uint8Array | null): this {
    this.target = target
    this.matchBits = matchBits
    this.bytes = bytes
    this.hdrData = hdrData
    this.data = data
    return this
  }
}
