// HPU memory of released execution contexts, kept by size for the next context of that size: an
// offloaded receive's context has the same size as the last one of its type, and a fresh
// Uint8Array of more than a few dozen bytes is an off-heap allocation (about 2% of a forced
// rendezvous run's time at one per message). Handed out zeroed, as a new array would be.

/** Arrays kept per size; sizes kept at most (the least recently given back go first). */
const PER_SIZE = 16
const SIZES = 8

/** Whether pools created from now on reuse memory (tests turn it off to compare). */
let reuseByDefault = true

/** Tests only: false makes pools created afterwards never hand memory out again. Returns the previous setting. */
export function setHpuMemoryReuse(on: boolean): boolean {
  const was = reuseByDefault
  reuseByDefault = on
  return was
}

export class HpuMemoryPool {
  private readonly bySize = new Map<number, Uint8Array[]>()
  private readonly reuse = reuseByDefault

  /** Zeroed memory of `bytes` from the pool, or null (the caller allocates). */
  take(bytes: number): Uint8Array | null {
    const list = this.bySize.get(bytes)
    if (list === undefined || list.length === 0) return null
    return list.pop()!
  }

  /** Memory no handler can use any more: zeroed now and kept for a context of its size. */
  give(mem: Uint8Array): void {
    const bytes = mem.length
    if (!this.reuse || bytes === 0) return
    let list = this.bySize.get(bytes)
    if (list === undefined) {
      if (this.bySize.size >= SIZES) this.bySize.delete(this.bySize.keys().next().value as number)
      list = []
      this.bySize.set(bytes, list)
    }
    if (list.length >= PER_SIZE) return
    mem.fill(0)
    list.push(mem)
  }
}
