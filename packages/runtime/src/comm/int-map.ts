// A map from non-negative integer keys to values, for the endpoint's routes (userPtr -> handler,
// message id -> send completion): an entry is made and removed per message. A JS Map under that
// churn rebuilds its table every few insertions (removed entries keep their slots until a rehash)
// and allocated a few hundred bytes per message. Open addressing with linear probing and
// backward-shift deletion allocates only when it grows (load above one half).

const EMPTY = -1

export class IntMap<V> {
  /**
   * Key of slot i at 2i, its value at 2i + 1: one array, so a lookup reads one or two cache lines
   * (a rank's map is cold by the time its next message comes); keys below 2^30 are small integers.
   */
  private slots: unknown[]
  private mask: number
  size = 0

  constructor(capacity = 16) {
    let c = 16
    while (c < 2 * capacity) c *= 2
    this.slots = emptySlots(c)
    this.mask = c - 1
  }

  get(key: number): V | undefined {
    const slots = this.slots
    for (let i = slotOf(key, this.mask); ; i = (i + 1) & this.mask) {
      const k = slots[2 * i]
      if (k === key) return slots[2 * i + 1] as V
      if (k === EMPTY) return undefined
    }
  }

  has(key: number): boolean {
    const slots = this.slots
    for (let i = slotOf(key, this.mask); ; i = (i + 1) & this.mask) {
      const k = slots[2 * i]
      if (k === key) return true
      if (k === EMPTY) return false
    }
  }

  /** Sets key (an integer >= 0) to value. */
  set(key: number, value: V): void {
    if (!(Number.isInteger(key) && key >= 0)) throw new RangeError(`IntMap: key ${key} is not a non-negative integer`)
    const slots = this.slots
    let i = slotOf(key, this.mask)
    for (; ; i = (i + 1) & this.mask) {
      const k = slots[2 * i]
      if (k === key) {
        slots[2 * i + 1] = value
        return
      }
      if (k === EMPTY) break
    }
    slots[2 * i] = key
    slots[2 * i + 1] = value
    if (++this.size * 2 > this.mask + 1) this.grow()
  }

  /** Removes key; true if it was there. */
  delete(key: number): boolean {
    const slots = this.slots
    const mask = this.mask
    let i = slotOf(key, mask)
    for (; ; i = (i + 1) & mask) {
      const k = slots[2 * i]
      if (k === key) break
      if (k === EMPTY) return false
    }
    // backward shift: move later entries of the probe run into the hole when their home allows
    let hole = i
    for (let j = (i + 1) & mask; slots[2 * j] !== EMPTY; j = (j + 1) & mask) {
      const home = slotOf(slots[2 * j] as number, mask)
      // the entry at j may fill the hole unless its home lies cyclically in (hole, j]
      const between = hole <= j ? home > hole && home <= j : home > hole || home <= j
      if (between) continue
      slots[2 * hole] = slots[2 * j]
      slots[2 * hole + 1] = slots[2 * j + 1]
      hole = j
    }
    slots[2 * hole] = EMPTY
    slots[2 * hole + 1] = undefined
    this.size--
    return true
  }

  /** Calls `fn` with every entry, in slot order (cold: end-of-run reports). */
  forEach(fn: (key: number, value: V) => void): void {
    const slots = this.slots
    for (let i = 0; i < slots.length; i += 2) if (slots[i] !== EMPTY) fn(slots[i] as number, slots[i + 1] as V)
  }

  private grow(): void {
    const old = this.slots
    const c = 2 * (this.mask + 1)
    this.slots = emptySlots(c)
    this.mask = c - 1
    this.size = 0
    for (let i = 0; i < old.length; i += 2) if (old[i] !== EMPTY) this.set(old[i] as number, old[i + 1] as V)
  }
}

/** `c` empty slots: keys EMPTY, values undefined. */
function emptySlots(c: number): unknown[] {
  const slots = new Array<unknown>(2 * c)
  for (let i = 0; i < 2 * c; i += 2) {
    slots[i] = EMPTY
    slots[i + 1] = undefined
  }
  return slots
}

/**
 * Home slot of `key`: its low bits. The keys live at one time are mostly consecutive numbers (a
 * counter per endpoint), which low bits spread without collisions; keys of 2^32 and more share
 * slots with smaller ones, which probing resolves.
 */
function slotOf(key: number, mask: number): number {
  return (key >>> 0) & mask
}
