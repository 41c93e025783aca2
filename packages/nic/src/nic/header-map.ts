// The inbound engine's messages in flight, keyed by their MessageHeader object. A JS Map under
// one insertion and one removal per message rebuilds its table every few messages (removed
// entries hold their slots until a rehash) and allocated ~130 B per message. This table is open
// addressing with linear probing and backward-shift deletion: it allocates only when it grows.
// Keys compare by identity; the home slot comes from the header's source and message id (unique
// per source), so a collision only costs a probe.

import type { MessageHeader } from './handler-api.js'

export class HeaderMap<V> {
  private keys: (MessageHeader | null)[]
  private values: (V | null)[]
  private mask: number
  size = 0

  constructor() {
    this.keys = new Array<MessageHeader | null>(16).fill(null)
    this.values = new Array<V | null>(16).fill(null)
    this.mask = 15
  }

  get(key: MessageHeader): V | undefined {
    const keys = this.keys
    for (let i = slotOf(key, this.mask); ; i = (i + 1) & this.mask) {
      const k = keys[i]
      if (k === key) return this.values[i]!
      if (k === null) return undefined
    }
  }

  set(key: MessageHeader, value: V): void {
    const keys = this.keys
    let i = slotOf(key, this.mask)
    for (; ; i = (i + 1) & this.mask) {
      const k = keys[i]
      if (k === key) {
        this.values[i] = value
        return
      }
      if (k === null) break
    }
    keys[i] = key
    this.values[i] = value
    if (++this.size * 2 > this.mask + 1) this.grow()
  }

  /** Removes key; true if it was there. */
  delete(key: MessageHeader): boolean {
    const keys = this.keys
    const values = this.values
    const mask = this.mask
    let i = slotOf(key, mask)
    for (; ; i = (i + 1) & mask) {
      const k = keys[i]
      if (k === key) break
      if (k === null) return false
    }
    // backward shift: later entries of the probe run move into the hole unless their home lies
    // cyclically in (hole, j]
    let hole = i
    for (let j = (i + 1) & mask; keys[j] !== null; j = (j + 1) & mask) {
      const home = slotOf(keys[j]!, mask)
      const between = hole <= j ? home > hole && home <= j : home > hole || home <= j
      if (between) continue
      keys[hole] = keys[j]!
      values[hole] = values[j]!
      hole = j
    }
    keys[hole] = null
    values[hole] = null
    this.size--
    return true
  }

  private grow(): void {
    const oldKeys = this.keys
    const oldValues = this.values
    const c = 2 * (this.mask + 1)
    this.keys = new Array<MessageHeader | null>(c).fill(null)
    this.values = new Array<V | null>(c).fill(null)
    this.mask = c - 1
    this.size = 0
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== null) this.set(oldKeys[i]!, oldValues[i]!)
  }
}

/** Home slot of a header: its message id mixed with its source (Knuth's multiplicative hash). */
function slotOf(h: MessageHeader, mask: number): number {
  return (Math.imul(h.messageId ^ Math.imul(h.source, 0x27d4eb2d), 0x9e3779b1) >>> 16) & mask
}
