// Views of the packets of a send buffer, made once per buffer and packet slot. A handler asks for
// `pkt.data` on every packet; a buffer sent again (each iteration of an app loop, each run of a
// benchmark) then hands out the views it already has instead of allocating one per packet. The
// map is weak: a buffer's views go when the buffer goes. Where each view starts and how long it
// is are kept beside the views in typed arrays: checking a view against its packet then reads
// one compact array instead of each view object (scattered over the heap, cold on every packet).

export class PacketViews {
  /** The send buffer's ArrayBuffer and where the send buffer starts in it (read once). */
  readonly buffer: ArrayBufferLike
  readonly byteOffset: number
  views: (Uint8Array | undefined)[] = []
  /** Per slot: byte offset of the view in the buffer (-1: none yet) and its length. */
  start = new Float64Array(16).fill(-1)
  length = new Float64Array(16)

  constructor(data: Uint8Array) {
    this.buffer = data.buffer
    this.byteOffset = data.byteOffset
  }

  grow(slot: number): void {
    let n = this.start.length
    while (n <= slot) n *= 2
    const start = new Float64Array(n).fill(-1)
    start.set(this.start)
    const length = new Float64Array(n)
    length.set(this.length)
    this.start = start
    this.length = length
  }
}

const cache = new WeakMap<Uint8Array, PacketViews>()

/** The view slots of `data` (one per packet of a chunk cut from it). */
export function packetViews(data: Uint8Array): PacketViews {
  let views = cache.get(data)
  if (views === undefined) {
    views = new PacketViews(data)
    cache.set(data, views)
  }
  return views
}

/**
 * The view of `length` bytes at `offset` of `data`, stored in slot `slot` of `views`. A stored
 * view is reused only if it covers exactly those bytes (a different MTU or a shorter last packet
 * make a new one). Every view in `views` is on data's buffer, which never changes.
 */
export function packetView(data: Uint8Array, views: PacketViews, slot: number, offset: number, length: number): Uint8Array {
  const start = views.byteOffset + offset
  if (slot < views.start.length && views.start[slot] === start && views.length[slot] === length) return views.views[slot]!
  const made = new Uint8Array(views.buffer, start, length)
  if (slot >= views.start.length) views.grow(slot)
  views.views[slot] = made
  views.start[slot] = start
  views.length[slot] = length
  return made
}
