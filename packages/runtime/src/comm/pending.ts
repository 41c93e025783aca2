// What each rank is blocked on, for the deadlock report.

export interface PendingLike {
  around<T>(description: string | readonly string[], p: Promise<T>): Promise<T>
}

/**
 * The pending list of a communicator's hidden collective context: while a collective runs, the
 * report names the user's call (registered by the communicator), not its internal messages.
 */
export const UNLISTED: PendingLike = { around: (_d, p) => p }

export class PendingOps implements PendingLike {
  private readonly ops = new Map<number, string>()
  private next = 0

  /** Lists `description` until `p` settles. */
  async around<T>(description: string | readonly string[], p: Promise<T>): Promise<T> {
    const ids: number[] = []
    for (const d of typeof description === 'string' ? [description] : description) {
      const id = this.next++
      this.ops.set(id, d)
      ids.push(id)
    }
    try {
      return await p
    } finally {
      for (const id of ids) this.ops.delete(id)
    }
  }

  list(): string[] {
    return [...this.ops.values()]
  }
}
