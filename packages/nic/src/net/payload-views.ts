// Views of the packets of a send buffer, made once per buffer and packet slot. A handler asks for
// `pkt.data` on every packet; a buffer sent again (each iteration of an app loop, each run of a
// benchmark) then hands out the views it already has instead of allocating one per packet. The
// map is weak: a buffer's views go when the buffer goes.

export type PacketViews = (Uint8Array | undefined)[]

const cache = new WeakMap<Uint8Array, PacketViews>()

/** The view slots of `data` (one per packet of a chunk cut from it). */
export function packetViews(data: Uint8Array): PacketViews {
  let views = cache.get(data)
  if (views === undefined) {
    views = []
    cache.set(data, views)
  }
  return views
}

/**
 * The view of `length` bytes at `offset` of `data`, stored in `views[slot]`. A stored view is
 * reused only if it covers exactly those bytes (a different MTU or a shorter last packet make a
 * new one). Every view in `views` is on data's buffer, which never changes.
 */
export function packetView(data: Uint8Array, views: PacketViews, slot: number, offset: number, length: number): Uint8Array {
  const start = data.byteOffset + offset
  const v = views[slot]
  if (v !== undefined && v.byteOffset === start && v.length === length) return v
  const made = new Uint8Array(data.buffer, start, length)
  views[slot] = made
  return made
}
