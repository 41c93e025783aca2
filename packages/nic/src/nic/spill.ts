// A spill area: host memory where the NIC puts the packets of a processed message raw (packed,
// at their message offset) when it has no memory left to buffer them for a handler (the
// `nicmem` fault, docs/faults.md). The host unpacks the spilled byte ranges after completion;
// the ME's handlers never see those packets.

/** Raw packets of one ME's messages that bypassed the handlers, and where their bytes are. */
export class SpillArea {
  private data: Uint8Array | null = null
  /** Message offset and length of every spilled packet, in arrival order. */
  readonly offsets: number[] = []
  readonly lengths: number[] = []
  bytes = 0

  /** `length`: the message bytes the area can hold; `dataMode`: whether bytes are kept. */
  constructor(readonly length: number, readonly dataMode: boolean) {}

  get packets(): number {
    return this.offsets.length
  }

  /** The spilled bytes at their message offsets (allocated at the first spill), or null in timing mode. */
  get buffer(): Uint8Array | null {
    if (this.data === null && this.dataMode) this.data = new Uint8Array(this.length)
    return this.data
  }

  /** Records (and in data mode stores) `len` bytes of the message at `offset`; returns the bytes kept. */
  put(offset: number, len: number, bytes: Uint8Array | null): number {
    const fit = Math.max(0, Math.min(len, this.length - offset))
    this.offsets.push(offset)
    this.lengths.push(fit)
    this.bytes += fit
    const buf = bytes === null ? null : this.buffer
    if (buf !== null && bytes !== null && fit > 0) buf.set(fit === len ? bytes : bytes.subarray(0, fit), offset)
    return fit
  }
}
