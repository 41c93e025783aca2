// The options of a posted receive's ME, as an object of fixed shape: a series receive keeps one
// and refills it at each post (recv-protocol.ts), instead of a literal of eight fields per
// receive. The NIC reads them while the ME is linked and while its message arrives (userPtr,
// length); a series receive is given back only after its message was delivered and observed.

import type { MeOptions } from '@spinmpi/nic'

/** Match bits no message has (a constant: `-1n` in a method makes a BigInt per call). */
const POISON_BITS = -1n

export class RecvMeOptions implements MeOptions {
  matchBits = 0n
  ignoreBits = 0n
  source = 0
  readonly list = 'priority' as const
  readonly useOnce = true
  hostBuffer: Uint8Array | null = null
  length = 0
  userPtr = 0

  fill(matchBits: bigint, ignoreBits: bigint, source: number, hostBuffer: Uint8Array | null, length: number, userPtr: number): this {
    this.matchBits = matchBits
    this.ignoreBits = ignoreBits
    this.source = source
    this.hostBuffer = hostBuffer
    this.length = length
    this.userPtr = userPtr
    return this
  }

  /** Its receive went back to the pool: values no posted ME has, so a stale read shows. */
  poison(): void {
    this.matchBits = POISON_BITS
    this.ignoreBits = 0n
    this.source = -3
    this.hostBuffer = null
    this.length = -1
    this.userPtr = -1
  }
}
