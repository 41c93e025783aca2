// What each rank is blocked on, for the deadlock report.

/** A blocked-on operation that describes itself only when a report needs the text. */
export interface Described {
  readonly description: string
}

export interface PendingLike {
  around<T>(what: string | readonly (string | Described)[], p: Promise<T>): Promise<T>
}

/**
 * The pending list of a communicator's hidden collective context: while a collective runs, the
 * report names the user's call (registered by the communicator), not its internal messages.
 */
export const UNLISTED: PendingLike = { around: (_d, p) => p }

export class PendingOps implements PendingLike {
  private readonly ops = new Map<number, string | Described>()
  private next = 0

  /** Lists `what` (its descriptions are taken when the list is read) until `p` settles. */
  async around<T>(what: string | readonly (string | Described)[], p: Promise<T>): Promise<T> {
    // ids are consecutive, so the first and the count name them all
    const first = this.next
    if (typeof what === 'string') {
      this.ops.set(this.next++, what)
    } else {
      for (const d of what) this.ops.set(this.next++, d)
    }
    const end = this.next
    try {
      return await p
    } finally {
      for (let id = first; id < end; id++) this.ops.delete(id)
    }
  }

  list(): string[] {
    return [...this.ops.values()].map((d) => (typeof d === 'string' ? d : d.description))
  }
}
