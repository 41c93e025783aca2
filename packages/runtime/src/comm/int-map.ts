// A map from non-negative integer keys to values, for the endpoint's routes (userPtr -> handler,
// message id -> send completion): an entry is made and removed per message. A JS Map under that
// churn rebuilds its table every few insertions (removed entries keep their slots until a rehash)
// and allocated a few hundred bytes per message. Open addressing with linear probing and
// backward-shift deletion allocates only when it grows (load above one half).

const EMPTY = -1

export class IntMap<V> {
  private keys: Float64Array
  private values: (V | undefined)[]
  private mask: number
  size = 0

  constructor(capacity = 16) {
    let c = 16
    while (c < 2 * capacity) c *= 2
    this.keys = new Float64Array(c).fill(EMPTY)
    this.values = new Array<V | undefined>(c).fill(undefined)
    this.mask = c - 1
  }

  get(key: number): V | undefined {
    const keys = this.keys
    for (let i = slotOf(key, this.mask); ; i = (i + 1) & this.mask) {
      const k = keys[i]!
      if (k === key) return this.values[i]
      if (k === EMPTY) return undefined
    }
  }

  has(key: number): boolean {
    const keys = this.keys
    for (let i = slotOf(key, this.mask); ; i = (i + 1) & this.mask) {
      const k = keys[i]!
      if (k === key) return true
      if (k === EMPTY) return false
    }
  }

  /** Sets key (an integer >= 0) to value. */
  set(key: number, value: V): void {
    if (!(Number.isInteger(key) && key >= 0)) throw new RangeError(`IntMap: key ${key} is not a non-negative integer`)
    const keys = this.keys
    let i = slotOf(key, this.mask)
    for (; ; i = (i + 1) & this.mask) {
      const k = keys[i]!
      if (k === key) {
        this.values[i] = value
        return
      }
      if (k === EMPTY) break
    }
    keys[i] = key
    this.values[i] = value
    if (++this.size * 2 > keys.length) this.grow()
  }

  /** Removes key; true if it was there. */
  delete(key: number): boolean {
    const keys = this.keys
    const mask = this.mask
    let i = slotOf(key, mask)
    for (; ; i = (i + 1) & mask) {
      const k = keys[i]!
      if (k === key) break
      if (k === EMPTY) return false
    }
    // backward shift: move later entries of the probe run into the hole when their home allows
    let hole = i
    for (let j = (i + 1) & mask; keys[j] !== EMPTY; j = (j + 1) & mask) {
      const home = slotOf(keys[j]!, mask)
      // the entry at j may fill the hole unless its home lies cyclically in (hole, j]
      const between = hole <= j ? home > hole && home <= j : home > hole || home <= j
      if (between) continue
      keys[hole] = keys[j]!
      this.values[hole] = this.values[j]
      hole = j
    }
    keys[hole] = EMPTY
    this.values[hole] = undefined
    this.size--
    return true
  }

  private grow(): void {
    const oldKeys = this.keys
    const oldValues = this.values
    const c = oldKeys.length * 2
    this.keys = new Float64Array(c).fill(EMPTY)
    this.values = new Array<V | undefined>(c).fill(undefined)
    this.mask = c - 1
    this.size = 0
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== EMPTY) this.set(oldKeys[i]!, oldValues[i] as V)
  }
}

/**
 * Home slot of `key`: its low bits. The keys live at one time are mostly consecutive numbers (a
 * counter per endpoint), which low bits spread without collisions; keys of 2^32 and more share
 * slots with smaller ones, which probing resolves.
 */
function slotOf(key: number, mask: number): number {
  return (key >>> 0) & mask
}
