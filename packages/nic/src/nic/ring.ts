// A growable FIFO ring buffer; steady-state push/shift allocate nothing.

export class Ring<T> {
  private items: (T | undefined)[]
  private head = 0
  length = 0

  constructor(capacity = 16) {
    this.items = new Array(capacity)
  }

  push(item: T): void {
    if (this.length === this.items.length) this.grow()
    this.items[(this.head + this.length) % this.items.length] = item
    this.length++
  }

  shift(): T | undefined {
    if (this.length === 0) return undefined
    const item = this.items[this.head]
    this.items[this.head] = undefined
    this.head = (this.head + 1) % this.items.length
    this.length--
    return item
  }

  peek(): T | undefined {
    return this.length === 0 ? undefined : this.items[this.head]
  }

  private grow(): void {
    const n = this.items.length
    const next: (T | undefined)[] = new Array(n * 2)
    for (let i = 0; i < this.length; i++) next[i] = this.items[(this.head + i) % n]
    this.items = next
    this.head = 0
  }
}
