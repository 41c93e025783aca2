// What every message of one (type, count) shares, made at the first message and kept with the
// committed type: receive layouts, dataloop sizes, segment shapes, iovec lists. A committed type
// never changes, so an entry never goes stale; the map is weak on the type, so entries go when
// the type does. Planning a receive then builds nothing that depends only on the type, which at
// millions of messages was a large part of each receive's set-up.

import type { Datatype } from '@spinmpi/ddt'

/** Counts kept per type (older counts are rebuilt when asked again), as ddt keeps its programs. */
const COUNTS_PER_TYPE = 8

/** A memo of `build(type, count)` per committed type and count. */
export class TypeCountCache<T> {
  private readonly byType = new WeakMap<Datatype, Map<number, T>>()

  /** `countsPerType`: how many counts of one type are kept (Infinity: all). */
  constructor(
    private readonly build: (type: Datatype, count: number) => T,
    private readonly countsPerType = COUNTS_PER_TYPE,
  ) {}

  /** The entry of (type, count), built at the first call. */
  get(type: Datatype, count: number): T {
    let perType = this.byType.get(type)
    if (perType === undefined) {
      perType = new Map()
      this.byType.set(type, perType)
    }
    let hit = perType.get(count)
    if (hit === undefined) {
      hit = this.build(type, count)
      if (perType.size >= this.countsPerType) perType.delete(perType.keys().next().value as number)
      perType.set(count, hit)
    }
    return hit
  }
}
