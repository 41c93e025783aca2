// A growable FIFO ring buffer; steady-state push/shift allocate nothing. The capacity is a power
// of two so that wrapping is a mask, not a division.

export class Ring<T> {
  private items: (T | undefined)[]
  private mask: number
  private head = 0
  length = 0

  constructor(capacity = 16) {
    let n = 2
    while (n < capacity) n *= 2
    this.items = new Array<T | undefined>(n).fill(undefined)
    this.mask = n - 1
  }

  push(item: T): void {
    if (this.length > this.mask) this.grow()
    this.items[(this.head + this.length) & this.mask] = item
    this.length++
  }

  shift(): T | undefined {
    if (this.length === 0) return undefined
    const item = this.items[this.head]
    this.items[this.head] = undefined
    this.head = (this.head + 1) & this.mask
    this.length--
    return item
  }

  peek(): T | undefined {
    return this.length === 0 ? undefined : this.items[this.head]
  }

  private grow(): void {
    const n = this.items.length
    const next = new Array<T | undefined>(n * 2).fill(undefined)
    for (let i = 0; i < this.length; i++) next[i] = this.items[(this.head + i) & this.mask]
    this.items = next
    this.mask = n * 2 - 1
    this.head = 0
  }
}
